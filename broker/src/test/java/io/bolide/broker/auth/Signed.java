package io.bolide.broker.auth;

import io.bolide.protocol.frame.FrameDecoder;
import io.bolide.testsupport.ApacheOracle;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;
import org.apache.rocketmq.acl.common.AclClientRPCHook;
import org.apache.rocketmq.acl.common.SessionCredentials;
import org.apache.rocketmq.remoting.CommandCustomHeader;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.SerializeType;

/** Requests signed by the official client's hook, and their frames as Bolide decodes them. */
final class Signed {
    private Signed() {}

    /** A request of {@code code} with these ext fields and body, signed as the client signs. */
    static RemotingCommand request(
            int code, Map<String, String> fields, byte[] body, SessionCredentials credentials) {
        RemotingCommand command = RemotingCommand.createRequestCommand(code, null);
        fields.forEach(command::addExtField);
        command.setBody(body);
        new AclClientRPCHook(credentials).doBeforeRequest("127.0.0.1:10911", command);
        return command;
    }

    /** A request with a real header object, signed as the client signs. */
    static RemotingCommand request(
            int code, CommandCustomHeader header, byte[] body, SessionCredentials credentials) {
        RemotingCommand command = RemotingCommand.createRequestCommand(code, header);
        command.setBody(body);
        new AclClientRPCHook(credentials).doBeforeRequest("127.0.0.1:10911", command);
        return command;
    }

    /** {@code command} encoded by the Apache classes and decoded by Bolide (caller releases). */
    static io.bolide.protocol.frame.RemotingCommand decoded(
            RemotingCommand command, SerializeType type, boolean fast) {
        command.setSerializeTypeCurrentRPC(type);
        ByteBuf frame = ApacheOracle.encode(command, fast);
        return FrameDecoder.decode(frame);
    }

    /** What the scheme signs: the values in key order minus Signature, then the body. */
    static byte[] content(Map<String, String> fields, byte[] body) {
        StringBuilder text = new StringBuilder();
        new TreeMap<>(fields)
                .forEach(
                        (key, value) -> {
                            if (!key.equals("Signature")) {
                                text.append(value);
                            }
                        });
        byte[] head = text.toString().getBytes(StandardCharsets.UTF_8);
        byte[] all = new byte[head.length + (body == null ? 0 : body.length)];
        System.arraycopy(head, 0, all, 0, head.length);
        if (body != null) {
            System.arraycopy(body, 0, all, head.length, body.length);
        }
        return all;
    }
}
