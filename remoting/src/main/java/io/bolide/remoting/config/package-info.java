/**
 * Configuration keys: each key of a configuration file declared once ({@link Key}: name, type,
 * default, validation, doc, whether it may change while running), gathered in one {@link KeyTable}
 * per file, and read back as immutable {@link ConfigValues}. The broker's {@code broker.conf}, the
 * name server's {@code namesrv.conf}, the {@code bolide} command (files, {@code keys}, the
 * generated {@code docs/configuration.md}) and the broker's live-update admin code all go through
 * it.
 *
 * <p>Why here: it must sit in a module both the broker and the name server depend on, and remoting
 * is the lowest such module (protocol is the wire and holds no settings). It also fits: the
 * transport's own settings ({@code listenPort}, {@code bindAddress}, worker threads) are the first
 * keys both roles declare, as the reference keeps them in its remoting module too. A separate
 * {@code common} or {@code config} module for four small classes would be the grab-bag the style
 * guide rules out; one copy per module would drift. The package imports nothing but the JDK
 * (checked by import control), so it can move to a module of its own if the store ever needs it.
 */
package io.bolide.remoting.config;
