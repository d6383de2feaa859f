package io.bolide.broker.config;

import io.bolide.remoting.config.Key;

/**
 * The reference's message-recall keys (RECALL_MESSAGE, 370), declared here and tabled in {@link
 * BrokerConfigKeys} like every other key. Off by default, as in the reference: a producer holding a
 * timer message's recall handle may cancel it only on a broker that allows it.
 */
final class RecallKeys {
    static final Key<Boolean> RECALL_MESSAGE_ENABLE =
            Key.ofBoolean(
                            "recallMessageEnable",
                            false,
                            "serve RECALL_MESSAGE: a timer message's recall handle cancels it"
                                    + " before it is due")
                    .live();

    static final Key<Boolean> ALLOW_RECALL_WHEN_BROKER_NOT_WRITEABLE =
            Key.ofBoolean(
                            "allowRecallWhenBrokerNotWriteable",
                            true,
                            "accept a recall while the broker's permission forbids writes")
                    .live();

    private RecallKeys() {}
}
