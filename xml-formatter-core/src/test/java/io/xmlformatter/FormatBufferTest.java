package io.xmlformatter;

import org.junit.jupiter.api.Test;

import java.io.StringWriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The output buffer alone: appends, growth, the ways out, and the thread's reuse of it. */
class FormatBufferTest {
    @Test
    void appendsGrowTheArrayAndKeepWhatWasWritten() {
        FormatBuffer b = new FormatBuffer(1);
        b.append("ab").append('c').append(42L).append("xyz".toCharArray(), 1, 2);
        assertEquals("abc42yz", b.toString());
        assertEquals(7, b.length());
        assertEquals('4', b.charAt(3));
        assertThrows(IndexOutOfBoundsException.class, () -> b.charAt(7), "nothing past the content is read");
        String big = "x".repeat(10_000);
        b.append(big);
        assertEquals("abc42yz" + big, b.toString());
        b.setLength(3);
        assertEquals("abc", b.toString());
        b.clear();
        assertEquals("", b.toString());
    }

    @Test
    void theContentGoesOutWholeEveryWay() {
        for (String s : new String[] {"short \u00e9", "long \u20ac ".repeat(100)}) { // both sides of the 256 switch
            FormatBuffer b = new FormatBuffer().append(s);
            StringBuilder sb = new StringBuilder("pre:");
            b.appendTo(sb);
            assertEquals("pre:" + s, sb.toString());
            StringWriter w = new StringWriter();
            try {
                b.writeTo(w);
                StringBuilder any = new StringBuilder();
                b.writeTo(any);
                assertEquals(s, any.toString());
            } catch (java.io.IOException e) {
                throw new AssertionError(e);
            }
            assertEquals(s, w.toString());
        }
    }

    @Test
    void aThreadGetsItsBufferBackEmptyUnlessItGrewTooLarge() {
        FormatBuffer first = FormatBuffer.forThisThread();
        first.append("left over");
        first.release();
        FormatBuffer again = FormatBuffer.forThisThread();
        assertSame(first, again);
        assertEquals(0, again.length(), "emptied for the next call");
        assertNotSame(again, FormatBuffer.forThisThread(), "while taken, a nested call gets another");
        again.append("y".repeat(FormatBuffer.MAX_KEPT + 1));
        again.release();
        assertNotSame(again, FormatBuffer.forThisThread(), "a buffer over the limit is not kept");
    }

    @Test
    void stringInputIsCopiedIntoAnArrayKeptForTheNext() {
        FormatBuffer b = new FormatBuffer();
        char[] a = b.chars("<a/>");
        assertEquals("<a/>", new String(a, 0, 4));
        assertSame(a, b.chars(new StringBuilder("<b/>")), "reused while it has room");
        assertEquals("<b/>", new String(a, 0, 4));
        assertNotSame(a, b.chars("z".repeat(1000)), "grown when it has not");
    }
}
