package io.xmlformatter.record;

/** Which message a record is about, named like CXF's {@code EventType}. */
public enum MessageType {
    /** A request received by a server. */
    REQ_IN,
    /** A request sent by a client. */
    REQ_OUT,
    /** A response received by a client. */
    RESP_IN,
    /** A response sent by a server. */
    RESP_OUT,
    /** A fault received by a client. */
    FAULT_IN,
    /** A fault sent by a server. */
    FAULT_OUT;

    /** Whether this is a message sent (a client's request, a server's response or fault). */
    public boolean isOutbound() {
        return this == REQ_OUT || this == RESP_OUT || this == FAULT_OUT;
    }

    /** Whether this is a request (a request has no duration of its own). */
    public boolean isRequest() {
        return this == REQ_IN || this == REQ_OUT;
    }

    /** Whether this is a fault. */
    public boolean isFault() {
        return this == FAULT_IN || this == FAULT_OUT;
    }
}
