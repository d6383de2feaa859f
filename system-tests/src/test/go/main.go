// Command goclient drives Bolide with the official RocketMQ Go client: it produces messages with
// tags and keys, consumes them with a push consumer, and prints one RECEIVED line per distinct
// message. The Java system test GoClientTest builds and runs it against an embedded broker.
//
// Usage: goclient <nameServer> <topic> <group> <count>
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
	if len(os.Args) != 5 {
		fail("usage: goclient <nameServer> <topic> <group> <count>")
	}
	nameServer, topic, group := os.Args[1], os.Args[2], os.Args[3]
	count, err := strconv.Atoi(os.Args[4])
	if err != nil || count <= 0 {
		fail("count must be a positive integer")
	}
	rlog.SetLogLevel("warn")

	sent := produce(nameServer, topic, count)
	received := consume(nameServer, topic, group, sent)
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

func produce(nameServer, topic string, count int) map[string]message {
	p, err := rocketmq.NewProducer(
		producer.WithNsResolver(primitive.NewPassthroughResolver([]string{nameServer})),
		producer.WithGroupName("go-producer"),
		producer.WithRetry(2),
		producer.WithSendMsgTimeout(5*time.Second),
	)
	check(err, "new producer")
	check(p.Start(), "start producer")
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

func consume(nameServer, topic, group string, sent map[string]message) map[string]message {
	c, err := rocketmq.NewPushConsumer(
		consumer.WithNsResolver(primitive.NewPassthroughResolver([]string{nameServer})),
		consumer.WithGroupName(group),
		consumer.WithConsumeFromWhere(consumer.ConsumeFromFirstOffset),
	)
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
