package io.xmlformatter.benchmarks;

import org.zalando.logbook.Logbook;
import org.zalando.logbook.core.DefaultHttpLogFormatter;
import org.zalando.logbook.core.DefaultHttpLogWriter;
import org.zalando.logbook.core.DefaultSink;
import org.zalando.logbook.json.JsonBodyFilters;

import java.util.Set;

/** Zalando Logbook as the benchmarks compare against it: its JSON body filter masking {@code password}. */
final class Logbooks {
    private Logbooks() {
    }

    /** Logbook with its JSON body filter on {@code password}, its HTTP text format, its writer (at TRACE). */
    static Logbook passwordFiltered() {
        return Logbook.builder().bodyFilter(JsonBodyFilters.replaceJsonStringProperty(Set.of("password"), "XXX"))
                .sink(new DefaultSink(new DefaultHttpLogFormatter(), new DefaultHttpLogWriter())).build();
    }
}
