package io.bolide.admin;

import io.bolide.protocol.body.BodyCodec;
import io.bolide.protocol.body.UserInfo;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.header.ListUsersRequestHeader;
import io.bolide.protocol.header.UserRequestHeader;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * {@code user list|get|create|update|delete}: ACL 2.0 users (AUTH_CREATE_USER … AUTH_LIST_USER,
 * 3001–3005) on each master of a cluster, or one broker. Each broker keeps its own users, so a list
 * shows the broker beside each user; a change goes to every target, as mqadmin's {@code -c} does.
 */
final class UserCommands {
    private static final List<String> TYPES = List.of("Super", "Normal");
    private static final List<String> STATUSES = List.of("enable", "disable");

    private UserCommands() {}

    static Report run(String verb, CommandArgs args, AdminClient client) throws AdminException {
        switch (verb) {
            case "list":
                return list(client, args);
            case "get":
                return get(client, args);
            case "create":
                return change(client, args, RequestCode.AUTH_CREATE_USER, "created", true);
            case "update":
                return change(client, args, RequestCode.AUTH_UPDATE_USER, "updated", false);
            case "delete":
                return delete(client, args);
            default:
                throw AdminException.usage("unknown user command: " + verb);
        }
    }

    private static Report list(AdminClient client, CommandArgs args) throws AdminException {
        ListUsersRequestHeader header = new ListUsersRequestHeader().filter(args.value("--filter"));
        Report report = new Report("broker", "username", "userType", "userStatus");
        for (String broker : ClusterCommand.targets(client, args)) {
            UserInfo[] users =
                    AdminClient.decodeList(
                            client.call(broker, RequestCode.AUTH_LIST_USER, header, null),
                            UserInfo[].class,
                            broker);
            Arrays.sort(users, Comparator.comparing(UserInfo::username));
            for (UserInfo user : users) {
                report.row(broker, user.username(), user.userType(), user.userStatus());
            }
        }
        return report;
    }

    private static Report get(AdminClient client, CommandArgs args) throws AdminException {
        UserRequestHeader header = new UserRequestHeader().username(args.required("--user"));
        Report report = new Report("broker", "username", "userType", "userStatus");
        for (String broker : ClusterCommand.targets(client, args)) {
            UserInfo user =
                    client.decoded(broker, RequestCode.AUTH_GET_USER, header, UserInfo.class);
            report.row(broker, user.username(), user.userType(), user.userStatus());
        }
        return report;
    }

    private static Report change(
            AdminClient client, CommandArgs args, int code, String result, boolean creating)
            throws AdminException {
        String name = args.required("--user");
        String password = creating ? args.required("--password") : args.value("--password");
        String type = oneOf(args, "--user-type", TYPES);
        String status = oneOf(args, "--user-status", STATUSES);
        if (!creating && password == null && type == null && status == null) {
            throw AdminException.usage(
                    "user update changes nothing: give --password, --user-type or --user-status");
        }
        byte[] body = BodyCodec.encode(new UserInfo(name, password, type, status));
        UserRequestHeader header = new UserRequestHeader().username(name);
        Report report = new Report("broker", "username", "result");
        for (String broker : ClusterCommand.targets(client, args)) {
            client.call(broker, code, header, body);
            report.row(broker, name, result);
        }
        return report;
    }

    private static Report delete(AdminClient client, CommandArgs args) throws AdminException {
        String name = args.required("--user");
        UserRequestHeader header = new UserRequestHeader().username(name);
        Report report = new Report("broker", "username", "result");
        for (String broker : ClusterCommand.targets(client, args)) {
            client.call(broker, RequestCode.AUTH_DELETE_USER, header, null);
            report.row(broker, name, "deleted");
        }
        return report;
    }

    /** The flag's value if it is one of {@code allowed} (any case), spelt as they are; or null. */
    static String oneOf(CommandArgs args, String flag, List<String> allowed) throws AdminException {
        String value = args.value(flag);
        if (value == null) {
            return null;
        }
        for (String candidate : allowed) {
            if (candidate.equalsIgnoreCase(value)) {
                return candidate;
            }
        }
        throw AdminException.usage(
                flag + " is one of " + String.join(", ", allowed) + ", not '" + value + "'");
    }
}
