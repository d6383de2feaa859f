/**
 * The JSON bodies of remoting commands, as records, and {@link io.bolide.protocol.body.BodyCodec}
 * to read and write them the way the Apache 5.x Java side (fastjson2) does: compact, properties in
 * alphabetical order, nulls omitted, enums by name, unquoted numeric map keys accepted, maps keyed
 * by {@link io.bolide.protocol.body.MessageQueue} in fastjson's object-key form. Collections in the
 * records are unmodifiable and never null unless a record documents that absence matters. Jackson
 * is confined to this package (import control); nothing else sees it.
 */
package io.bolide.protocol.body;
