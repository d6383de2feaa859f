package io.bolide.broker.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.Broker;
import io.bolide.broker.ClientRoutes;
import io.bolide.remoting.RemotingServer;
import io.bolide.testsupport.Await;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.rocketmq.acl.common.AclClientRPCHook;
import org.apache.rocketmq.acl.common.SessionCredentials;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.consumer.rebalance.AllocateMessageQueueAveragely;
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
 * The console under ACL 2.0 in a real browser, with the official clients producing and consuming:
 * the admin logs in and gives a new user a policy; that user logs in, is refused what the policy
 * does not allow, and resends a dead letter that the group's consumer then receives.
 */
class ConsoleAclBrowserTest {
    private static final String TOPIC = "DlqTopic";
    private static final String GROUP = "dlq-cg";

    @TempDir Path dir;
    @TempDir Path profile;

    private Broker broker;
    private RemotingServer names;
    private WebDriver browser;
    private DefaultMQProducer producer;
    private DefaultMQPushConsumer consumer;
    private final Map<String, AtomicInteger> deliveries = new ConcurrentHashMap<>();

    @BeforeEach
    void start() throws Exception {
        ConsoleBrowserTest.assumeChromium();
        broker = ConsoleLoginTest.startWithAcl(dir);
        names = ClientRoutes.nameServer(broker);
        createTopicAsAdmin();
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

    private void createTopicAsAdmin() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        String base = "http://127.0.0.1:" + broker.consolePort();
        HttpResponse<String> login =
                http.send(
                        HttpRequest.newBuilder(URI.create(base + "/api/login"))
                                .POST(
                                        HttpRequest.BodyPublishers.ofString(
                                                ConsoleLoginTest.ADMIN_LOGIN))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        String cookie = login.headers().firstValue("Set-Cookie").orElseThrow().split(";")[0];
        HttpResponse<String> created =
                http.send(
                        HttpRequest.newBuilder(URI.create(base + "/api/topics"))
                                .header("Cookie", cookie)
                                .POST(
                                        HttpRequest.BodyPublishers.ofString(
                                                "{\"topic\":\"" + TOPIC + "\"}"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
    }

    /**
     * A consumer that fails each message the first time (straight to the dead-letter queue) and
     * takes any later delivery of it: the resend is one.
     */
    private void startClients() throws Exception {
        String nameServer = "127.0.0.1:" + names.port();
        SessionCredentials admin = new SessionCredentials("admin", "admin-secret-1");
        producer = new DefaultMQProducer("dlq-pg", new AclClientRPCHook(admin));
        producer.setNamesrvAddr(nameServer);
        producer.start();
        consumer =
                new DefaultMQPushConsumer(
                        GROUP, new AclClientRPCHook(admin), new AllocateMessageQueueAveragely());
        consumer.setNamesrvAddr(nameServer);
        consumer.subscribe(TOPIC, "*");
        consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        consumer.registerMessageListener(
                (MessageListenerConcurrently)
                        (messages, context) -> {
                            for (var message : messages) {
                                String body = new String(message.getBody(), StandardCharsets.UTF_8);
                                int seen =
                                        deliveries
                                                .computeIfAbsent(body, b -> new AtomicInteger())
                                                .incrementAndGet();
                                if (seen == 1) {
                                    context.setDelayLevelWhenNextConsume(-1);
                                    return ConsumeConcurrentlyStatus.RECONSUME_LATER;
                                }
                            }
                            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
                        });
        consumer.start();
        Message message = new Message(TOPIC, "dead letter body".getBytes(StandardCharsets.UTF_8));
        assertThat(producer.send(message).getSendStatus()).isEqualTo(SendStatus.SEND_OK);
        Await.until(
                Duration.ofSeconds(30),
                () ->
                        ClientRoutes.hasTopic(broker, "%DLQ%" + GROUP)
                                && delivered("dead letter body") == 1,
                "the message failed once and went to the dead-letter queue");
    }

    private int delivered(String body) {
        AtomicInteger count = deliveries.get(body);
        return count == null ? 0 : count.get();
    }

    @Test
    void adminGivesAUserAPolicyWhichIsEnforcedAndItsDeadLetterResendReachesTheConsumer()
            throws Exception {
        startClients();
        WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(20));
        browser.get("http://127.0.0.1:" + broker.consolePort() + "/");
        logIn(wait, "admin", "admin-secret-1");

        browser.findElement(By.id("nav-users")).click();
        wait.until(ExpectedConditions.elementToBeClickable(By.id("new-user"))).sendKeys("carol");
        browser.findElement(By.id("new-user-secret")).sendKeys("carol-secret");
        browser.findElement(By.id("create-user")).click();
        wait.until(
                ExpectedConditions.presenceOfElementLocated(
                        By.cssSelector("#user-list tr[data-user='carol']")));
        for (String resource : List.of("Group:" + GROUP, "Topic:" + TOPIC)) {
            policyEntry(wait, "carol", resource, "Sub,Get");
        }
        // A wrong entry is refused with what to write instead.
        policyEntry(browser, "carol", "Queue:x", "Sub");
        assertThat(
                        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("error")))
                                .getText())
                .contains("Topic, Group or Cluster");
        browser.findElement(By.id("logout")).click();

        logIn(wait, "carol", "carol-secret");
        assertThat(browser.findElement(By.id("who")).getText()).contains("carol (Normal)");
        assertThat(browser.getPageSource()).doesNotContain("carol-secret");

        // Denied: carol's policy has no Create on any topic.
        browser.findElement(By.id("nav-topics")).click();
        wait.until(ExpectedConditions.elementToBeClickable(By.id("new-topic"))).sendKeys("CarolT");
        browser.findElement(By.id("create-topic")).click();
        assertThat(
                        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("error")))
                                .getText())
                .contains("User:carol has no permission to access Topic:CarolT")
                .contains("Ask an administrator");
        assertThat(ClientRoutes.hasTopic(broker, "CarolT")).isFalse();

