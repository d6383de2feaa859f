package io.bolide.dist;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.protocol.code.Unserved;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The reference release's request codes against Bolide's: none may be both unserved and unlisted,
 * none listed as refused while a server serves it, and docs/protocol/code-inventory.md is what the
 * tables say.
 */
class CodeInventoryTest {
    private static final Path COMMITTED = Path.of("..").resolve("docs/protocol/code-inventory.md");

    private static CodeInventory inventory;

    @BeforeAll
    static void read() throws Exception {
        inventory = CodeInventory.read();
    }

    @Test
    void shouldServeOrGiveAReasonForEveryReferenceCode() {
        List<String> unaccounted =
                inventory.reference.entrySet().stream()
                        .filter(c -> inventory.servers(c.getKey()).isEmpty())
                        .filter(c -> Unserved.reason(c.getKey()) == null)
                        .map(c -> c.getKey() + " " + c.getValue())
                        .collect(Collectors.toList());

        assertThat(unaccounted)
                .as("reference codes neither served nor listed in Unserved with a reason")
                .isEmpty();
    }

    @Test
    void shouldNotListAServedCodeAsRefused() {
        List<Integer> stale =
                Unserved.reasons().keySet().stream()
                        .filter(code -> !inventory.servers(code).isEmpty())
                        .collect(Collectors.toList());

        assertThat(stale).as("codes served but still listed in Unserved").isEmpty();
    }

    @Test
    void shouldListOnlyCodesTheReferenceHas() {
        assertThat(inventory.reference.keySet())
                .as("Unserved lists a code the reference does not declare")
                .containsAll(Unserved.reasons().keySet());
        assertThat(inventory.reference).containsEntry(310, "SEND_MESSAGE_V2");
        assertThat(inventory.broker).contains(310, 11);
        assertThat(inventory.nameServer).contains(105);
    }

    @Test
    void shouldMatchTheCommittedInventoryOrSayHowToRegenerateIt() throws Exception {
        String generated = inventory.markdown();
        if (Boolean.getBoolean("bolide.regenerate")) {
            Files.writeString(COMMITTED, generated, StandardCharsets.UTF_8);
        }
        String committed = Files.readString(COMMITTED, StandardCharsets.UTF_8);

        assertThat(committed)
                .as(
                        "docs/protocol/code-inventory.md differs; regenerate: "
                                + CodeInventory.REGENERATE)
                .isEqualTo(generated);
        for (Map.Entry<Integer, String> reason : Unserved.reasons().entrySet()) {
            assertThat(committed).contains("| " + reason.getKey() + " |");
        }
    }
}
