package io.bolide.broker.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.protocol.body.MessageQueue;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonFileTest {
    @TempDir Path dir;

    @Test
    void shouldReadNullWhenTheFileDoesNotExist() throws Exception {
        assertThat(new JsonFile(dir.resolve("none.json")).read(MessageQueue.class)).isNull();
    }

    @Test
    void shouldCreateParentDirectoriesAndReadBackWhatItWrote() throws Exception {
        JsonFile file = new JsonFile(dir.resolve("a/b/queue.json"));

        file.write(new MessageQueue("T", "broker-a", 3));

        assertThat(file.read(MessageQueue.class)).isEqualTo(new MessageQueue("T", "broker-a", 3));
    }

    @Test
    void shouldReplaceTheContentAndLeaveNoTemporaryFile() throws Exception {
        JsonFile file = new JsonFile(dir.resolve("queue.json"));
        file.write(new MessageQueue("T", "broker-a", 3));

        file.write(new MessageQueue("U", "broker-b", 1));

        assertThat(file.read(MessageQueue.class)).isEqualTo(new MessageQueue("U", "broker-b", 1));
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("queue.json");
        }
    }
}
