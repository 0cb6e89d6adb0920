package io.xmlformatter.message;

import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.spi.ToolProvider;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The classes of {@code io.xmlformatter.message} as {@code jdeps -verbose:class} sees them (nested classes folded into
 * their top-level class): no cycle but the one issue 64 still has to take apart (the builder and its logger), and that
 * no larger.
 */
class MessageCyclesTest {
    private static final Set<Set<String>> LEFT = Set.of(Set.of("MessageLogger", "MessageLoggerBuilder"));

    @Test
    void thePackageHasNoOtherClassCycle() {
        StringWriter out = new StringWriter();
        int exit = ToolProvider.findFirst("jdeps").orElseThrow().run(new PrintWriter(out), new PrintWriter(out),
                "-verbose:class", "-filter:none", "target/classes");
        assertEquals(0, exit, out.toString());
        Map<String, Set<String>> uses = new TreeMap<>();
        Matcher m = Pattern.compile("io\\.xmlformatter\\.message\\.(\\w+)\\S*\\s+->\\s+io\\.xmlformatter\\.message\\."
                + "(\\w+)").matcher(out.toString());
        while (m.find()) {
            if (!m.group(1).equals(m.group(2))) {
                uses.computeIfAbsent(m.group(1), k -> new TreeSet<>()).add(m.group(2));
            }
        }
        assertEquals(LEFT, cycles(uses));
    }

    /** The strongly connected components of more than one class (Tarjan's). */
    private static Set<Set<String>> cycles(Map<String, Set<String>> uses) {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        Set<Set<String>> found = new HashSet<>();
        for (String v : uses.keySet()) {
            if (!index.containsKey(v)) {
                visit(v, uses, index, low, stack, found);
            }
        }
        return found;
    }

    private static void visit(String v, Map<String, Set<String>> uses, Map<String, Integer> index,
            Map<String, Integer> low, Deque<String> stack, Set<Set<String>> found) {
        index.put(v, index.size());
        low.put(v, index.get(v));
        stack.push(v);
        for (String w : uses.getOrDefault(v, Set.of())) {
            if (!index.containsKey(w)) {
                visit(w, uses, index, low, stack, found);
                low.put(v, Math.min(low.get(v), low.get(w)));
            } else if (stack.contains(w)) {
                low.put(v, Math.min(low.get(v), index.get(w)));
            }
        }
        if (low.get(v).equals(index.get(v))) {
            List<String> component = new ArrayList<>();
            String w;
            do {
                w = stack.pop();
                component.add(w);
            } while (!w.equals(v));
            if (component.size() > 1) {
                found.add(new TreeSet<>(component));
            }
        }
    }
}
