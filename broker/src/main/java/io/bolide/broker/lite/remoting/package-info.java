/**
 * The remoting codes of Lite Topics (RocketMQ 5.5.0, RIP-83; issue #34), 200070–200079: what
 * Apache's proxy in CLUSTER mode sends a broker to serve lite consumers (subscription changes, pops
 * and acks of lite topics) and what operators ask about lite state. Served on the lite model of
 * {@link io.bolide.broker.lite} and the POP book of {@link io.bolide.broker.pop.PopEngine}, so a
 * lite topic read over gRPC and over remoting is one and the same.
 */
package io.bolide.broker.lite.remoting;
