/**
 * Request and response codes of the remoting protocol, with names for logs and error remarks.
 * Values are checked against the Apache 5.4.0 classes by a differential test.
 */
package io.bolide.protocol.code;
