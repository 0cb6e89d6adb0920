package io.xmlformatter.webflux;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.util.ResourceLeakDetector;
import org.slf4j.LoggerFactory;
import reactor.blockhound.BlockHound;

import java.util.List;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What every test here runs under: BlockHound (a blocking call on a non-blocking thread fails the exchange), and
 * Netty's leak detector tracking every buffer, its reports collected.
 */
final class Checks {
    private static final ListAppender<ILoggingEvent> LEAKS = new ListAppender<>();
    private static boolean installed;

    private Checks() {
    }

    static synchronized void install() {
        if (installed) {
            return;
        }
        installed = true;
        assertEquals(ResourceLeakDetector.Level.PARANOID, ResourceLeakDetector.getLevel());
        BlockHound.install();
        Logger detector = (Logger) LoggerFactory.getLogger(ResourceLeakDetector.class);
        LEAKS.start();
        detector.addAppender(LEAKS);
        detector.setLevel(Level.ERROR);
    }

    /** No buffer was leaked: a collection, then allocations that make the detector report what it found. */
    static void noLeaks() throws InterruptedException {
        for (int round = 0; round < 3; round++) {
            System.gc();
            Thread.sleep(0);
            for (int i = 0; i < 256; i++) {
                ByteBuf b = PooledByteBufAllocator.DEFAULT.buffer(16);
                b.release();
            }
        }
        List<String> leaks;
        synchronized (LEAKS) {
            leaks = LEAKS.list.stream().map(ILoggingEvent::getFormattedMessage).collect(Collectors.toList());
        }
        assertTrue(leaks.isEmpty(), () -> "buffers leaked: " + leaks);
    }
}
