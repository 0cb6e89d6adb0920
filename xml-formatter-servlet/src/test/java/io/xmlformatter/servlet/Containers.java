package io.xmlformatter.servlet;

import io.undertow.Undertow;
import io.undertow.servlet.Servlets;
import io.undertow.servlet.api.DeploymentInfo;
import io.undertow.servlet.api.DeploymentManager;
import io.undertow.servlet.util.ImmediateInstanceFactory;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.http.HttpServlet;
import org.apache.catalina.Context;
import org.apache.catalina.Wrapper;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.core.StandardContext;
import org.apache.catalina.startup.Tomcat;
import org.apache.tomcat.util.descriptor.web.ErrorPage;
import org.apache.tomcat.util.descriptor.web.FilterDef;
import org.apache.tomcat.util.descriptor.web.FilterMap;
import org.eclipse.jetty.ee10.servlet.ErrorPageErrorHandler;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.util.EnumSet;
import java.util.Map;

/**
 * The three servlet containers Spring Boot embeds, started on 127.0.0.1 with one application: the filter on every
 * path for every dispatch (a filter is asked to log forwards, includes, asynchronous and error dispatches too), the
 * servlets by path, an error page for exceptions and for 404.
 */
final class Containers {
    private Containers() {
    }

    /** A running container: its port, and how to stop it. */
    interface Running extends AutoCloseable {
        int port();
    }

    /** Starts one container serving {@code servlets} (mapping → servlet) behind {@code filter}. */
    interface Starter {
        Running start(Filter filter, Map<String, HttpServlet> servlets) throws Exception;
    }

    static Running tomcat(Filter filter, Map<String, HttpServlet> servlets) throws Exception {
        return tomcat(filter, servlets, Map.of());
    }

    /** Tomcat, the filter given {@code init} as its init parameters (as in {@code web.xml}). */
    static Running tomcat(Filter filter, Map<String, HttpServlet> servlets, Map<String, String> init)
            throws Exception {
        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(Files.createTempDirectory("tomcat").toString());
        Connector connector = new Connector();
        connector.setPort(0);
        connector.setProperty("address", "127.0.0.1");
        tomcat.setConnector(connector);
        StandardContext context = (StandardContext) tomcat.addContext("", null);
        context.setClearReferencesObjectStreamClassCaches(false);
        context.setClearReferencesThreadLocals(false);
        context.setClearReferencesRmiTargets(false);
        FilterDef def = new FilterDef();
        def.setFilterName("xml-formatter");
        def.setFilter(filter);
        def.setAsyncSupported("true");
        init.forEach(def::addInitParameter);
        context.addFilterDef(def);
        FilterMap map = new FilterMap();
        map.setFilterName("xml-formatter");
        map.addURLPattern("/*");
        for (DispatcherType d : DispatcherType.values()) {
            map.setDispatcher(d.name());
        }
        context.addFilterMap(map);
        servlets(context, servlets);
        tomcat.start();
        return new Running() {
            @Override
            public int port() {
                return connector.getLocalPort();
            }

            @Override
            public void close() throws Exception {
                tomcat.stop();
                tomcat.destroy();
            }
        };
    }

    private static void servlets(Context context, Map<String, HttpServlet> servlets) {
        servlets.forEach((mapping, servlet) -> {
            String name = servletName(mapping);
            Wrapper w = Tomcat.addServlet(context, name, servlet);
            w.setAsyncSupported(true);
            w.setLoadOnStartup(1);
            context.addServletMappingDecoded(mapping, name);
        });
        ErrorPage exceptions = new ErrorPage();
        exceptions.setExceptionType(Throwable.class.getName());
        exceptions.setLocation("/error");
        context.addErrorPage(exceptions);
        ErrorPage missing = new ErrorPage();
        missing.setErrorCode(404);
        missing.setLocation("/error");
        context.addErrorPage(missing);
    }

    /** A servlet's name from its mapping: {@code /app/*} → {@code app}. */
    static String servletName(String mapping) {
        String name = mapping.replace("/*", "").replace("/", "");
        return name.isEmpty() ? "root" : name;
    }

    static Running jetty(Filter filter, Map<String, HttpServlet> servlets) throws Exception {
        Server server = new Server();
        ServerConnector connector = new ServerConnector(server);
        connector.setHost("127.0.0.1");
        connector.setPort(0);
        server.addConnector(connector);
        ServletContextHandler context = new ServletContextHandler("/");
        FilterHolder f = new FilterHolder(filter);
        f.setAsyncSupported(true);
        context.addFilter(f, "/*", EnumSet.allOf(DispatcherType.class));
        servlets.forEach((mapping, servlet) -> {
            ServletHolder h = new ServletHolder(servletName(mapping), servlet);
            h.setAsyncSupported(true);
            context.addServlet(h, mapping);
        });
        ErrorPageErrorHandler errors = new ErrorPageErrorHandler();
        errors.addErrorPage(Throwable.class, "/error");
        errors.addErrorPage(404, "/error");
        context.setErrorHandler(errors);
        server.setHandler(context);
        server.start();
        return new Running() {
            @Override
            public int port() {
                return connector.getLocalPort();
            }

            @Override
            public void close() throws Exception {
                server.stop();
            }
        };
    }

    static Running undertow(Filter filter, Map<String, HttpServlet> servlets) throws Exception {
        DeploymentInfo app = Servlets.deployment().setClassLoader(Containers.class.getClassLoader())
                .setContextPath("/").setDeploymentName("app")
                .addFilter(Servlets.filter("xml-formatter", Filter.class, new ImmediateInstanceFactory<>(filter))
                        .setAsyncSupported(true))
                .addErrorPage(new io.undertow.servlet.api.ErrorPage("/error", Throwable.class))
                .addErrorPage(new io.undertow.servlet.api.ErrorPage("/error", 404));
        for (DispatcherType d : DispatcherType.values()) {
            app.addFilterUrlMapping("xml-formatter", "/*", d);
        }
        servlets.forEach((mapping, servlet) -> app.addServlet(Servlets.servlet(servletName(mapping),
                HttpServlet.class, new ImmediateInstanceFactory<>(servlet)).addMapping(mapping)
                .setAsyncSupported(true).setLoadOnStartup(1)));
        DeploymentManager manager = Servlets.defaultContainer().addDeployment(app);
        manager.deploy();
        Undertow server = Undertow.builder().addHttpListener(0, "127.0.0.1").setHandler(manager.start()).build();
        server.start();
        return new Running() {
            @Override
            public int port() {
                return ((InetSocketAddress) server.getListenerInfo().get(0).getAddress()).getPort();
            }

            @Override
            public void close() throws Exception {
                server.stop();
                manager.stop();
                manager.undeploy();
            }
        };
    }
}
