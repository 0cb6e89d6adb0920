package io.xmlformatter.servlet;

/** The filter in an embedded Tomcat. */
class TomcatFilterTest extends FilterContract {
    @Override
    Containers.Starter container() {
        return Containers::tomcat;
    }
}
