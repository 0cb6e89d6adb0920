package io.xmlformatter.servlet;

import io.xmlformatter.message.CapturedBody;
import jakarta.servlet.http.HttpServletRequest;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * A form's body as the container read it into parameters: the parameters that did not come from the query string,
 * in their order, encoded again as {@code application/x-www-form-urlencoded} in UTF-8 (masked by name like any form
 * body when logged).
 */
final class FormParameters {
    private FormParameters() {
    }

    static CapturedBody body(HttpServletRequest request) {
        Map<String, Integer> inQuery = new HashMap<>();
        String query = request.getQueryString();
        if (query != null) {
            for (String pair : query.split("&", -1)) {
                int eq = pair.indexOf('=');
                inQuery.merge(decoded(eq < 0 ? pair : pair.substring(0, eq)), 1, Integer::sum);
            }
        }
        StringBuilder form = new StringBuilder();
        for (Map.Entry<String, String[]> p : request.getParameterMap().entrySet()) {
            String[] values = p.getValue();
            for (int i = inQuery.getOrDefault(p.getKey(), 0); i < values.length; i++) {
                form.append(form.length() == 0 ? "" : "&").append(URLEncoder.encode(p.getKey(), StandardCharsets.UTF_8))
                        .append('=').append(URLEncoder.encode(values[i], StandardCharsets.UTF_8));
            }
        }
        return CapturedBody.of(form.toString().getBytes(StandardCharsets.UTF_8));
    }

    private static String decoded(String name) {
        try {
            return URLDecoder.decode(name, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return name;
        }
    }
}
