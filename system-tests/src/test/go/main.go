// Command goclient drives Bolide with the official RocketMQ Go client: it produces messages with
// tags and keys, consumes them with a push consumer, and prints one RECEIVED line per distinct
// message. The Java system tests GoClientTest and GoClientAclTest build and run it against an
// embedded broker.
//
// Usage: goclient <nameServer> <topic> <group> <count> [<accessKey> <secretKey> [refused]]
//
// With credentials, the producer and the consumer sign every request (primitive.Credentials, the
// client's ACL interceptor). With "refused", the program expects its first send to be refused,
// prints "REFUSED <error>" and consumes nothing.
package main

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/apache/rocketmq-client-go/v2"
	"github.com/apache/rocketmq-client-go/v2/consumer"
	"github.com/apache/rocketmq-client-go/v2/primitive"
	"github.com/apache/rocketmq-client-go/v2/producer"
	"github.com/apache/rocketmq-client-go/v2/rlog"
)

const deadline = 60 * time.Second

func main() {
	if len(os.Args) != 5 && len(os.Args) != 7 && len(os.Args) != 8 {
		fail("usage: goclient <nameServer> <topic> <group> <count> [<accessKey> <secretKey> [refused]]")
	}
	nameServer, topic, group := os.Args[1], os.Args[2], os.Args[3]
	count, err := strconv.Atoi(os.Args[4])
	if err != nil || count <= 0 {
		fail("count must be a positive integer")
	}
	var credentials *primitive.Credentials
	if len(os.Args) >= 7 {
		credentials = &primitive.Credentials{AccessKey: os.Args[5], SecretKey: os.Args[6]}
	}
	rlog.SetLogLevel("warn")

	if len(os.Args) == 8 {
		if os.Args[7] != "refused" {
			fail("the last argument can only be refused")
		}
		expectRefused(nameServer, topic, credentials)
		return
	}
	sent := produce(nameServer, topic, count, credentials)
	received := consume(nameServer, topic, group, sent, credentials)
	for _, key := range sortedKeys(sent) {
		fmt.Printf("RECEIVED key=%s tag=%s body=%s\n", key, received[key].tag, received[key].body)
	}
	fmt.Printf("OK %d\n", len(received))
}

type message struct {
	tag  string
	body string
}

func tagOf(i int) string {
	if i%2 == 0 {
		return "TagA"
	}
	return "TagB"
}

func newProducer(nameServer string, credentials *primitive.Credentials) rocketmq.Producer {
	options := []producer.Option{
		producer.WithNsResolver(primitive.NewPassthroughResolver([]string{nameServer})),
		producer.WithGroupName("go-producer"),
		producer.WithRetry(2),
		producer.WithSendMsgTimeout(5 * time.Second),
	}
	if credentials != nil {
		options = append(options, producer.WithCredentials(*credentials))
	}
	p, err := rocketmq.NewProducer(options...)
	check(err, "new producer")
	check(p.Start(), "start producer")
	return p
}

// expectRefused sends one message and succeeds only if the broker refuses it.
func expectRefused(nameServer, topic string, credentials *primitive.Credentials) {
	p := newProducer(nameServer, credentials)
	defer p.Shutdown()
	msg := primitive.NewMessage(topic, []byte("never stored"))
	res, err := p.SendSync(context.Background(), msg)
	if err == nil {
		fail(fmt.Sprintf("send accepted: status %d", res.Status))
	}
	fmt.Printf("REFUSED %s\n", strings.ReplaceAll(err.Error(), "\n", " "))
}

func produce(nameServer, topic string, count int, credentials *primitive.Credentials) map[string]message {
	p := newProducer(nameServer, credentials)
	defer p.Shutdown()
	sent := make(map[string]message, count)
	for i := 0; i < count; i++ {
		key := "go-key-" + strconv.Itoa(i)
		m := message{tag: tagOf(i), body: "go body " + strconv.Itoa(i)}
		msg := primitive.NewMessage(topic, []byte(m.body))
		msg.WithTag(m.tag)
		msg.WithKeys([]string{key})
		res, err := p.SendSync(context.Background(), msg)
		check(err, "send "+key)
		if res.Status != primitive.SendOK {
			fail(fmt.Sprintf("send %s: status %d", key, res.Status))
		}
		sent[key] = m
	}
	return sent
}

func consume(nameServer, topic, group string, sent map[string]message,
	credentials *primitive.Credentials) map[string]message {
	options := []consumer.Option{
		consumer.WithNsResolver(primitive.NewPassthroughResolver([]string{nameServer})),
		consumer.WithGroupName(group),
		consumer.WithConsumeFromWhere(consumer.ConsumeFromFirstOffset),
	}
	if credentials != nil {
		options = append(options, consumer.WithCredentials(*credentials))
	}
	c, err := rocketmq.NewPushConsumer(options...)
	check(err, "new push consumer")
	var mu sync.Mutex
	received := make(map[string]message, len(sent))
	done := make(chan struct{})
	selector := consumer.MessageSelector{Type: consumer.TAG, Expression: "TagA || TagB"}
	err = c.Subscribe(topic, selector, func(_ context.Context,
		msgs ...*primitive.MessageExt) (consumer.ConsumeResult, error) {
		mu.Lock()
		defer mu.Unlock()
		for _, msg := range msgs {
			received[msg.GetKeys()] = message{tag: msg.GetTags(), body: string(msg.Body)}
		}
		if len(received) >= len(sent) && !closed(done) {
			close(done)
		}
		return consumer.ConsumeSuccess, nil
	})
	check(err, "subscribe")
	check(c.Start(), "start push consumer")
	defer c.Shutdown()
	select {
	case <-done:
	case <-time.After(deadline):
		mu.Lock()
		defer mu.Unlock()
		fail(fmt.Sprintf("timed out: received %d of %d messages", len(received), len(sent)))
	}
	mu.Lock()
	defer mu.Unlock()
	result := make(map[string]message, len(received))
	for k, v := range received {
		result[k] = v
	}
	return result
}

func closed(ch chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}

func sortedKeys(m map[string]message) []string {
	keys := make([]string, 0, len(m))
	for i := 0; i < len(m); i++ {
		keys = append(keys, "go-key-"+strconv.Itoa(i))
	}
	return keys
}

func check(err error, what string) {
	if err != nil {
		fail(what + ": " + err.Error())
	}
}

func fail(message string) {
	fmt.Fprintln(os.Stderr, "FAIL "+strings.TrimSpace(message))
	os.Exit(1)
}
