package io.xmlformatter.spring.boot;

import io.xmlformatter.message.ExchangeMatch;
import io.xmlformatter.message.LiveRule;
import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.message.Options;
import org.springframework.boot.actuate.endpoint.annotation.DeleteOperation;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;
import org.springframework.util.MimeType;

import java.time.DateTimeException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The actuator endpoint {@code xmlformatter}: the options in force and the rules added while running (read); a rule
 * added for a while (write: {@code match}, {@code options} and {@code lasting}, e.g. {@code "operation=pay"},
 * {@code "exchange.strategy=ALWAYS"}, {@code "10m"}); a rule removed (delete {@code /xmlformatter/{id}}). Off unless
 * exposed ({@code management.endpoints.web.exposure.include=xmlformatter}) and secured as the application secures its
 * actuator endpoints: it changes what is logged.
 */
@Endpoint(id = "xmlformatter")
public class XmlFormatterEndpoint {
    private static final MimeType PROBLEM = MimeType.valueOf("application/problem+json");
    private final MessageLogger logger;

    XmlFormatterEndpoint(MessageLogger logger) {
        this.logger = logger;
    }

    /** The options not at their default (a secret as {@code [hidden]}) and the rules added while running. */
    @ReadOperation
    public Map<String, Object> state() {
        Map<String, Object> state = new LinkedHashMap<>();
        state.put("options", logger.options().changed());
        List<Map<String, Object>> rules = new ArrayList<>();
        for (LiveRule r : logger.liveRules()) {
            rules.add(describe(r));
        }
        state.put("rules", rules);
        return state;
    }

    /**
     * Adds a rule for a while.
     *
     * @param match which exchanges: {@code service}, {@code operation}, {@code path}, {@code method},
     *         {@code soap-action} as {@code key=value} pairs separated by {@code ;}
     * @param options what changes for them, {@code property=value} pairs separated by {@code ;}
     * @param lasting how long, e.g. {@code 10m} (at most a day)
     * @return the rule, with its id; or, for a wrong match, option, value or duration, or options that would mask
     *         less than the logger does, a 400 whose body (RFC 9457 problem details, as Boot's) names what is wrong
     */
    @WriteOperation
    public WebEndpointResponse<Map<String, Object>> addRule(String match, String options, String lasting) {
        try {
            return new WebEndpointResponse<>(describe(logger.addRule(ExchangeMatch.of(Options.pairs(match)),
                    Options.pairs(options), Options.duration(lasting))));
        } catch (IllegalArgumentException | DateTimeException e) {
            Map<String, Object> problem = new LinkedHashMap<>();
            problem.put("type", "about:blank");
            problem.put("title", "Bad Request");
            problem.put("status", WebEndpointResponse.STATUS_BAD_REQUEST);
            problem.put("detail", e.getMessage());
            return new WebEndpointResponse<>(problem, WebEndpointResponse.STATUS_BAD_REQUEST, PROBLEM);
        }
    }

    /** Removes a rule added while running; {@code removed} false when there is none of this id. */
    @DeleteOperation
    public Map<String, Object> removeRule(@Selector String id) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("id", id);
        r.put("removed", logger.removeRule(id));
        return r;
    }

    private static Map<String, Object> describe(LiveRule r) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("id", r.id());
        d.put("match", r.match().toString());
        d.put("options", r.options());
        d.put("expires", r.expires().toString());
        return d;
    }
}
