package io.bolide.broker.grpc;

import io.bolide.grpc.v2.Code;
import io.bolide.grpc.v2.EndTransactionRequest;
import io.bolide.grpc.v2.EndTransactionResponse;
import io.bolide.grpc.v2.TransactionResolution;
import io.bolide.grpc.v2.TransactionSource;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.EndTransactionRequestHeader;
import io.bolide.remoting.LocalCalls;
import io.grpc.stub.StreamObserver;

/**
 * EndTransaction: the END_TRANSACTION a remoting producer sends, dispatched through the remoting
 * server's own handler ({@link LocalCalls}), so a half message sent over one protocol may be
 * committed or rolled back over the other.
 */
final class Transactions {
    /** END_TRANSACTION's commitOrRollback values, as remoting producers send them. */
    private static final int COMMIT = 8;

    private static final int ROLLBACK = 12;

    private final Routes routes;
    private final LocalCalls calls;

    Transactions(Routes routes, LocalCalls calls) {
        this.routes = routes;
        this.calls = calls;
    }

    void end(EndTransactionRequest request, StreamObserver<EndTransactionResponse> out)
            throws BadRequest {
        String topic = routes.topic(request.getTopic().getName()).topicName();
        if (request.getResolution() == TransactionResolution.TRANSACTION_RESOLUTION_UNSPECIFIED) {
            throw new BadRequest(Code.BAD_REQUEST, "no transaction resolution");
        }
        TransactionHandle handle = TransactionHandle.parse(request.getTransactionId());
        EndTransactionRequestHeader header =
                new EndTransactionRequestHeader()
                        .topic(topic)
                        .producerGroup(SendProperties.producerGroup(topic))
                        .tranStateTableOffset(handle.halfQueueOffset())
                        .commitLogOffset(handle.commitLogOffset())
                        .commitOrRollback(
                                request.getResolution() == TransactionResolution.COMMIT
                                        ? COMMIT
                                        : ROLLBACK)
                        .fromTransactionCheck(
                                request.getSource() == TransactionSource.SOURCE_SERVER_CHECK)
                        .msgId(request.getMessageId())
                        .transactionId(request.getTransactionId());
        calls.callChecked(Peer.current(), RequestCode.END_TRANSACTION, header, null)
                .whenComplete((response, failure) -> answer(out, response, failure));
    }

    private static void answer(
            StreamObserver<EndTransactionResponse> out,
            RemotingCommand response,
            Throwable failure) {
        EndTransactionResponse.Builder answer = EndTransactionResponse.newBuilder();
        if (failure != null) {
            answer.setStatus(Statuses.of(Code.INTERNAL_SERVER_ERROR, "end failed: " + failure));
        } else {
            try {
                answer.setStatus(
                        response.code() == ResponseCode.SUCCESS
                                ? Statuses.OK
                                : Statuses.of(
                                        Code.INVALID_TRANSACTION_ID,
                                        String.valueOf(response.remark())));
            } finally {
                response.release();
            }
        }
        out.onNext(answer.build());
        out.onCompleted();
    }
}