        // Allowed: the group's dead letter, resent to its consumer.
        browser.findElement(By.id("nav-groups")).click();
        wait.until(
                        ExpectedConditions.elementToBeClickable(
                                By.cssSelector("#group-list tr[data-group='" + GROUP + "'] a")))
                .click();
        WebElement resend =
                wait.until(
                        ExpectedConditions.elementToBeClickable(
                                By.cssSelector("#dlq-list button.resend")));
        assertThat(browser.findElement(By.id("dlq-list")).getText()).contains("dead letter body");
        resend.click();
        assertThat(
                        wait.until(
                                        ExpectedConditions.visibilityOfElementLocated(
                                                By.id("resend-result")))
                                .getText())
                .contains("CR_SUCCESS");
        Await.until(
                Duration.ofSeconds(10),
                () -> delivered("dead letter body") == 2,
                "the consumer received the resent dead letter");
        Screenshots.take(browser, "console-group");

        // Every dead-letter queue carol may read, and all of its group's dead letters resent.
        browser.findElement(By.id("nav-dlq")).click();
        WebElement resendAll =
                wait.until(
                        ExpectedConditions.elementToBeClickable(
                                By.cssSelector("#dlq-queues tr[data-dlq='" + GROUP + "'] button")));
        assertThat(browser.findElement(By.id("dlq-queues")).getText()).contains("%DLQ%" + GROUP);
        Screenshots.take(browser, "console-dead-letters");
        resendAll.click();
        wait.until(ExpectedConditions.alertIsPresent()).accept();
        assertThat(
                        wait.until(
                                        ExpectedConditions.visibilityOfElementLocated(
                                                By.id("resend-all-result")))
                                .getText())
                .contains("Resent 1 of 1");
        Await.until(
                Duration.ofSeconds(10),
                () -> delivered("dead letter body") == 3,
                "the consumer received the dead letter again from resend all");

        browser.findElement(By.id("logout")).click();
        logIn(wait, "admin", "admin-secret-1");
        browser.findElement(By.id("nav-users")).click();
        wait.until(
                ExpectedConditions.presenceOfElementLocated(
                        By.cssSelector("#acl-list tr[data-acl='User:carol Group:" + GROUP + "']")));
        Screenshots.take(browser, "console-users-acl");
    }

    private void logIn(WebDriverWait wait, String user, String secret) {
        wait.until(ExpectedConditions.elementToBeClickable(By.id("login-user"))).sendKeys(user);
        browser.findElement(By.id("login-secret")).sendKeys(secret);
        browser.findElement(By.id("login-submit")).click();
        wait.until(ExpectedConditions.presenceOfElementLocated(By.id("logout")));
    }

    private void policyEntry(WebDriverWait wait, String user, String resource, String actions) {
        policyEntry(browser, user, resource, actions);
        wait.until(
                ExpectedConditions.presenceOfElementLocated(
                        By.cssSelector(
                                "#acl-list tr[data-acl='User:" + user + " " + resource + "']")));
    }

    private static void policyEntry(
            WebDriver browser, String user, String resource, String actions) {
        for (String[] field :
                new String[][] {
                    {"acl-user", user}, {"acl-resource", resource}, {"acl-actions", actions}
                }) {
            WebElement input = browser.findElement(By.id(field[0]));
            input.clear();
            input.sendKeys(field[1]);
        }
        new Select(browser.findElement(By.id("acl-decision"))).selectByVisibleText("Allow");
        browser.findElement(By.id("save-acl")).click();
    }
}
