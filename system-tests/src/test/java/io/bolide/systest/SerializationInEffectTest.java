package io.bolide.systest;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.testsupport.ClientVersionDependent;
import java.nio.ByteBuffer;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.junit.jupiter.api.Test;

/**
 * Guards the two surefire executions: the client in this JVM really encodes its requests in the
 * serialization the execution asked for, so every other test here runs in that serialization.
 */
@ClientVersionDependent
class SerializationInEffectTest {

    @Test
    void shouldEncodeRequestsInTheConfiguredSerialization() {
        SerializeType configured =
                SerializeType.valueOf(System.getProperty("rocketmq.serialize.type", "JSON"));
        assertThat(RemotingCommand.getSerializeTypeConfigInThisServer()).isEqualTo(configured);

        RemotingCommand request =
                RemotingCommand.createRequestCommand(RequestCode.HEART_BEAT, null);
        ByteBuffer header = request.encodeHeader();
        // length field, then the header-info word whose high byte names the serialization
        assertThat(header.get(4)).isEqualTo(configured.getCode());
    }
}
