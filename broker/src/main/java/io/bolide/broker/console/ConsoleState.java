package io.bolide.broker.console;

import io.bolide.broker.admin.AdminPlane;
import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.consumer.ClientRegistry;
import io.bolide.broker.table.ConsumerOffsetTable;
import io.bolide.broker.table.TopicTable;
import io.bolide.remoting.LocalCalls;
import io.bolide.store.MessageStore;
import java.util.function.BooleanSupplier;

/**
 * What the console reads and whom it asks for changes: the broker's tables and store (reads), its
 * request handlers through {@link LocalCalls} (changes), and whether ACL is on.
 *
 * @param address the broker's advertised {@code host:port}
 * @param aclOn true when the broker authenticates requests: the console then refuses every call
 */
public record ConsoleState(
        BrokerConfig config,
        String address,
        TopicTable topics,
        ConsumerOffsetTable offsets,
        ClientRegistry clients,
        MessageStore store,
        AdminPlane traffic,
        LocalCalls calls,
        BooleanSupplier aclOn) {}
