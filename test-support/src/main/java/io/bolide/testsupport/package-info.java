/**
 * Helpers shared by every module's tests, used test-scoped only: {@link
 * io.bolide.testsupport.Await} (a condition with a deadline instead of a sleep), {@link
 * io.bolide.testsupport.LeakCheck} (Netty buffer leaks fail the test class), {@link
 * io.bolide.testsupport.MutableClock} (time moved by hand), {@link
 * io.bolide.testsupport.ApacheOracle} and {@link io.bolide.testsupport.GoldenFrames} (the Apache
 * 5.4.0 remoting classes as the reference encoder and decoder). Depends on no Bolide module, so any
 * module's tests, protocol's included, can use it.
 */
package io.bolide.testsupport;
