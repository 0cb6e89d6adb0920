package io.xmlformatter;

/**
 * The first thing a run found that is not well-formed: what and where. Later problems are not kept (a document is
 * either well-formed or not; the first problem is the one a reader can act on). One per run's
 * {@link RunParts}, shared by the run and its parts; {@link #reset} starts it over for each run.
 */
final class Problems {
    private Input in;
    /** Whether the input was cut before the end (a stream over its maximum): its end is then no error. */
    private boolean inputCut;
    /** The first problem, or null. */
    String what;
    /** Where {@link #what} was found, in chars from the input's start; -1 without one. */
    int offset;

    /** Starts over for a run over {@code in}. */
    void reset(Input in, boolean inputCut) {
        this.in = in;
        this.inputCut = inputCut;
        what = null;
        offset = -1;
    }

    /** Notes {@code what} at {@code at} unless a problem was noted before. */
    void at(int at, String what) {
        if (this.what == null) {
            this.what = what;
            offset = at - in.start;
        }
    }

    /** A problem that only the end of the input shows: none when the input was cut on purpose. */
    void atEnd(int at, String what) {
        if (!inputCut || at < in.end) {
            at(at, what);
        }
    }
}
