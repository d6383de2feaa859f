package io.bolide.protocol.codegen;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The committed header codecs are exactly what the spec table generates. Run with {@code
 * -Dbolide.regenerate=true} to rewrite them after editing the spec.
 */
class GeneratedHeadersTest {
    private static final Path MODULE = Path.of("").toAbsolutePath();

    @Test
    void shouldMatchTheSpecTable() throws IOException {
        Map<String, String> expected = HeaderGenerator.generateAll(MODULE);
        Path output = MODULE.resolve(HeaderGenerator.OUTPUT);
        if (Boolean.getBoolean("bolide.regenerate")) {
            Files.createDirectories(output);
            try (Stream<Path> old = Files.list(output)) {
                for (Path file : old.collect(Collectors.toList())) {
                    Files.delete(file);
                }
            }
            HeaderGenerator.main(new String[] {MODULE.toString()});
        }
        Map<String, String> actual;
        try (Stream<Path> files = Files.list(output)) {
            actual =
                    files.collect(
                            Collectors.toMap(
                                    p -> p.getFileName().toString(), GeneratedHeadersTest::read));
        }
        assertThat(actual).isEqualTo(expected);
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
