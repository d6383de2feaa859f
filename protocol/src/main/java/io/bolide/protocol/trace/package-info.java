/**
 * Message trace records: the body format the official clients write to the trace topic when message
 * trace is on ({@link io.bolide.protocol.trace.TraceRecords} reads it), so the console and {@code
 * bolide admin message trace} can show what happened to a message.
 */
package io.bolide.protocol.trace;
