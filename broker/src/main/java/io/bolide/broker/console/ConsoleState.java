package io.bolide.broker.console;

import io.bolide.broker.admin.AdminPlane;
import io.bolide.broker.auth.ConsoleAccess;
import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.consumer.ClientRegistry;
import io.bolide.broker.table.ConsumerOffsetTable;
import io.bolide.broker.table.SubscriptionGroupTable;
import io.bolide.broker.table.TopicTable;
import io.bolide.remoting.LocalCalls;
import io.bolide.remoting.RemotingClient;
import io.bolide.remoting.RequestSigner;
import io.bolide.remoting.metrics.RpcLatency;
import io.bolide.store.MessageStore;
import java.util.function.Supplier;

/**
 * What the console reads and whom it asks for changes: the broker's tables and store (reads), its
 * request handlers through {@link LocalCalls} (changes), and ACL 2.0's login and checks.
 *
 * @param address the broker's advertised {@code host:port}
 * @param access the login and checks; {@link ConsoleAccess#required} false when ACL is off
 * @param client the broker's client of the name servers, which the cluster page asks too
 * @param inner the broker's inner credentials signing those requests, or null
 * @param groups the consumer groups' settings (the group page reads them; changes go to the
 *     handlers)
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
        ConsoleAccess access,
        RemotingClient client,
        RequestSigner inner,
        SubscriptionGroupTable groups,
        Supplier<RpcLatency> latency) {}
