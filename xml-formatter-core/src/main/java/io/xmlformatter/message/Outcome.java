package io.xmlformatter.message;

/** How an exchange went, for its records' level. */
enum Outcome {
    SUCCESS, CLIENT_ERROR, FAILURE;

    /** The fault rule: a fault, or a status at or above {@code faultStatus}; 400 and above: a client error. */
    static Outcome of(boolean fault, Integer status, int faultStatus) {
        if (fault || (status != null && status >= faultStatus)) {
            return FAILURE;
        }
        return status != null && status >= 400 ? CLIENT_ERROR : SUCCESS;
    }
}
