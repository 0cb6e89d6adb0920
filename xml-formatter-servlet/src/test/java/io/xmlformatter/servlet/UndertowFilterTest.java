package io.xmlformatter.servlet;

/** The filter in an embedded Undertow. */
class UndertowFilterTest extends FilterContract {
    @Override
    Containers.Starter container() {
        return Containers::undertow;
    }
}
