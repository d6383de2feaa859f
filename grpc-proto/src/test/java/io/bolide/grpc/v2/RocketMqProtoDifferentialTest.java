package io.bolide.grpc.v2;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.EnumDescriptor;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.Descriptors.MethodDescriptor;
import com.google.protobuf.Descriptors.OneofDescriptor;
import com.google.protobuf.Descriptors.ServiceDescriptor;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Our hand-written definitions against the published rocketmq-proto jar (test-scoped oracle): every
 * message, field (number, name, type, label, oneof, proto3 optional), enum value and RPC of the
 * package must be the same, so drift on either side fails here rather than on the wire. Only the
 * Java options (package, outer class) differ, by design.
 */
class RocketMqProtoDifferentialTest {

    @Test
    void shouldDefineTheSameMessagesFieldsAndEnumsAsThePublishedDefinitions() {
        assertThat(facts(ServiceProto.getDescriptor()))
                .hasSizeGreaterThan(400)
                .containsExactlyElementsOf(facts(apache.rocketmq.v2.MQService.getDescriptor()));
    }

    @Test
    void shouldServeTheSameRpcsAsThePublishedMessagingService() {
        ServiceDescriptor theirs =
                apache.rocketmq.v2.MQService.getDescriptor().findServiceByName("MessagingService");
        assertThat(rpcs(MessagingServiceMethods.schema()))
                .isNotEmpty()
                .containsExactlyElementsOf(rpcs(theirs));
        List<String> table = new ArrayList<>();
        for (io.grpc.MethodDescriptor<?, ?> m : MessagingServiceMethods.all()) {
            table.add(m.getFullMethodName() + " " + m.getType());
        }
        List<String> oracle = new ArrayList<>();
        for (io.grpc.MethodDescriptor<?, ?> m :
                apache.rocketmq.v2.MessagingServiceGrpc.getServiceDescriptor().getMethods()) {
            oracle.add(m.getFullMethodName() + " " + m.getType());
        }
        assertThat(table).containsExactlyInAnyOrderElementsOf(oracle);
    }

    @Test
    void shouldKeepTheProtobufPackageTheSdksCall() {
        assertThat(MessagingServiceMethods.SERVICE_NAME)
                .isEqualTo("apache.rocketmq.v2.MessagingService")
                .isEqualTo(apache.rocketmq.v2.MessagingServiceGrpc.SERVICE_NAME);
    }

    private static List<String> rpcs(ServiceDescriptor service) {
        List<String> out = new ArrayList<>();
        for (MethodDescriptor m : service.getMethods()) {
            out.add(
                    m.getName()
                            + "("
                            + (m.isClientStreaming() ? "stream " : "")
                            + m.getInputType().getFullName()
                            + ") -> "
                            + (m.isServerStreaming() ? "stream " : "")
                            + m.getOutputType().getFullName());
        }
        return out;
    }

    /** One line per fact of the file and its apache.rocketmq.v2 dependencies, sorted. */
    private static List<String> facts(FileDescriptor root) {
        TreeMap<String, String> sorted = new TreeMap<>();
        collect(root, sorted);
        return new ArrayList<>(sorted.keySet());
    }

    private static void collect(FileDescriptor file, TreeMap<String, String> out) {
        if (!file.getPackage().equals("apache.rocketmq.v2")) {
            return;
        }
        out.put("file " + file.getName() + " syntax " + file.toProto().getSyntax(), "");
        for (FileDescriptor dependency : file.getDependencies()) {
            out.put("file " + file.getName() + " imports " + dependency.getName(), "");
            collect(dependency, out);
        }
        for (EnumDescriptor e : file.getEnumTypes()) {
            collect(e, out);
        }
        for (Descriptor m : file.getMessageTypes()) {
            collect(m, out);
        }
    }

    private static void collect(EnumDescriptor e, TreeMap<String, String> out) {
        for (EnumValueDescriptor v : e.getValues()) {
            out.put("enum " + e.getFullName() + " " + v.getName() + " = " + v.getNumber(), "");
        }
    }

    private static void collect(Descriptor m, TreeMap<String, String> out) {
        out.put("message " + m.getFullName(), "");
        for (EnumDescriptor e : m.getEnumTypes()) {
            collect(e, out);
        }
        for (Descriptor nested : m.getNestedTypes()) {
            collect(nested, out);
        }
        for (OneofDescriptor o : m.getOneofs()) {
            out.put("oneof " + o.getFullName() + " fields " + o.getFieldCount(), "");
        }
        for (FieldDescriptor f : m.getFields()) {
            out.put(field(m, f), "");
        }
    }

    private static String field(Descriptor m, FieldDescriptor f) {
        String type =
                switch (f.getJavaType()) {
                    case MESSAGE -> f.getMessageType().getFullName();
                    case ENUM -> f.getEnumType().getFullName();
                    default -> f.getType().name();
                };
        OneofDescriptor oneof = f.getContainingOneof();
        return "field "
                + m.getFullName()
                + " #"
                + f.getNumber()
                + " "
                + f.getName()
                + " "
                + f.toProto().getLabel()
                + " "
                + type
                + " map="
                + f.isMapField()
                + " optional="
                + f.toProto().getProto3Optional()
                + " oneof="
                + (oneof == null ? "-" : oneof.getName());
    }
}
