package io.bolide.testsupport;

import java.lang.reflect.Method;
import org.junit.jupiter.api.extension.DynamicTestInvocationContext;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;

/**
 * Runs every test and lifecycle method under {@link ToolShutdown}: an official RocketMQ client,
 * consumer, producer or admin tool shut down on the test's thread ends without the 3 s its event
 * thread's poll would add. The build registers it for every test class (JUnit's extension
 * auto-detection, limited to this package, in the root pom's surefire configuration), so no test
 * has to remember it. Without an official client in the JVM it only looks, every 5 ms while a test
 * runs, for an event thread that waits.
 */
public final class ToolShutdownExtension implements InvocationInterceptor {
    @Override
    public void interceptBeforeAllMethod(
            Invocation<Void> invocation,
            ReflectiveInvocationContext<Method> invocationContext,
            ExtensionContext extensionContext)
            throws Throwable {
        ToolShutdown.call(invocation::proceed);
    }

    @Override
    public void interceptBeforeEachMethod(
            Invocation<Void> invocation,
            ReflectiveInvocationContext<Method> invocationContext,
            ExtensionContext extensionContext)
            throws Throwable {
        ToolShutdown.call(invocation::proceed);
    }

    @Override
    public void interceptTestMethod(
            Invocation<Void> invocation,
            ReflectiveInvocationContext<Method> invocationContext,
            ExtensionContext extensionContext)
            throws Throwable {
        ToolShutdown.call(invocation::proceed);
    }

    @Override
    public void interceptTestTemplateMethod(
            Invocation<Void> invocation,
            ReflectiveInvocationContext<Method> invocationContext,
            ExtensionContext extensionContext)
            throws Throwable {
        ToolShutdown.call(invocation::proceed);
    }

    @Override
    public <T> T interceptTestFactoryMethod(
            Invocation<T> invocation,
            ReflectiveInvocationContext<Method> invocationContext,
            ExtensionContext extensionContext)
            throws Throwable {
        return ToolShutdown.call(invocation::proceed);
    }

    @Override
    public void interceptDynamicTest(
            Invocation<Void> invocation,
            DynamicTestInvocationContext invocationContext,
            ExtensionContext extensionContext)
            throws Throwable {
        ToolShutdown.call(invocation::proceed);
    }

    @Override
    public void interceptAfterEachMethod(
            Invocation<Void> invocation,
            ReflectiveInvocationContext<Method> invocationContext,
            ExtensionContext extensionContext)
            throws Throwable {
        ToolShutdown.call(invocation::proceed);
    }

    @Override
    public void interceptAfterAllMethod(
            Invocation<Void> invocation,
            ReflectiveInvocationContext<Method> invocationContext,
            ExtensionContext extensionContext)
            throws Throwable {
        ToolShutdown.call(invocation::proceed);
    }
}
