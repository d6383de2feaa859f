package io.bolide.broker.registration;

import io.bolide.protocol.frame.CommandHeader;

/**
 * Adds the broker's credentials to a request for a name server (the reference sends its inner
 * client credentials when authentication is on); {@link #NONE} leaves requests as they are.
 */
@FunctionalInterface
public interface HeaderSigner {
    HeaderSigner NONE = (header, body) -> header;

    /** {@code header}, signed over itself and {@code body} (null: no body). */
    CommandHeader sign(CommandHeader header, byte[] body);
}
