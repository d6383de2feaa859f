package io.bolide.protocol.body;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;

/** Body of a {@code CONSUME_MESSAGE_DIRECTLY} response, produced by the client. */
public record ConsumeMessageDirectlyResult(
        boolean order,
        boolean autoCommit,
        ConsumeResult consumeResult,
        String remark,
        long spentTimeMills) {

    /** Reads a body; a missing {@code autoCommit} is true, as in Apache. */
    @JsonCreator
    static ConsumeMessageDirectlyResult read(
            @JsonProperty("order") boolean order,
            @JsonProperty("autoCommit") Boolean autoCommit,
            @JsonProperty("consumeResult") ConsumeResult consumeResult,
            @JsonProperty("remark") String remark,
            @JsonProperty("spentTimeMills") long spentTimeMills) {
        return new ConsumeMessageDirectlyResult(
                order, autoCommit == null || autoCommit, consumeResult, remark, spentTimeMills);
    }
}
