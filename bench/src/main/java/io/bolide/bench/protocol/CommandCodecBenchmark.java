package io.bolide.bench.protocol;

import io.bolide.protocol.frame.SerializeType;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import java.util.concurrent.TimeUnit;
import org.apache.rocketmq.remoting.exception.RemotingCommandException;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Encode and decode of the four commands that dominate a broker's traffic, Bolide beside the Apache
 * RocketMQ 5.4.0 classes in the same run. Encoding writes into one reused pooled direct buffer (as
 * a Netty encoder does), so B/op counts only what the codec itself allocates.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class CommandCodecBenchmark {

    @Param({"SEND_V2_REQUEST", "SEND_RESPONSE", "PULL_REQUEST", "PULL_RESPONSE"})
    public String command;

    @Param({"JSON", "ROCKETMQ"})
    public String serialization;

    private CodecFixture fixture;
    private ByteBuf out;
    private ByteBuf frame;

    @Setup(Level.Trial)
    public void setUp() {
        SerializeType type = SerializeType.valueOf(serialization);
        fixture =
                switch (command) {
                    case "SEND_V2_REQUEST" -> new SendRequestFixture(type);
                    case "SEND_RESPONSE" -> new SendResponseFixture(type);
                    case "PULL_REQUEST" -> new PullRequestFixture(type);
                    case "PULL_RESPONSE" -> new PullResponseFixture(type);
                    default -> throw new IllegalArgumentException(command);
                };
        out = PooledByteBufAllocator.DEFAULT.directBuffer(4096);
        frame = fixture.apacheFrame();
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        out.release();
        frame.release();
        fixture.release();
    }

    @Benchmark
    public int encodeBolide() {
        out.clear();
        fixture.encodeBolide(out);
        return out.writerIndex();
    }

    @Benchmark
    public int encodeApache() {
        out.clear();
        fixture.encodeApache(out);
        return out.writerIndex();
    }

    @Benchmark
    public Object decodeBolide() {
        return fixture.decodeBolide(frame);
    }

    @Benchmark
    public Object decodeApache() throws RemotingCommandException {
        return fixture.decodeApache(frame);
    }
}
