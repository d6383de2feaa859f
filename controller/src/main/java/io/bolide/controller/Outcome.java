package io.bolide.controller;

import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.CommandHeader;
import java.util.List;

/**
 * What a controller request comes to: the answer (code, remark, header, JSON body record) and the
 * events to replicate before the answer may be sent. No events: a read, answered at once.
 */
record Outcome(int code, String remark, CommandHeader header, Object body, List<Event> events) {

    Outcome {
        events = List.copyOf(events);
    }

    static Outcome success(CommandHeader header, Object body, List<Event> events) {
        return new Outcome(ResponseCode.SUCCESS, null, header, body, events);
    }

    static Outcome success(CommandHeader header, Object body) {
        return success(header, body, List.of());
    }

    static Outcome failure(int code, String remark) {
        return new Outcome(code, remark, null, null, List.of());
    }

    static Outcome failure(int code, String remark, CommandHeader header, Object body) {
        return new Outcome(code, remark, header, body, List.of());
    }

    /** The same answer with {@code more} events to replicate. */
    Outcome withEvents(List<Event> more) {
        return new Outcome(code, remark, header, body, more);
    }
}
