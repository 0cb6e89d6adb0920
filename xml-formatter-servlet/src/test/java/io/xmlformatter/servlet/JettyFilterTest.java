package io.xmlformatter.servlet;

/** The filter in an embedded Jetty. */
class JettyFilterTest extends FilterContract {
    @Override
    Containers.Starter container() {
        return Containers::jetty;
    }
}
