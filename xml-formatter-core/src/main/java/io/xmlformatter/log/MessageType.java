package io.xmlformatter.log;

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
    FAULT_OUT
}
