/**
 * RocketMQ 5's gRPC {@code apache.rocketmq.v2.MessagingService} on its own port (docs/grpc.md): the
 * front door the official gRPC SDKs talk to with no proxy. Each RPC is an adapter over the same
 * tables, store and POP engine the remoting codes use; nothing here decides what a send or a pop
 * means.
 */
package io.bolide.broker.grpc;
