package io.bolide.broker.console;

import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.RemotingCommand;
import io.netty.buffer.Unpooled;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;

/**
 * A console change applied on every broker set of this broker's cluster (#35): this broker's own
 * handler in-process ({@link Changes}), then the master of each other set the name servers list,
 * over the broker's client, signed as the same user (each broker's gate checks it again). Slaves
 * are not asked: they copy their master's tables and offsets. Every broker's outcome is one row of
 * {@code brokers}; a refusal or an unreachable broker is a failed row with its reason, counted in
 * {@code failed}, never hidden. Only when every broker refuses is the change refused, with this
 * broker's reason. A broker answering TOPIC_NOT_EXIST does not serve the topic: its row is {@code
 * skipped}.
 */
final class Everywhere {
    private final ConsoleState state;
    private final Changes changes;
    private final ClusterView view;

    Everywhere(ConsoleState state, Changes changes, ClusterView view) {
        this.state = state;
        this.changes = changes;
        this.view = view;
    }

    /**
     * Sends the change here and to every other master; {@code answer} reads this broker's response
     * into the reply, to which {@code brokers} and {@code failed} are added.
     */
    CompletableFuture<Object> call(
            Caller caller,
            int code,
            CommandHeader header,
            byte[] body,
            Set<Integer> alsoAnswered,
            Function<RemotingCommand, Object> answer) {
        CompletableFuture<Row> local =
                changes.call(
                                caller,
                                code,
                                header,
                                body == null ? null : Unpooled.wrappedBuffer(body),
                                alsoAnswered,
                                answer)
                        .handle((result, failure) -> localRow(result, failure));
        CommandHeader signed = caller.sign(header, body);
        CompletableFuture<List<Row>> remote =
                CompletableFuture.supplyAsync(this::others, ClusterApi.ASKING)
                        .thenCompose(others -> askAll(others, code, signed, body, alsoAnswered));
        return local.thenCombine(remote, Everywhere::reply);
    }

    private Map<String, String> others() {
        try {
            return view.otherMasters(
                    state.config().brokerClusterName(), state.config().brokerName());
        } catch (RuntimeException e) {
            // The other brokers are unknown: one failed row says why.
            return Map.of("(name servers)", "!" + e.getMessage());
        }
    }

    private CompletableFuture<List<Row>> askAll(
            Map<String, String> others,
            int code,
            CommandHeader signed,
            byte[] body,
            Set<Integer> alsoAnswered) {
        List<CompletableFuture<Row>> asked = new ArrayList<>();
        others.forEach(
                (name, address) ->
                        asked.add(
                                CompletableFuture.supplyAsync(
                                        () -> ask(name, address, code, signed, body, alsoAnswered),
                                        ClusterApi.ASKING)));
        return CompletableFuture.allOf(asked.toArray(CompletableFuture[]::new))
                .thenApply(done -> asked.stream().map(CompletableFuture::join).toList());
    }

    private Row ask(
            String name,
            String address,
            int code,
            CommandHeader signed,
            byte[] body,
            Set<Integer> alsoAnswered) {
        if (address.startsWith("!")) {
            return new Row(name, null, false, false, address.substring(1), null);
        }
        try {
            RemotingCommand response =
                    state.client()
                            .invokeSync(
                                    address,
                                    code,
                                    signed,
                                    body == null ? null : Unpooled.wrappedBuffer(body),
                                    ClusterView.TIMEOUT_MS);
            try {
                if (response.code() == ResponseCode.TOPIC_NOT_EXIST) {
                    return new Row(name, address, true, true, response.remark(), null);
                }
                if (response.code() != ResponseCode.SUCCESS
                        && !alsoAnswered.contains(response.code())) {
                    return new Row(
                            name,
                            address,
                            false,
                            false,
                            Changes.refusal(response).getMessage(),
                            null);
                }
                return new Row(name, address, true, false, null, null);
            } finally {
                response.release();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Row(name, address, false, false, "interrupted", null);
        } catch (Exception e) {
            return new Row(name, address, false, false, "unreachable: " + e.getMessage(), null);
        }
    }

    private Row localRow(Object result, Throwable failure) {
        String name = state.config().brokerName();
        if (failure == null) {
            return new Row(name, state.address(), true, false, null, result);
        }
        Throwable cause = failure instanceof CompletionException ? failure.getCause() : failure;
        RuntimeException error =
                cause instanceof ApiError api
                        ? api
                        : new ApiError(
                                io.netty.handler.codec.http.HttpResponseStatus.BAD_REQUEST,
                                String.valueOf(cause.getMessage()));
        return new Row(name, state.address(), false, false, error.getMessage(), error);
    }

    private static Object reply(Row local, List<Row> remote) {
        List<Row> all = new ArrayList<>();
        all.add(local);
        all.addAll(remote);
        long failed = all.stream().filter(row -> !row.ok()).count();
        if (!local.ok() && remote.stream().noneMatch(Row::ok)) {
            throw (RuntimeException) local.result();
        }
        Map<String, Object> answer = new LinkedHashMap<>();
        if (local.ok() && local.result() instanceof Map<?, ?> map) {
            map.forEach((key, value) -> answer.put(String.valueOf(key), value));
        } else if (local.ok() && local.result() != null) {
            answer.put("result", local.result());
        }
        answer.put("brokers", all.stream().map(Row::view).toList());
        answer.put("failed", failed);
        return answer;
    }

    /** One broker's outcome; {@code result} is this broker's answer, or its error. */
    private record Row(
            String brokerName,
            String address,
            boolean ok,
            boolean skipped,
            String error,
            Object result) {
        Map<String, Object> view() {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("brokerName", brokerName);
            row.put("address", address);
            row.put("ok", ok);
            if (skipped) {
                row.put("skipped", error);
            } else if (error != null) {
                row.put("error", error);
            }
            return row;
        }
    }
}
