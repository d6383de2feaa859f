package io.bolide.broker.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.Broker;
import io.bolide.broker.ClientRoutes;
import io.bolide.remoting.RemotingServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * A group's lag watched in a real browser while the official clients work: the producer sends, the
 * open group page's lag (refreshed without a reload) rises; the push consumer starts, it falls to
 * zero; a reset to the earliest offset from the page makes the online consumer read it all again;
 * the messages found by time range show their JSON bodies pretty-printed, and as hex; with message
 * trace on in both clients, a message's trace shows its send and both consumptions (#35).
 */
class ConsoleLagBrowserTest {
    private static final String TOPIC = "LagTopic";
    private static final String GROUP = "lag-cg";
    private static final int MESSAGES = 20;

    @TempDir Path dir;
    @TempDir Path profile;

    private Broker broker;
    private RemotingServer names;
    private WebDriver browser;
    private DefaultMQProducer producer;
    private DefaultMQPushConsumer consumer;
    private final AtomicInteger consumed = new AtomicInteger();

    @BeforeEach
    void start() throws Exception {
        ConsoleBrowserTest.assumeChromium();
        broker = ConsoleApiTest.start(dir, Map.of("traceTopicEnable", "true"));
        names = ClientRoutes.nameServer(broker);
        post("/api/topics", "{\"topic\":\"" + TOPIC + "\"}");
        // The group's offsets start at the (empty) topic's beginning: it is listed, lag 0.
        post(
                "/api/groups/" + GROUP + "/reset",
                "{\"topic\":\"" + TOPIC + "\",\"to\":\"earliest\"}");
        browser = ConsoleBrowserTest.chromium(profile);
    }

    @AfterEach
    void stop() {
        if (consumer != null) {
            consumer.shutdown();
        }
        if (producer != null) {
            producer.shutdown();
        }
        if (browser != null) {
            browser.quit();
        }
        if (names != null) {
            names.close();
        }
        if (broker != null) {
            broker.close();
        }
    }

    private void post(String path, String body) throws Exception {
        HttpResponse<String> response =
                HttpClient.newHttpClient()
                        .send(
                                HttpRequest.newBuilder(
                                                URI.create(
                                                        "http://127.0.0.1:"
                                                                + broker.consolePort()
                                                                + path))
                                        .POST(HttpRequest.BodyPublishers.ofString(body))
                                        .build(),
                                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
    }

    private String nameServer() {
        return "127.0.0.1:" + names.port();
    }

    private void produce() throws Exception {
        producer = new DefaultMQProducer("lag-pg", true, null);
        producer.setNamesrvAddr(nameServer());
        producer.start();
        for (int i = 0; i < MESSAGES; i++) {
            Message message =
                    new Message(TOPIC, ("{\"n\":" + i + "}").getBytes(StandardCharsets.UTF_8));
            assertThat(producer.send(message).getSendStatus()).isEqualTo(SendStatus.SEND_OK);
        }
    }

    private void consume() throws Exception {
        consumer = new DefaultMQPushConsumer(GROUP, true, null);
        consumer.setNamesrvAddr(nameServer());
        consumer.subscribe(TOPIC, "*");
        consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        // Commit quickly, so the lag the page shows follows the consumer closely.
        consumer.setPersistConsumerOffsetInterval(500);
        consumer.registerMessageListener(
                (MessageListenerConcurrently)
                        (messages, context) -> {
                            consumed.addAndGet(messages.size());
                            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
                        });
        consumer.start();
    }

    @Test
    void theGroupPagesLagGrowsWhileProducingAndShrinksToZeroOnceAConsumerRuns() throws Exception {
        WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(30));
        browser.get("http://127.0.0.1:" + broker.consolePort() + "/#groups");
        wait.until(
                        ExpectedConditions.elementToBeClickable(
                                By.cssSelector("#group-list tr[data-group='" + GROUP + "'] a")))
                .click();
        wait.until(ExpectedConditions.textToBe(By.id("group-lag"), "0"));
        wait.until(
                ExpectedConditions.presenceOfElementLocated(
                        By.cssSelector("#group-lag-chart canvas")));

        produce();
        // No reload: the page polls its group.
        wait.until(ExpectedConditions.textToBe(By.id("group-lag"), Integer.toString(MESSAGES)));
        wait.until(
                ExpectedConditions.textToBe(
                        By.cssSelector("#group-list tr[data-group='" + GROUP + "'] td.lag"),
                        Integer.toString(MESSAGES)));
        // The chart plots the same lag from /api/metrics.
        wait.until(
                ExpectedConditions.attributeToBe(
                        By.id("group-lag-chart"), "data-last", "[" + MESSAGES + "]"));

        consume();
        wait.until(ExpectedConditions.textToBe(By.id("group-lag"), "0"));
        wait.until(ExpectedConditions.attributeToBe(By.id("group-lag-chart"), "data-last", "[0]"));
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("group-clients"), "@"));
        assertThat(consumed.get()).isGreaterThanOrEqualTo(MESSAGES);
        Screenshots.take(browser, "console-group-lag");

        // Reset to the earliest from the page: the online consumer is told and reads it all again.
        new Select(browser.findElement(By.id("reset-to"))).selectByValue("earliest");
        browser.findElement(By.id("reset-offsets")).click();
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("reset-note"), TOPIC));
        assertThat(browser.findElement(By.id("reset-note")).getText()).doesNotContain("stored");
        wait.until(driver -> consumed.get() >= 2 * MESSAGES);
        wait.until(ExpectedConditions.textToBe(By.id("group-lag"), "0"));

        // The messages by time range (from the beginning), each JSON body pretty-printed.
        browser.findElement(By.id("nav-messages")).click();
        wait.until(ExpectedConditions.elementToBeClickable(By.id("msg-topic"))).sendKeys(TOPIC);
        browser.findElement(By.id("find-range")).click();
        wait.until(
                ExpectedConditions.numberOfElementsToBe(
                        By.cssSelector("#results pre.body-json"), MESSAGES));
        assertThat(browser.findElement(By.cssSelector("#results pre.body-json")).getText())
                .matches("(?s)\\{\\s+\"n\": \\d+\\s+\\}");
        browser.findElement(By.cssSelector("#results .message button.view-hex")).click();
        assertThat(browser.findElement(By.cssSelector("#results pre.body-hex")).getText())
                .startsWith("7b226e223a");
        assertThat(browser.findElements(By.id("error"))).isEmpty();

        // The trace: the clients' dispatchers send their records in the background, so the open
        // section is opened again until the send and both consumptions (first and after the
        // reset) are there.
        WebElement trace = browser.findElement(By.cssSelector("#results .message details.trace"));
        wait.until(
                driver -> {
                    if (trace.getDomAttribute("open") != null) {
                        trace.findElement(By.tagName("summary")).click();
                    }
                    trace.findElement(By.tagName("summary")).click();
                    return trace.findElements(By.cssSelector("tr.trace-SubAfter")).size() >= 2
                            && !trace.findElements(By.cssSelector("tr.trace-Pub")).isEmpty();
                });
        assertThat(trace.findElement(By.cssSelector("tr.trace-Pub")).getText())
                .contains("sent", "lag-pg", "ok");
        assertThat(trace.findElement(By.cssSelector("tr.trace-SubAfter")).getText())
                .contains("consumed", GROUP, "ok");
        Screenshots.take(browser, "console-message-trace");
    }
}
