package io.xmlformatter.message;

/**
 * The built-in {@link ExchangeStrategy strategies}: which records of an exchange are written, and with or without
 * their bodies; decided once the exchange's outcome is known (records written later are held until then, with their
 * captured bodies). An exchange <em>fails</em> when a fault is sent or received, its HTTP status is at or above the
 * logger's fault status, an adapter reports an exception, or it ends without a response; it is <em>slow</em> when it
 * takes at least the logger's slow threshold.
 */
public enum Strategy implements ExchangeStrategy {
    /** Every record with its body, written as soon as it is made (the default). */
    ALWAYS {
        @Override
        public boolean waitsForOutcome() {
            return false;
        }

        @Override
        public Decision decide(boolean notable) {
            return Decision.WITH_BODY;
        }
    },
    /** Every record, without bodies: facts and headers only. Nothing is captured. */
    WITHOUT_BODY {
        @Override
        public boolean capturesBodies() {
            return false;
        }

        @Override
        public boolean waitsForOutcome() {
            return false;
        }

        @Override
        public Decision decide(boolean notable) {
            return Decision.WITHOUT_BODY;
        }
    },
    /** Every record; bodies only for exchanges that fail or are slow (when a slow threshold is set). */
    BODY_ON_FAILURE {
        @Override
        public Decision decide(boolean notable) {
            return notable ? Decision.WITH_BODY : Decision.WITHOUT_BODY;
        }
    },
    /** Records with bodies only for exchanges that fail or are slow (when a slow threshold is set); none else. */
    FAILED_ONLY,
    /** Records with bodies only for exchanges at least as slow as the slow threshold; none else. */
    SLOW_ONLY {
        @Override
        public boolean notable(ExchangeOutcome outcome) {
            return outcome.slow();
        }
    };

    /** Records wait for the outcome (all but {@link #ALWAYS} and {@link #WITHOUT_BODY}). */
    @Override
    public boolean waitsForOutcome() {
        return true;
    }

    /** A failed or slow exchange is notable (for {@link #SLOW_ONLY}: a slow one). */
    @Override
    public boolean notable(ExchangeOutcome outcome) {
        return outcome.failed() || outcome.slow();
    }

    /** With its body when notable, else not written (for {@link #FAILED_ONLY} and {@link #SLOW_ONLY}). */
    @Override
    public Decision decide(boolean notable) {
        return notable ? Decision.WITH_BODY : Decision.NONE;
    }
}
