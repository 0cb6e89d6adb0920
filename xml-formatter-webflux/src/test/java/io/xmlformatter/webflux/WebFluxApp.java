package io.xmlformatter.webflux;

import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.HttpHandler;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.adapter.WebHttpHandlerBuilder;
import org.springframework.web.reactive.handler.WebFluxResponseStatusExceptionHandler;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import java.util.zip.GZIPOutputStream;

/** The WebFlux application the tests call: functional routes, the filters given, on any server. */
final class WebFluxApp {
    /** The size of {@code /big}'s response. */
    static final int BIG = 16 << 20;
    static final String ACCOUNT = "{\"account\":\"DE-1\",\"password\":\"pw-secret-gz\"}";
    /** Released by a test once it has the first event of {@code /stream} or {@code /stream-long}, or for {@code /slow}. */
    volatile Sinks.Empty<Void> gate = Sinks.empty();
    /** The demand {@code /counted}'s body met, request by request. */
    final List<Long> demand = new CopyOnWriteArrayList<>();
    /** The client {@code /proxy} calls {@code /echo} with; its base URL. */
    volatile WebClient client;
    volatile String base;

    /** The application's handler, the filters in front of it. */
    HttpHandler handler(WebFilter... filters) {
        return WebHttpHandlerBuilder.webHandler(RouterFunctions.toWebHandler(routes())).filters(f -> f.addAll(
                List.of(filters))).exceptionHandler(new WebFluxResponseStatusExceptionHandler()).build();
    }

    private RouterFunction<ServerResponse> routes() {
        return RouterFunctions.route()
                .POST("/echo", r -> r.bodyToMono(byte[].class).defaultIfEmpty(new byte[0]).flatMap(b ->
                        ServerResponse.ok().contentType(r.headers().contentType().orElse(MediaType.TEXT_PLAIN))
                                .bodyValue(b)))
                .POST("/form", r -> r.formData().flatMap(f -> ServerResponse.ok().bodyValue("fields " + f.size())))
                .GET("/stream", r -> ServerResponse.ok().contentType(MediaType.TEXT_EVENT_STREAM).body(
                        Flux.concat(Mono.just("{\"n\":1}"), Mono.defer(() -> gate.asMono())
                                .thenReturn("{\"n\":2}")), String.class))
                .GET("/stream-long", r -> ServerResponse.ok().contentType(MediaType.TEXT_EVENT_STREAM).body(
                        Flux.concat(Mono.just("{\"n\":\"" + "x".repeat(3000) + "\"}"),
                                Mono.defer(() -> gate.asMono()).thenReturn("{\"n\":2}")), String.class))
                .GET("/counted", r -> ServerResponse.ok().contentType(MediaType.TEXT_PLAIN).body(
                        Flux.range(0, 64).map(i -> "line " + i + "\n").doOnRequest(demand::add), String.class))
                .GET("/slow", r -> Mono.defer(() -> gate.asMono()).then(ServerResponse.ok().bodyValue("late")))
                .POST("/slow-post", r -> r.bodyToMono(String.class).then(Mono.defer(() -> gate.asMono()))
                        .then(ServerResponse.ok().bodyValue("late")))
                .GET("/mdc", r -> Mono.fromSupplier(() -> String.valueOf(org.slf4j.MDC.get("correlationId")))
                        .publishOn(reactor.core.scheduler.Schedulers.boundedElastic())
                        .map(id -> id + " " + org.slf4j.MDC.get("correlationId"))
                        .flatMap(s -> ServerResponse.ok().bodyValue(s)))
                .GET("/boom", r -> Mono.error(new IllegalStateException("boom")))
                .GET("/missing", r -> Mono.error(new ResponseStatusException(HttpStatus.NOT_FOUND)))
                .GET("/gzip", r -> ServerResponse.ok().contentType(MediaType.APPLICATION_JSON)
                        .header("Content-Encoding", "gzip").bodyValue(gzip(ACCOUNT)))
                .GET("/big", r -> ServerResponse.ok().contentType(MediaType.APPLICATION_NDJSON)
                        .body((message, context) -> message.writeWith(big(message::bufferFactory))))
                .POST("/count", r -> r.bodyToFlux(DataBuffer.class).map(b -> {
                    int n = b.readableByteCount();
                    org.springframework.core.io.buffer.DataBufferUtils.release(b);
                    return (long) n;
                }).reduce(0L, Long::sum).flatMap(n -> ServerResponse.ok().bodyValue("bytes " + n)))
                .GET("/blocking", r -> Mono.fromCallable(() -> {
                    Thread.sleep(1);
                    return "slept";
                }).flatMap(s -> ServerResponse.ok().bodyValue(s)))
                .POST("/proxy", r -> r.bodyToMono(String.class).flatMap(b -> client.post().uri(base + "/echo")
                        .contentType(MediaType.APPLICATION_JSON).bodyValue(b).retrieve().bodyToMono(String.class))
                        .flatMap(s -> ServerResponse.ok().contentType(MediaType.APPLICATION_JSON).bodyValue(s)))
                .build();
    }

    /** {@link #BIG} bytes of JSON-ish text in 64 KiB buffers, made as they are asked for. */
    static Flux<DataBuffer> big(Supplier<org.springframework.core.io.buffer.DataBufferFactory> factory) {
        byte[] chunk = "{\"n\":\"0123456789abcdef\"}\n".repeat(2730).getBytes(StandardCharsets.UTF_8);
        int chunks = BIG / chunk.length;
        return Flux.range(0, chunks).map(i -> factory.get().wrap(chunk));
    }

    /** The same, for a request body. */
    static Flux<DataBuffer> big() {
        return big(() -> DefaultDataBufferFactory.sharedInstance);
    }

    static byte[] gzip(String text) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(out)) {
            z.write(text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }
}
