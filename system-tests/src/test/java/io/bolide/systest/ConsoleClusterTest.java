package io.bolide.systest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bolide.broker.Broker;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The console's cluster page fed from the name server (#35): a real Bolide name server with two
 * broker groups, one a master and a slave; the console of one broker lists every group and member
 * with its role, version, disk and TPS, in the API and in headless Chromium. With {@code
 * -Dbolide.regenerate=true} it writes docs/screenshots/console-cluster.png.
 */
class ConsoleClusterTest {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir Path profile;

    @Test
    void clusterPageListsEveryGroupAndMemberTheNameServerKnows() throws Exception {
        try (Cluster cluster = new Cluster(1)) {
            Broker a = cluster.broker("a", "broker-a", b -> b.set("consolePort", "0"));
            cluster.broker(
                    "a-slave", "broker-a", b -> b.set("brokerRole", "SLAVE").set("brokerId", "1"));
            cluster.broker("b", "broker-b", b -> {});
            String console = "http://127.0.0.1:" + a.consolePort();

            JsonNode answer = JSON.readTree(get(console + "/api/cluster"));
            assertThat(answer.get("nameServer").asText()).isEqualTo(cluster.namesrvAddr());
            List<String> members = new ArrayList<>();
            for (JsonNode group : answer.get("clusters").get(0).get("groups")) {
                for (JsonNode member : group.get("members")) {
                    members.add(
                            group.get("brokerName").asText()
                                    + "/"
                                    + member.get("brokerId").asInt()
                                    + " "
                                    + member.get("role").asText());
                    assertThat(member.has("error")).as(member.toString()).isFalse();
                    assertThat(member.get("version").asText()).startsWith("V5_");
                    assertThat(member.get("diskRatio").asDouble()).isBetween(0.0, 1.0);
                    assertThat(member.get("putTps").isNumber()).isTrue();
                }
            }
            assertThat(members)
                    .containsExactly("broker-a/0 MASTER", "broker-a/1 SLAVE", "broker-b/0 MASTER");
            assertThat(answer.get("clusters").get(0).get("clusterName").asText())
                    .isEqualTo("DefaultCluster");

            assumeChromium();
            WebDriver browser = chromium(profile);
            try {
                browser.get(console + "/");
                WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(20));
                wait.until(
                        ExpectedConditions.presenceOfElementLocated(
                                By.cssSelector("#broker-groups tr[data-member='broker-b/0']")));
                String table = browser.findElement(By.id("broker-groups")).getText();
                assertThat(table).contains("broker-a", "SLAVE", "broker-b", "V5_");
                // The replication section: broker-a's master with its slave linked (#35).
                wait.until(
                        ExpectedConditions.textToBePresentInElementLocated(
                                By.cssSelector("#ha .ha-set[data-set='broker-a']"), "acked"));
                assertThat(
                                browser.findElement(
                                                By.cssSelector(
                                                        "#ha .ha-set[data-set='broker-a']"
                                                                + " tr[data-member='1']"))
                                        .getText())
                        .contains("SLAVE", "follows");
                wait.until(
                        ExpectedConditions.presenceOfElementLocated(
                                By.cssSelector("#tps-chart canvas")));
                screenshot(browser, "console-cluster");
            } finally {
                browser.quit();
            }
        }
    }

    private static String get(String url) throws IOException, InterruptedException {
        HttpResponse<String> response =
                HttpClient.newHttpClient()
                        .send(
                                HttpRequest.newBuilder(URI.create(url)).build(),
                                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return response.body();
    }

    private static void assumeChromium() {
        assumeTrue(
                Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
                "no /usr/bin/chromium or /usr/bin/chromedriver: apt-get install chromium"
                        + " chromium-driver");
    }

    private static WebDriver chromium(Path profile) {
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments(
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--window-size=1280,800",
                "--user-data-dir=" + profile);
        ChromeDriverService service =
                new ChromeDriverService.Builder()
                        .usingDriverExecutable(CHROMEDRIVER.toFile())
                        .usingAnyFreePort()
                        .build();
        return new ChromeDriver(service, options);
    }

    /** Writes docs/screenshots/NAME.png when run with -Dbolide.regenerate=true. */
    private static void screenshot(WebDriver browser, String name) throws IOException {
        if (!Boolean.getBoolean("bolide.regenerate")) {
            return;
        }
        Path docs = Path.of("..", "docs", "screenshots");
        Files.createDirectories(docs);
        Files.write(
                docs.resolve(name + ".png"),
                ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES));
    }
}
