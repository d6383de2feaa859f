"""The official Python gRPC SDK (rocketmq-python-client) against a gRPC endpoint (Apache's proxy or
Bolide's own port): produce COUNT messages,
receive them with a SimpleConsumer and ack each. Prints one RECEIVED line per message and OK <n>
when every message arrived once, else FAIL; exits 0 only for OK. Run by GrpcScenarios (ProxyInteropTest, NativeGrpcInteropTest).

Usage: python grpc_roundtrip.py ENDPOINT TOPIC GROUP COUNT [tls]

With "tls" the clients connect over TLS (the SDK's tls_enable); gRPC then checks the server's
certificate against the roots GRPC_DEFAULT_SSL_ROOTS_FILE_PATH names (else the system's).
"""
import sys
import time

from rocketmq import (ClientConfiguration, Credentials, FilterExpression, Message,
                      Producer, SimpleConsumer)


def main():
    endpoint, topic, group, count = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    tls = len(sys.argv) > 5 and sys.argv[5] == "tls"
    config = ClientConfiguration(endpoint, Credentials(), request_timeout=10)
    consumer = SimpleConsumer(config, group, {topic: FilterExpression("*")}, await_duration=2,
                              tls_enable=tls)
    consumer.startup()
    producer = Producer(config, (topic,), tls_enable=tls)
    producer.startup()
    try:
        for i in range(count):
            message = Message()
            message.topic = topic
            message.body = ("python-%d" % i).encode("utf-8")
            message.tag = "TagPy"
            message.keys = "py-key-%d" % i
            message.add_property("index", str(i))
            producer.send(message)
        seen = {}
        deadline = time.time() + 60
        while len(seen) < count and time.time() < deadline:
            for view in consumer.receive(16, 30) or []:
                body = view.body.decode("utf-8")
                seen[body] = seen.get(body, 0) + 1
                print("RECEIVED %s|%s|%s|%s" % (body, view.tag, ",".join(view.keys),
                                                view.properties.get("index")), flush=True)
                consumer.ack(view)
        once = len(seen) == count and all(n == 1 for n in seen.values())
        print(("OK %d" if once else "FAIL %d") % len(seen), flush=True)
        return 0 if once else 1
    finally:
        producer.shutdown()
        consumer.shutdown()


if __name__ == "__main__":
    sys.exit(main())
