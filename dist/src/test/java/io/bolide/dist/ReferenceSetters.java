package io.bolide.dist;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The keys Apache RocketMQ reads from a file into its config classes, as javap shows them in the
 * reference's jars: every public one-argument setter of a type its properties reader converts
 * (numbers, booleans, text), named without "set" and with a lower-case first letter; superclasses
 * within org.apache.rocketmq included.
 */
final class ReferenceSetters {
    static final Path JARS = Path.of("target", "reference-jars");

    private static final Pattern SETTER =
            Pattern.compile(
                    "public (?:synchronized )?void set(\\w+)\\((int|long|double|float|boolean"
                            + "|java\\.lang\\.(?:String|Integer|Long|Double|Float|Boolean))\\);");
    private static final Pattern SUPER =
            Pattern.compile("class \\S+ extends (org\\.apache\\.rocketmq\\.\\S+)");

    private ReferenceSetters() {}

    static Set<String> keys(String... classNames) throws IOException {
        Set<String> keys = new TreeSet<>();
        for (String className : classNames) {
            collect(className, keys);
        }
        return keys;
    }

    private static void collect(String className, Set<String> keys) throws IOException {
        String text = javap(className);
        Matcher setter = SETTER.matcher(text);
        while (setter.find()) {
            String name = setter.group(1);
            keys.add(Character.toLowerCase(name.charAt(0)) + name.substring(1));
        }
        Matcher parent = SUPER.matcher(text);
        if (parent.find()) {
            collect(parent.group(1), keys);
        }
    }

    private static String javap(String className) throws IOException {
        String classPath;
        try (Stream<Path> jars = Files.list(JARS)) {
            List<String> paths = jars.map(Path::toString).collect(Collectors.toList());
            classPath = String.join(java.io.File.pathSeparator, paths);
        }
        StringWriter out = new StringWriter();
        ToolProvider javap = ToolProvider.findFirst("javap").orElseThrow();
        int status =
                javap.run(new PrintWriter(out), new PrintWriter(out), "-cp", classPath, className);
        if (status != 0) {
            throw new IOException("javap " + className + " failed: " + out);
        }
        return out.toString();
    }
}
