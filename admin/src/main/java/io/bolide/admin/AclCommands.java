package io.bolide.admin;

import io.bolide.protocol.body.AclInfo;
import io.bolide.protocol.body.AclInfo.PolicyEntryInfo;
import io.bolide.protocol.body.AclInfo.PolicyInfo;
import io.bolide.protocol.body.BodyCodec;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.header.AclRequestHeader;
import io.bolide.protocol.header.DeleteAclRequestHeader;
import io.bolide.protocol.header.ListAclsRequestHeader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * {@code acl list|get|create|update|delete}: ACL 2.0 policies (AUTH_CREATE_ACL … AUTH_LIST_ACL,
 * 3006–3010) of a subject ({@code User:NAME}) on each master of a cluster, or one broker. One row
 * per policy entry; a change goes to every target. Resources are checked by the broker, whose
 * answer names what it refused; actions and the decision are checked here so a typo fails before
 * anything is sent.
 */
final class AclCommands {
    private static final List<String> ACTIONS =
            List.of("All", "Pub", "Sub", "Create", "Update", "Delete", "Get", "List");
    private static final List<String> DECISIONS = List.of("Allow", "Deny");
    private static final String CUSTOM = "Custom";

    private AclCommands() {}

    static Report run(String verb, CommandArgs args, AdminClient client) throws AdminException {
        switch (verb) {
            case "list":
                return list(client, args);
            case "get":
                return get(client, args);
            case "create":
                return change(client, args, RequestCode.AUTH_CREATE_ACL, "created");
            case "update":
                return change(client, args, RequestCode.AUTH_UPDATE_ACL, "updated");
            case "delete":
                return delete(client, args);
            default:
                throw AdminException.usage("unknown acl command: " + verb);
        }
    }

    private static Report list(AdminClient client, CommandArgs args) throws AdminException {
        ListAclsRequestHeader header =
                new ListAclsRequestHeader()
                        .subjectFilter(args.value("--subject"))
                        .resourceFilter(args.value("--resource"));
        Report report = entries();
        for (String broker : ClusterCommand.targets(client, args)) {
            AclInfo[] acls =
                    AdminClient.decodeList(
                            client.call(broker, RequestCode.AUTH_LIST_ACL, header, null),
                            AclInfo[].class,
                            broker);
            Arrays.sort(acls, Comparator.comparing(AclInfo::subject));
            for (AclInfo acl : acls) {
                rows(report, broker, acl);
            }
        }
        return report;
    }

    private static Report get(AdminClient client, CommandArgs args) throws AdminException {
        AclRequestHeader header = new AclRequestHeader().subject(subject(args));
        Report report = entries();
        for (String broker : ClusterCommand.targets(client, args)) {
            rows(
                    report,
                    broker,
                    client.decoded(broker, RequestCode.AUTH_GET_ACL, header, AclInfo.class));
        }
        return report;
    }

    private static Report change(AdminClient client, CommandArgs args, int code, String result)
            throws AdminException {
        String subject = subject(args);
        List<String> actions = listOf(args, "--actions", ACTIONS);
        String decision = UserCommands.oneOf(args, "--decision", DECISIONS);
        if (decision == null) {
            throw AdminException.usage("missing --decision (Allow or Deny)");
        }
        List<String> sourceIps = split(args.value("--source-ips"));
        List<PolicyEntryInfo> entries = new ArrayList<>();
        for (String resource : split(args.required("--resources"))) {
            entries.add(new PolicyEntryInfo(resource, actions, sourceIps, decision));
        }
        AclInfo acl = new AclInfo(subject, List.of(new PolicyInfo(CUSTOM, entries)));
        byte[] body = BodyCodec.encode(acl);
        AclRequestHeader header = new AclRequestHeader().subject(subject);
        Report report = new Report("broker", "subject", "result");
        for (String broker : ClusterCommand.targets(client, args)) {
            client.call(broker, code, header, body);
            report.row(broker, subject, result);
        }
        return report;
    }

    private static Report delete(AdminClient client, CommandArgs args) throws AdminException {
        String subject = subject(args);
        String resource = args.value("--resource");
        DeleteAclRequestHeader header =
                new DeleteAclRequestHeader()
                        .subject(subject)
                        .policyType(resource == null ? null : CUSTOM)
                        .resource(resource);
        Report report = new Report("broker", "subject", "result");
        for (String broker : ClusterCommand.targets(client, args)) {
            client.call(broker, RequestCode.AUTH_DELETE_ACL, header, null);
            report.row(broker, subject, "deleted");
        }
        return report;
    }

    private static Report entries() {
        return new Report(
                "broker", "subject", "policyType", "resource", "actions", "sourceIps", "decision");
    }

    private static void rows(Report report, String broker, AclInfo acl) {
        for (PolicyInfo policy : acl.policies()) {
            for (PolicyEntryInfo entry : policy.entries()) {
                report.row(
                        broker,
                        acl.subject(),
                        policy.policyType() == null ? CUSTOM : policy.policyType(),
                        entry.resource(),
                        String.join(",", entry.actions()),
                        entry.sourceIps().isEmpty() ? null : String.join(",", entry.sourceIps()),
                        entry.decision());
            }
        }
    }

    /**
     * {@code -s User:NAME}; a bare name is refused so no one grants to a subject they did not mean.
     */
    private static String subject(CommandArgs args) throws AdminException {
        String subject = args.required("--subject");
        if (!subject.startsWith("User:") || subject.length() == "User:".length()) {
            throw AdminException.usage("--subject is User:NAME, not '" + subject + "'");
        }
        return subject;
    }

    private static List<String> listOf(CommandArgs args, String flag, List<String> allowed)
            throws AdminException {
        List<String> values = new ArrayList<>();
        for (String value : split(args.required(flag))) {
            String known =
                    allowed.stream()
                            .filter(a -> a.equalsIgnoreCase(value))
                            .findFirst()
                            .orElse(null);
            if (known == null) {
                throw AdminException.usage(
                        flag + " takes " + String.join(", ", allowed) + ", not '" + value + "'");
            }
            values.add(known);
        }
        return values;
    }

    private static List<String> split(String list) {
        if (list == null || list.isBlank()) {
            return List.of();
        }
        return Arrays.stream(list.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }
}
