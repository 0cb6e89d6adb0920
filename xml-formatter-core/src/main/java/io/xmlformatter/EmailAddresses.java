package io.xmlformatter;

/**
 * E-mail addresses ({@link ValueDetector#emailAddresses()}): around each '@' (or {@code %40}, as a URL in text writes
 * it), a local part of letters, digits and {@code . _ % + - ' ! # $ * ^ ` { | } ~} before it, and a domain after it of
 * labels (letters, digits, '-') joined by dots, with at least one dot and a last label of two letters or more, or a
 * punycode one ({@code xn--p1ai}). The whole address is masked.
 */
final class EmailAddresses implements ValueDetector {
    static final EmailAddresses INSTANCE = new EmailAddresses();

    private EmailAddresses() {
    }

    @Override
    public void detect(CharSequence text, int from, int to, Detections found) {
        int searched = from;
        for (int at = from; at < to; at++) {
            int domain = atSignEnd(text, at, to);
            if (domain < 0) {
                continue;
            }
            int start = at;
            while (start > searched && isLocal(text.charAt(start - 1))) {
                start--;
            }
            int end = domainEnd(text, domain, to);
            if (start < at && end > 0) {
                found.mask(start, end);
                searched = end;
                at = end - 1;
            }
        }
    }

    /** The run of address characters at the cut: a local part whose '@' and domain were cut off, or an address. */
    @Override
    public int cutFrom(CharSequence text, int from, int to) {
        int start = to;
        while (start > from && (isLocal(text.charAt(start - 1)) || text.charAt(start - 1) == '@')) {
            start--;
        }
        return start;
    }

    /** The run of address characters at the start: the rest of an address begun before. */
    @Override
    public int cutTo(CharSequence text, int from, int to) {
        int end = from;
        while (end < to && (isLocal(text.charAt(end)) || text.charAt(end) == '@')) {
            end++;
        }
        return end;
    }

    /** Where what follows the '@' (or {@code %40}) at {@code at} starts, or -1 when none stands there. */
    private static int atSignEnd(CharSequence text, int at, int to) {
        char c = text.charAt(at);
        if (c == '@') {
            return at + 1;
        }
        return c == '%' && at + 2 < to && text.charAt(at + 1) == '4' && text.charAt(at + 2) == '0' ? at + 3 : -1;
    }

    /** Where the domain starting at {@code from} ends, or -1 when there is none (no dot, a short last label). */
    private static int domainEnd(CharSequence text, int from, int to) {
        int i = from;
        int labelStart = from;
        int dots = 0;
        while (i < to) {
            char c = text.charAt(i);
            if (Character.isLetterOrDigit(c) || (c == '-' && i > labelStart)) {
                i++;
                continue;
            }
            if (c == '.' && i > labelStart && i + 1 < to && Character.isLetterOrDigit(text.charAt(i + 1))) {
                dots++;
                labelStart = ++i;
                continue;
            }
            break;
        }
        return dots > 0 && i - labelStart >= 2 && (allLetters(text, labelStart, i) || punycode(text, labelStart, i))
                ? i : -1;
    }

    /** Whether {@code text[from, to)} is a punycode label ({@code xn--} and more). */
    private static boolean punycode(CharSequence text, int from, int to) {
        return to - from > 4 && (text.charAt(from) | 0x20) == 'x' && (text.charAt(from + 1) | 0x20) == 'n'
                && text.charAt(from + 2) == '-' && text.charAt(from + 3) == '-';
    }

    private static boolean allLetters(CharSequence text, int from, int to) {
        for (int i = from; i < to; i++) {
            if (!Character.isLetter(text.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean isLocal(char c) {
        return Character.isLetterOrDigit(c) || "._%+-'!#$*^`{|}~".indexOf(c) >= 0;
    }
}
