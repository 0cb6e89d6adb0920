package io.xmlformatter;

/**
 * E-mail addresses ({@link ValueDetector#emailAddresses()}): around each '@', a local part of letters, digits and
 * {@code . _ % + -} before it, and a domain after it of labels (letters, digits, '-') joined by dots, with at least
 * one dot and a last label of two letters or more. The whole address is masked.
 */
final class EmailAddresses implements ValueDetector {
    static final EmailAddresses INSTANCE = new EmailAddresses();

    private EmailAddresses() {
    }

    @Override
    public void detect(CharSequence text, int from, int to, Detections found) {
        int searched = from;
        for (int at = from; at < to; at++) {
            if (text.charAt(at) != '@') {
                continue;
            }
            int start = at;
            while (start > searched && isLocal(text.charAt(start - 1))) {
                start--;
            }
            int end = domainEnd(text, at + 1, to);
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
        return dots > 0 && i - labelStart >= 2 && allLetters(text, labelStart, i) ? i : -1;
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
        return Character.isLetterOrDigit(c) || c == '.' || c == '_' || c == '%' || c == '+' || c == '-';
    }
}
