package io.bolide.dist;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.config.BrokerConfig;
import io.bolide.namesrv.NameServerConfig;
import io.bolide.remoting.config.FileSchema;
import io.bolide.remoting.config.Key;
import io.bolide.remoting.config.ReferenceKeys;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConfigurationDocTest {
    /** Tests run in the module directory, one below the repository's root. */
    private static final Path COMMITTED = Path.of("..").resolve("docs/configuration.md");

    @Test
    void shouldMatchTheCommittedDocumentOrSayHowToRegenerateIt() throws IOException {
        String committed = Files.readString(COMMITTED, StandardCharsets.UTF_8);

        assertThat(committed)
                .as(
                        "docs/configuration.md differs from the key tables; regenerate it with: "
                                + ConfigurationDoc.REGENERATE)
                .isEqualTo(ConfigurationDoc.markdown());
    }

    @Test
    void shouldListEveryBrokerAndNameServerKey() {
        String doc = ConfigurationDoc.markdown();

        for (Key<?> key : BrokerConfig.keys()) {
            assertThat(doc).contains("| `" + key.name() + "` |");
        }
        for (Key<?> key : NameServerConfig.keyTable().keys()) {
            assertThat(doc).contains("| `" + key.name() + "` |");
        }
        assertThat(doc).contains("`kvConfigPath`", "`scanNotActiveBrokerInterval`");
    }

    @Test
    void shouldListEveryReferenceKeyUnderItsClass() {
        String doc = ConfigurationDoc.markdown();

        for (FileSchema schema :
                List.of(BrokerConfig.fileSchema(), NameServerConfig.fileSchema())) {
            String section = doc.substring(doc.indexOf("## " + schema.file()));
            String accepted =
                    section.substring(
                            section.indexOf("### Accepted without effect"),
                            section.indexOf("### Refused"));
            String refused = section.substring(section.indexOf("### Refused"));
            for (ReferenceKeys.Entry entry : schema.reference().entries()) {
                boolean isRefused = entry.treatment() == ReferenceKeys.Treatment.REFUSED;
                assertThat(isRefused ? refused : accepted)
                        .as(entry.name())
                        .contains("`" + entry.name() + (entry.value() == null ? "" : "="));
            }
        }
    }
}
