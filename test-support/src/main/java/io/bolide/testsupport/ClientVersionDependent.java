package io.bolide.testsupport;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * Marks a test class whose outcome can change with the official client or Apache jars of {@code
 * -Drocketmq.version} on the class path, or with the JDK running both sides: the official remoting
 * client end to end, differentials against that release's name server or broker.
 *
 * <p>CI runs the whole suite once (JDK 17, the 5.4.0 client) and then, on the newest JDK with the
 * 5.5.0 client, only the service-level tests carrying this tag ({@code
 * -Dbolide.serviceTestGroups=client-version}; the unit modules run in full both times). Tests whose
 * peer is pinned to one release whatever the build tests (mqadmin 5.5.0, the gRPC SDK, the Go
 * client, Apache's proxy and controller) stay untagged: a second pass would repeat them unchanged.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag(ClientVersionDependent.TAG)
public @interface ClientVersionDependent {
    /** The JUnit tag, for {@code groups} expressions. */
    String TAG = "client-version";
}
