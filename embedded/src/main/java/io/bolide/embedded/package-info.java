/**
 * Bolide inside the caller's JVM: {@link io.bolide.embedded.EmbeddedBolide} (a name server and a
 * broker on free ports with a temporary store) and {@link io.bolide.embedded.BolideExtension} for
 * JUnit 5 tests.
 */
package io.bolide.embedded;
