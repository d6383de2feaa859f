/**
 * Lite topics (RocketMQ 5.5.0, RIP-83; issue #34): many small topics under one parent topic of
 * message type LITE, each stored in a queue of its own named {@code %LMQ%$parent$lite}, and a lite
 * push consumer's set of lite topics per group and client. docs/lite-topics.md says what is served
 * today and what is not.
 */
package io.bolide.broker.lite;
