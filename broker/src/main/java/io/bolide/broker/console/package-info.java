/**
 * The built-in web console (#35, docs/console.md): an HTTP JSON API and the single-page app that
 * uses it, served by the broker process on {@code consolePort} with Netty's HTTP codec.
 *
 * <p>One rule decides where each call goes. Reads come straight from the broker's own state (topic
 * table, consumer offsets, client registry, store, traffic sampler): they are what the request
 * handlers read too, so there is nothing to translate and no second copy to go stale. Changes
 * (topic create/update/delete, a test message) are dispatched in-process to the broker's own
 * request handlers ({@link io.bolide.remoting.LocalCalls}), exactly as mqadmin's requests would be:
 * the same validation, the same registration with the name servers, the same send path and its
 * counters, and the request gate of the remoting port. The admin module ({@code bolide admin})
 * reads the same facts over remoting because it runs outside the broker; the console runs inside it
 * and needs no socket to itself.
 */
package io.bolide.broker.console;
