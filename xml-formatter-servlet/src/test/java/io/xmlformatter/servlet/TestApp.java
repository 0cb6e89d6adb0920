package io.xmlformatter.servlet;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.slf4j.MDC;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Collectors;

/** The application behind the filter, one behaviour per path under {@code /app/}. */
final class TestApp extends HttpServlet {
    private static final long serialVersionUID = 1L;
    /** The size of {@code /app/big}'s response. */
    static final int BIG = 16 << 20;
    /** Released by a test once it has the first line of {@code /app/stream}. */
    transient volatile CountDownLatch gate = new CountDownLatch(1);
    /** The correlation id in the MDC while the servlet ran. */
    transient volatile String correlationInMdc;
    private final transient ExecutorService pool = Executors.newCachedThreadPool();

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse res) throws ServletException, IOException {
        correlationInMdc = MDC.get("correlationId");
        Object included = req.getAttribute("jakarta.servlet.include.path_info");
        switch (included != null ? included.toString() : req.getPathInfo()) {
            case "/echo" -> {
                byte[] body = req.getInputStream().readAllBytes();
                res.setContentType(req.getContentType());
                res.getOutputStream().write(body);
            }
            case "/chars" -> {
                String text = req.getReader().lines().collect(Collectors.joining("\n"));
                res.setContentType("text/plain;charset=ISO-8859-1");
                res.getWriter().write("read: " + text);
            }
            case "/stream" -> {
                res.setContentType("text/plain");
                ServletOutputStream out = res.getOutputStream();
                out.write("first line\n".getBytes(StandardCharsets.US_ASCII));
                out.flush();
                try {
                    gate.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                out.write("second line\n".getBytes(StandardCharsets.US_ASCII));
            }
            case "/form" -> {
                res.setContentType("text/plain");
                res.getWriter().write("hello " + req.getParameter("user") + " from " + req.getParameter("site"));
            }
            case "/big" -> {
                long read = req.getInputStream().transferTo(OutputStream.nullOutputStream());
                res.setContentType("application/json");
                OutputStream out = res.getOutputStream();
                byte[] item = "{\"item\":\"0123456789abcdef0123456789abcdef\"},\n".getBytes(StandardCharsets.US_ASCII);
                out.write(("{\"read\":" + read + ",\"items\":[\n").getBytes(StandardCharsets.US_ASCII));
                for (int n = 0; n < BIG / item.length; n++) {
                    out.write(item);
                }
                out.write("{}]}".getBytes(StandardCharsets.US_ASCII));
            }
            case "/fail" -> throw new IllegalStateException("the application failed");
            case "/missing" -> res.sendError(404, "no such order");
            case "/unauthorized" -> res.setStatus(401);
            case "/redirect" -> res.sendRedirect("/app/hello");
            case "/flushed" -> {
                res.setContentType("text/plain");
                res.getWriter().write("committed ");
                res.flushBuffer();
                res.getWriter().write("then more");
            }
            case "/async-timeout" -> req.startAsync().setTimeout(1); // never completed: the container times it out
            case "/forward" -> req.getRequestDispatcher("/app/echo").forward(req, res);
            case "/include" -> {
                res.setContentType("text/plain");
                PrintWriter w = res.getWriter();
                w.write("[");
                req.getRequestDispatcher("/app/hello").include(req, res);
                w.write("]");
            }
            case "/hello" -> res.getWriter().write("hello");
            case "/async" -> {
                AsyncContext async = req.startAsync();
                pool.execute(() -> {
                    try {
                        byte[] body = async.getRequest().getInputStream().readAllBytes();
                        async.getResponse().setContentType("application/json");
                        async.getResponse().getOutputStream().write(body);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    } finally {
                        async.complete();
                    }
                });
            }
            case "/non-blocking" -> nonBlockingEcho(req, res);
            default -> res.sendError(404);
        }
    }

    @Override
    public void destroy() {
        pool.shutdownNow();
    }

    /** Reads the body through a ReadListener, then writes it back through a WriteListener. */
    private static void nonBlockingEcho(HttpServletRequest req, HttpServletResponse res) throws IOException {
        AsyncContext async = req.startAsync();
        ServletInputStream in = async.getRequest().getInputStream();
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        in.setReadListener(new ReadListener() {
            @Override
            public void onDataAvailable() throws IOException {
                byte[] buffer = new byte[1024];
                while (in.isReady() && !in.isFinished()) {
                    int n = in.read(buffer);
                    if (n < 0) {
                        break;
                    }
                    body.write(buffer, 0, n);
                }
            }

            @Override
            public void onAllDataRead() throws IOException {
                async.getResponse().setContentType("application/json");
                ServletOutputStream out = async.getResponse().getOutputStream();
                out.setWriteListener(new WriteListener() {
                    private boolean written;

                    @Override
                    public void onWritePossible() throws IOException {
                        if (!written && out.isReady()) {
                            written = true;
                            out.write(body.toByteArray());
                        }
                        if (written && out.isReady()) {
                            async.complete();
                        }
                    }

                    @Override
                    public void onError(Throwable t) {
                        async.complete();
                    }
                });
            }

            @Override
            public void onError(Throwable t) {
                async.complete();
            }
        });
    }

    /** The error page: says so, with the status the container gives it. */
    static final class ErrorPage extends HttpServlet {
        private static final long serialVersionUID = 1L;

        @Override
        protected void service(HttpServletRequest req, HttpServletResponse res) throws IOException {
            res.setContentType("text/plain");
            res.getWriter().write("error page for " + req.getAttribute("jakarta.servlet.error.request_uri"));
        }
    }
}
