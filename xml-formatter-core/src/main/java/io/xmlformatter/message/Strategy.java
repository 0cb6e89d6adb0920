package io.xmlformatter.message;

/**
 * Which records of an exchange are written, and with or without their bodies; decided once the exchange's
 * outcome is known (records written later are held until then, with their captured bodies). An exchange
 * <em>fails</em> when a fault is sent or received, its HTTP status is at or above the logger's fault status, an
 * adapter reports an exception, or it ends without a response; it is <em>slow</em> when it takes at least the
 * logger's slow threshold.
 */
public enum Strategy {
    /** Every record with its body, written as soon as it is made (the default). */
    ALWAYS,
    /** Every record, without bodies: facts and headers only. Nothing is captured. */
    WITHOUT_BODY,
    /** Every record; bodies only for exchanges that fail or are slow (when a slow threshold is set). */
    BODY_ON_FAILURE,
    /** Records with bodies only for exchanges that fail or are slow (when a slow threshold is set); none else. */
    FAILED_ONLY,
    /** Records with bodies only for exchanges at least as slow as the slow threshold; none else. */
    SLOW_ONLY
}
