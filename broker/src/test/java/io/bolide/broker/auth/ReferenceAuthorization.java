package io.bolide.broker.auth;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.annotation.Annotation;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What the reference release (5.5.0, copied to {@code target/reference-jars} by the build) says it
 * authorizes: the {@code RocketMQAction} annotation of every request header class its registry
 * finds (the request code, the resource type, the actions) with the {@code RocketMQResource} fields
 * the class itself declares, read by reflection in a class loader of their own; and the request
 * codes its remoting context builder decides in code instead (its switch), read with javap.
 */
final class ReferenceAuthorization {
    static final Path JARS = Path.of("target", "reference-jars");

    private static final String HEADER_PACKAGE = "org/apache/rocketmq/remoting/protocol/header/";
    private static final String BUILDER =
            "org.apache.rocketmq.auth.authorization.builder.DefaultAuthorizationContextBuilder";

    /** One annotated resource field of a header class. */
    record ResourceField(String name, String type, String splitter) {}

    /** A request code's annotation: resource type, actions (wire names), resource fields. */
    record Annotated(
            String header, String resource, List<String> actions, List<ResourceField> fields) {
        /** No resource field and not the cluster: the reference checks nothing for it. */
        boolean checksNothing() {
            return fields.isEmpty() && !resource.equals("CLUSTER");
        }

        /** The same checks, whatever the class is called. */
        boolean sameAs(Annotated other) {
            if (checksNothing() && other.checksNothing()) {
                return true; // GET_ALL_TOPIC_CONFIG: its request and response headers, both empty
            }
            return resource.equals(other.resource)
                    && actions.equals(other.actions)
                    && fields.equals(other.fields);
        }
    }

    private ReferenceAuthorization() {}

    /**
     * Request code → its annotation, as the reference's header registry sees them (classes under
     * the header package, subpackages included, implementing its {@code CommandCustomHeader}).
     */
    static Map<Integer, Annotated> annotations() throws Exception {
        Map<Integer, Annotated> byCode = new TreeMap<>();
        try (URLClassLoader loader = loader("rocketmq-common", "rocketmq-remoting")) {
            Class<?> header = loader.loadClass("org.apache.rocketmq.remoting.CommandCustomHeader");
            @SuppressWarnings("unchecked")
            Class<? extends Annotation> action =
                    (Class<? extends Annotation>)
                            loader.loadClass("org.apache.rocketmq.common.action.RocketMQAction");
            @SuppressWarnings("unchecked")
            Class<? extends Annotation> resource =
                    (Class<? extends Annotation>)
                            loader.loadClass(
                                    "org.apache.rocketmq.common.resource.RocketMQResource");
            for (String name : headerClasses(jar("rocketmq-remoting"))) {
                Class<?> type = Class.forName(name, false, loader);
                Annotation annotation = type.getAnnotation(action);
                if (annotation == null || !header.isAssignableFrom(type)) {
                    continue;
                }
                int code = (Integer) call(annotation, "value");
                Annotated read = read(type, annotation, resource);
                Annotated known = byCode.putIfAbsent(code, read);
                if (known != null && !known.sameAs(read)) {
                    // The registry keeps whichever class it meets first: the outcome would be
                    // undefined, so the table cannot be derived.
                    throw new IllegalStateException(
                            "code " + code + " annotated differently: " + known + ", " + read);
                }
            }
        }
        return byCode;
    }

    /** The codes the reference's remoting context builder decides in its switch. */
    static Set<Integer> switchCodes() throws IOException {
        String text = javap("-c", "-p", "-cp", jar("rocketmq-auth").toString(), BUILDER);
        int method = text.indexOf("build(io.netty.channel.ChannelHandlerContext");
        if (method < 0) {
            throw new IllegalStateException("no remoting build method in " + BUILDER);
        }
        int from = text.indexOf("lookupswitch", method);
        int to = text.indexOf("default:", from);
        Set<Integer> codes = new TreeSet<>();
        Matcher key = Pattern.compile("(?m)^\\s+(-?\\d+): \\d+$").matcher(text.substring(from, to));
        while (key.find()) {
            codes.add(Integer.parseInt(key.group(1)));
        }
        return codes;
    }

    private static Annotated read(
            Class<?> type, Annotation annotation, Class<? extends Annotation> resource)
            throws ReflectiveOperationException {
        List<String> actions = new ArrayList<>();
        for (Object a : (Object[]) call(annotation, "action")) {
            actions.add((String) a.getClass().getMethod("getName").invoke(a));
        }
        List<ResourceField> fields = new ArrayList<>();
        // getDeclaredFields, as the reference's builder: a superclass's fields do not count.
        for (Field field : type.getDeclaredFields()) {
            Annotation named = field.getAnnotation(resource);
            if (named != null) {
                fields.add(
                        new ResourceField(
                                field.getName(),
                                call(named, "value").toString(),
                                (String) call(named, "splitter")));
            }
        }
        return new Annotated(
                type.getSimpleName(),
                call(annotation, "resource").toString(),
                Collections.unmodifiableList(actions),
                Collections.unmodifiableList(fields));
    }

    private static Object call(Annotation annotation, String member)
            throws ReflectiveOperationException {
        Method method = annotation.annotationType().getMethod(member);
        return method.invoke(annotation);
    }

    private static List<String> headerClasses(Path jar) throws IOException {
        try (JarFile file = new JarFile(jar.toFile())) {
            return file.stream()
                    .map(e -> e.getName())
                    .filter(n -> n.startsWith(HEADER_PACKAGE) && n.endsWith(".class"))
                    .map(n -> n.substring(0, n.length() - ".class".length()).replace('/', '.'))
                    .sorted()
                    .collect(Collectors.toList());
        }
    }

    /** The reference's jars only, above the platform loader: no 5.4.0 class can leak in. */
    private static URLClassLoader loader(String... artifacts) throws IOException {
        URL[] urls = new URL[artifacts.length];
        for (int i = 0; i < artifacts.length; i++) {
            urls[i] = jar(artifacts[i]).toUri().toURL();
        }
        return new URLClassLoader(urls, ClassLoader.getPlatformClassLoader());
    }

    private static Path jar(String artifact) throws IOException {
        try (Stream<Path> jars = Files.list(JARS)) {
            return jars.filter(p -> p.getFileName().toString().startsWith(artifact + "-"))
                    .findFirst()
                    .orElseThrow(() -> new IOException(artifact + " is not in " + JARS));
        }
    }

    private static String javap(String... args) throws IOException {
        StringWriter out = new StringWriter();
        ToolProvider javap = ToolProvider.findFirst("javap").orElseThrow();
        int status = javap.run(new PrintWriter(out), new PrintWriter(out), args);
        if (status != 0) {
            throw new IOException("javap failed: " + out);
        }
        return out.toString();
    }
}
