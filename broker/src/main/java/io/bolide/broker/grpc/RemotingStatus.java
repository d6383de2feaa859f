package io.bolide.broker.grpc;

import io.bolide.grpc.v2.Code;
import io.bolide.protocol.code.ResponseCode;

/** The v2 status code for a remoting refusal the send path answered. */
final class RemotingStatus {
    private RemotingStatus() {}

    static Code of(int remotingCode) {
        return switch (remotingCode) {
            case ResponseCode.SUCCESS -> Code.OK;
            case ResponseCode.SYSTEM_BUSY -> Code.TOO_MANY_REQUESTS;
            case ResponseCode.FLUSH_DISK_TIMEOUT -> Code.MASTER_PERSISTENCE_TIMEOUT;
            case ResponseCode.FLUSH_SLAVE_TIMEOUT -> Code.SLAVE_PERSISTENCE_TIMEOUT;
            case ResponseCode.SLAVE_NOT_AVAILABLE -> Code.HA_NOT_AVAILABLE;
            case ResponseCode.MESSAGE_ILLEGAL, ResponseCode.ILLEGAL_OPERATION -> Code.BAD_REQUEST;
            case ResponseCode.NO_PERMISSION -> Code.FORBIDDEN;
            case ResponseCode.TOPIC_NOT_EXIST -> Code.TOPIC_NOT_FOUND;
            case ResponseCode.LMQ_QUOTA_EXCEEDED -> Code.LITE_TOPIC_QUOTA_EXCEEDED;
            case ResponseCode.LITE_SUBSCRIPTION_QUOTA_EXCEEDED ->
                    Code.LITE_SUBSCRIPTION_QUOTA_EXCEEDED;
            case ResponseCode.REQUEST_CODE_NOT_SUPPORTED -> Code.NOT_IMPLEMENTED;
            default -> Code.INTERNAL_SERVER_ERROR;
        };
    }
}
