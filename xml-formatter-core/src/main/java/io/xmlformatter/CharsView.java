package io.xmlformatter;

/**
 * Chars of an array as the value detectors read them ({@link ValueMasking}): one final type for every value, so the
 * detectors' {@code charAt} calls are inlined. Positions are the array's own. Reset for each run or value.
 */
final class CharsView implements CharSequence {
    private char[] buf = new char[0];
    private int length;

    /** Views {@code buf[0, length)}. */
    CharsView reset(char[] buf, int length) {
        this.buf = buf;
        this.length = length;
        return this;
    }

    /** The array viewed. */
    char[] array() {
        return buf;
    }

    @Override
    public int length() {
        return length;
    }

    @Override
    public char charAt(int index) {
        return buf[index];
    }

    @Override
    public CharSequence subSequence(int start, int end) {
        return new String(buf, start, end - start);
    }

    @Override
    public String toString() {
        return new String(buf, 0, length);
    }
}
