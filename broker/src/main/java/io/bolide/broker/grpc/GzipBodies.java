package io.bolide.broker.grpc;

import io.bolide.grpc.v2.Code;
import io.bolide.grpc.v2.Encoding;
import io.bolide.grpc.v2.Message;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.zip.GZIPInputStream;

/**
 * A sent body as the broker stores it: an IDENTITY body as it came, a GZIP one inflated at the door
 * (bounded by the largest body the broker stores, so a small hostile stream cannot expand into a
 * large allocation). Stored plain, it reads the same for remoting consumers and over gRPC; a body
 * that is not a whole GZIP stream is refused MESSAGE_CORRUPTED and nothing is stored.
 */
final class GzipBodies {
    private GzipBodies() {}

    static ByteBuffer identity(Message message, int maxBodySize) throws BadRequest {
        if (message.getSystemProperties().getBodyEncoding() != Encoding.GZIP) {
            return message.getBody().asReadOnlyByteBuffer();
        }
        try (InputStream in = new GZIPInputStream(message.getBody().newInput())) {
            byte[] plain = in.readNBytes(maxBodySize + 1);
            if (plain.length > maxBodySize) {
                throw new BadRequest(
                        Code.MESSAGE_BODY_TOO_LARGE,
                        "GZIP body inflates beyond the largest body stored, " + maxBodySize);
            }
            return ByteBuffer.wrap(plain);
        } catch (IOException e) {
            throw new BadRequest(
                    Code.MESSAGE_CORRUPTED,
                    "message "
                            + message.getSystemProperties().getMessageId()
                            + ": body is marked GZIP but is not a GZIP stream ("
                            + e.getMessage()
                            + ")");
        }
    }
}
