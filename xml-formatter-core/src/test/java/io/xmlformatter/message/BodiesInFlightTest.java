package io.xmlformatter.message;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** An exchange's bodies in flight alone: the end waits for the last body, and the request's is settled once. */
class BodiesInFlightTest {
    /** A capture finished by the test: settling finishes it with what it has. */
    private static final class Capture implements PendingBody {
        private final List<Consumer<CapturedBody>> actions = new ArrayList<>();
        int settled;

        @Override
        public void whenDone(Consumer<CapturedBody> action) {
            actions.add(action);
        }

        @Override
        public void settle() {
            settled++;
            done();
        }

        void done() {
            actions.forEach(a -> a.accept(CapturedBody.of(new byte[] {'x'})));
            actions.clear();
        }
    }

    private final BodiesInFlight bodies = new BodiesInFlight();
    private final List<String> events = new ArrayList<>();

    @Test
    void theEndAskedWhileBodiesAreCapturedComesAfterTheLastOne() {
        Capture request = new Capture();
        Capture response = new Capture();
        bodies.whenDone(request, b -> events.add("request"), () -> events.add("end"));
        bodies.whenDone(response, b -> events.add("response"), () -> events.add("end"));
        assertTrue(bodies.endWaits(), "two bodies still being captured");
        request.done();
        assertEquals(List.of("request"), events, "one is still being captured");
        response.done();
        assertEquals(List.of("request", "response", "end"), events);
        assertFalse(bodies.endWaits(), "none left");
    }

    @Test
    void noEndRunsWhenNoneWasAskedAndTheRequestIsSettledOnce() {
        Capture request = new Capture();
        bodies.request(request);
        bodies.whenDone(request, b -> events.add("request"), () -> events.add("end"));
        bodies.settleRequest();
        bodies.settleRequest();
        assertEquals(1, request.settled, "settled when the response came; the end finds nothing to settle");
        assertEquals(List.of("request"), events, "the end was not asked");
    }
}
