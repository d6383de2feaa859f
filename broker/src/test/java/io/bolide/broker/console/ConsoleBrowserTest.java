package io.bolide.broker.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.bolide.broker.Broker;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The console's pages in a real browser: Debian's headless Chromium, driven through its own
 * chromedriver (no browser is downloaded). Skipped, saying why, where either is not installed.
 */
class ConsoleBrowserTest {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

    @TempDir Path dir;
    @TempDir Path profile;

    private Broker broker;
    private WebDriver browser;

    @BeforeEach
    void start() throws Exception {
        assumeChromium();
        broker = ConsoleApiTest.start(dir, Map.of());
        browser = chromium(profile);
    }

    /** Skips the test, saying why, where Debian's chromium or its driver is not installed. */
    static void assumeChromium() {
        assumeTrue(
                Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
                "no /usr/bin/chromium or /usr/bin/chromedriver: apt-get install chromium"
                        + " chromium-driver");
    }

    /** Headless Chromium through its own chromedriver, with a profile of its own. */
    static WebDriver chromium(Path profile) {
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments(
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                Screenshots.WINDOW,
                "--user-data-dir=" + profile);
        ChromeDriverService service =
                new ChromeDriverService.Builder()
                        .usingDriverExecutable(CHROMEDRIVER.toFile())
                        .usingAnyFreePort()
                        .build();
        return new ChromeDriver(service, options);
    }

    @AfterEach
    void stop() {
        if (browser != null) {
            browser.quit();
        }
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    void topicIsCreatedListedSentToAndItsMessageFound() throws Exception {
        WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(20));
        browser.get("http://127.0.0.1:" + broker.consolePort() + "/");
        // The overview and its live chart (uPlot draws into a canvas).
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.tagName("main"), "V5_"));
        wait.until(
                ExpectedConditions.presenceOfElementLocated(By.cssSelector("#tps-chart canvas")));
        // From its first point on, the time axis spans minutes, not years (#35).
        JavascriptExecutor script = (JavascriptExecutor) browser;
        wait.until(
                driver ->
                        ((Number)
                                                script.executeScript(
                                                        "return document.getElementById('tps-chart')"
                                                                + ".plot.data[0].length"))
                                        .intValue()
                                >= 1);
        double span =
                ((Number)
                                script.executeScript(
                                        "const x = document.getElementById('tps-chart').plot"
                                                + ".scales.x; return x.max - x.min"))
                        .doubleValue();
        assertThat(span).isBetween(60.0, 600.0);

        browser.findElement(By.id("nav-topics")).click();
        WebElement name = wait.until(ExpectedConditions.elementToBeClickable(By.id("new-topic")));
        name.sendKeys("BrowserTopic");
        browser.findElement(By.id("create-topic")).click();
        wait.until(
                ExpectedConditions.presenceOfElementLocated(
                        By.cssSelector("#topic-list tr[data-topic='BrowserTopic']")));
        // Each broker's outcome: this one alone, applied.
        assertThat(browser.findElement(By.cssSelector("#topic-outcomes li.ok")).getText())
                .contains("applied");
        Screenshots.take(browser, "console-topics");

        browser.findElement(By.id("nav-messages")).click();
        wait.until(ExpectedConditions.elementToBeClickable(By.id("msg-topic")))
                .sendKeys("BrowserTopic");
        browser.findElement(By.id("msg-key")).sendKeys("browser-key");
        browser.findElement(By.id("msg-body")).sendKeys("sent from the browser");
        browser.findElement(By.id("send")).click();
        wait.until(ExpectedConditions.presenceOfElementLocated(By.id("sent")));

        // The key index is written just after the send is answered: look until it is there.
        wait.until(
                driver -> {
                    driver.findElement(By.id("find")).click();
                    return driver.findElement(By.id("results"))
                            .getText()
                            .contains("sent from the browser");
                });
        assertThat(browser.findElements(By.id("error"))).isEmpty();
        Screenshots.take(browser, "console-messages");

        browser.findElement(By.id("theme")).click();
        assertThat(browser.findElement(By.tagName("html")).getDomAttribute("data-theme"))
                .isEqualTo("dark");
        Screenshots.take(browser, "console-messages-dark");
    }
}
