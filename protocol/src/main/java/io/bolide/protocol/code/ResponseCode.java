package io.bolide.protocol.code;

/**
 * Response codes of the RocketMQ remoting protocol (5.4.0): the {@code code} field of a response
 * frame. One number space shared by the remoting-level codes (0..4) and the broker/name-server
 * codes, as in the Apache client.
 */
public final class ResponseCode {

    /** Client-internal. */
    public static final int RPC_TIME_OUT = -1006;

    /** Client-internal. */
    public static final int RPC_SEND_TO_CHANNEL_FAILED = -1004;

    /** Client-internal. */
    public static final int RPC_ADDR_IS_NULL = -1002;

    /** Client-internal. */
    public static final int RPC_UNKNOWN = -1000;

    public static final int SUCCESS = 0;

    /** Generic failure, exception on server. */
    public static final int SYSTEM_ERROR = 1;

    /** Flow control / thread pool full / page cache busy. */
    public static final int SYSTEM_BUSY = 2;

    /** Unknown request code. */
    public static final int REQUEST_CODE_NOT_SUPPORTED = 3;

    public static final int TRANSACTION_FAILED = 4;

    /** Send stored but sync flush timed out. */
    public static final int FLUSH_DISK_TIMEOUT = 10;

    /** Sync-master without slave. */
    public static final int SLAVE_NOT_AVAILABLE = 11;

    /** Sync replication timed out. */
    public static final int FLUSH_SLAVE_TIMEOUT = 12;

    /** Bad body/properties size, missing key on compact topic. */
    public static final int MESSAGE_ILLEGAL = 13;

    /** Broker store not writable / shutting down / slave. */
    public static final int SERVICE_NOT_AVAILABLE = 14;

    public static final int VERSION_NOT_SUPPORTED = 15;

    /** Topic or broker not writable/readable, forbidden topic. */
    public static final int NO_PERMISSION = 16;

    /** Name server: no route; broker: topic unknown and auto-create off. */
    public static final int TOPIC_NOT_EXIST = 17;

    public static final int TOPIC_EXIST_ALREADY = 18;

    /** Pull: no new message (after long-poll timeout). */
    public static final int PULL_NOT_FOUND = 19;

    /** Pull: messages existed but none matched the filter. */
    public static final int PULL_RETRY_IMMEDIATELY = 20;

    /** Pull: requested offset illegal. */
    public static final int PULL_OFFSET_MOVED = 21;

    /** Query offset: none stored; query message: nothing found. */
    public static final int QUERY_NOT_FOUND = 22;

    /** Bad subscription expression in pull. */
    public static final int SUBSCRIPTION_PARSE_FAILED = 23;

    /** Pull before the broker knows the group/subscription. */
    public static final int SUBSCRIPTION_NOT_EXIST = 24;

    /** Pull subVersion newer than the broker's copy. */
    public static final int SUBSCRIPTION_NOT_LATEST = 25;

    /** Group unknown and auto-create off. */
    public static final int SUBSCRIPTION_GROUP_NOT_EXIST = 26;

    /** SQL92 filter missing. */
    public static final int FILTER_DATA_NOT_EXIST = 27;

    public static final int FILTER_DATA_NOT_LATEST = 28;

    /** E.g. queueId ≥ queue count, invalid topic name. */
    public static final int INVALID_PARAMETER = 29;

    public static final int TRANSACTION_SHOULD_COMMIT = 200;
    public static final int TRANSACTION_SHOULD_ROLLBACK = 201;
    public static final int TRANSACTION_STATE_UNKNOW = 202;
    public static final int TRANSACTION_STATE_GROUP_WRONG = 203;
    public static final int NO_BUYER_ID = 204;
    public static final int NOT_IN_CURRENT_UNIT = 205;

    /**
     * GET_CONSUMER_CONNECTION_LIST for a group with no live client (remark the consumer group[G]
     * not online) [cap].
     */
    public static final int CONSUMER_NOT_ONLINE = 206;

    public static final int CONSUME_MSG_TIMEOUT = 207;
    public static final int NO_MESSAGE = 208;

    /** POP. */
    public static final int POLLING_FULL = 209;

    /** POP. */
    public static final int POLLING_TIMEOUT = 210;

    public static final int BROKER_NOT_EXIST = 211;
    public static final int BROKER_DISPATCH_NOT_COMPLETE = 212;
    public static final int BROADCAST_CONSUMPTION = 213;

    /** Pull flow control. */
    public static final int FLOW_CONTROL = 215;

    /** Static topics. */
    public static final int NOT_LEADER_FOR_QUEUE = 501;

    /** END_TRANSACTION on a message that is not a half message. */
    public static final int ILLEGAL_OPERATION = 604;

    /** Server shutting down (only to clients with version &gt; 475). */
    public static final int GO_AWAY = 1500;

    /** Controller mode only (a range in docs/protocol/codes.md; named in the 5.4.0 client). */
    public static final int CONTROLLER_FENCED_MASTER_EPOCH = 2000;

    /** Controller mode only (a range in docs/protocol/codes.md; named in the 5.4.0 client). */
    public static final int CONTROLLER_FENCED_SYNC_STATE_SET_EPOCH = 2001;

    /** Controller mode only (a range in docs/protocol/codes.md; named in the 5.4.0 client). */
    public static final int CONTROLLER_INVALID_MASTER = 2002;

    /** Controller mode only (a range in docs/protocol/codes.md; named in the 5.4.0 client). */
    public static final int CONTROLLER_INVALID_REPLICAS = 2003;

    /** Controller mode only (a range in docs/protocol/codes.md; named in the 5.4.0 client). */
    public static final int CONTROLLER_MASTER_NOT_AVAILABLE = 2004;

    /** Controller mode only (a range in docs/protocol/codes.md; named in the 5.4.0 client). */
    public static final int CONTROLLER_INVALID_REQUEST = 2005;

    /** Controller mode only (a range in docs/protocol/codes.md; named in the 5.4.0 client). */
    public static final int CONTROLLER_BROKER_NOT_ALIVE = 2006;

    /** Controller mode only (a range in docs/protocol/codes.md; named in the 5.4.0 client). */
    public static final int CONTROLLER_NOT_LEADER = 2007;

    /** Controller mode only (a range in docs/protocol/codes.md; named in the 5.4.0 client). */
    public static final int CONTROLLER_BROKER_METADATA_NOT_EXIST = 2008;

    /** Controller mode only (a range in docs/protocol/codes.md; named in the 5.4.0 client). */
    public static final int CONTROLLER_INVALID_CLEAN_BROKER_METADATA = 2009;

    /** Controller mode only (a range in docs/protocol/codes.md; named in the 5.4.0 client). */
    public static final int CONTROLLER_BROKER_NEED_TO_BE_REGISTERED = 2010;

    /** Controller mode only (a range in docs/protocol/codes.md; named in the 5.4.0 client). */
    public static final int CONTROLLER_MASTER_STILL_EXIST = 2011;

    /** Controller mode only (a range in docs/protocol/codes.md; named in the 5.4.0 client). */
    public static final int CONTROLLER_ELECT_MASTER_FAILED = 2012;

    /** Controller mode only (a range in docs/protocol/codes.md; named in the 5.4.0 client). */
    public static final int CONTROLLER_ALTER_SYNC_STATE_SET_FAILED = 2013;

    /** Controller mode only (a range in docs/protocol/codes.md; named in the 5.4.0 client). */
    public static final int CONTROLLER_BROKER_ID_INVALID = 2014;

    /** Controller mode only (a range in docs/protocol/codes.md; named in the 5.4.0 client). */
    public static final int CONTROLLER_JRAFT_INTERNAL_ERROR = 2015;

    /** Controller mode only (a range in docs/protocol/codes.md; named in the 5.4.0 client). */
    public static final int CONTROLLER_BROKER_LIVE_INFO_NOT_EXISTS = 2016;

    /** ACL. */
    public static final int USER_NOT_EXIST = 3001;

    /** ACL. */
    public static final int POLICY_NOT_EXIST = 3002;

    /** Lite topics (new in Apache RocketMQ 5.5.0). */
    public static final int LMQ_QUOTA_EXCEEDED = 2017;

    /** Lite topics (new in Apache RocketMQ 5.5.0). */
    public static final int LITE_SUBSCRIPTION_QUOTA_EXCEEDED = 2018;

    private static final CodeNames NAMES =
            CodeNames.builder()
                    .add(RPC_TIME_OUT, "RPC_TIME_OUT")
                    .add(RPC_SEND_TO_CHANNEL_FAILED, "RPC_SEND_TO_CHANNEL_FAILED")
                    .add(RPC_ADDR_IS_NULL, "RPC_ADDR_IS_NULL")
                    .add(RPC_UNKNOWN, "RPC_UNKNOWN")
                    .add(SUCCESS, "SUCCESS")
                    .add(SYSTEM_ERROR, "SYSTEM_ERROR")
                    .add(SYSTEM_BUSY, "SYSTEM_BUSY")
                    .add(REQUEST_CODE_NOT_SUPPORTED, "REQUEST_CODE_NOT_SUPPORTED")
                    .add(TRANSACTION_FAILED, "TRANSACTION_FAILED")
                    .add(FLUSH_DISK_TIMEOUT, "FLUSH_DISK_TIMEOUT")
                    .add(SLAVE_NOT_AVAILABLE, "SLAVE_NOT_AVAILABLE")
                    .add(FLUSH_SLAVE_TIMEOUT, "FLUSH_SLAVE_TIMEOUT")
                    .add(MESSAGE_ILLEGAL, "MESSAGE_ILLEGAL")
                    .add(SERVICE_NOT_AVAILABLE, "SERVICE_NOT_AVAILABLE")
                    .add(VERSION_NOT_SUPPORTED, "VERSION_NOT_SUPPORTED")
                    .add(NO_PERMISSION, "NO_PERMISSION")
                    .add(TOPIC_NOT_EXIST, "TOPIC_NOT_EXIST")
                    .add(TOPIC_EXIST_ALREADY, "TOPIC_EXIST_ALREADY")
                    .add(PULL_NOT_FOUND, "PULL_NOT_FOUND")
                    .add(PULL_RETRY_IMMEDIATELY, "PULL_RETRY_IMMEDIATELY")
                    .add(PULL_OFFSET_MOVED, "PULL_OFFSET_MOVED")
                    .add(QUERY_NOT_FOUND, "QUERY_NOT_FOUND")
                    .add(SUBSCRIPTION_PARSE_FAILED, "SUBSCRIPTION_PARSE_FAILED")
                    .add(SUBSCRIPTION_NOT_EXIST, "SUBSCRIPTION_NOT_EXIST")
                    .add(SUBSCRIPTION_NOT_LATEST, "SUBSCRIPTION_NOT_LATEST")
                    .add(SUBSCRIPTION_GROUP_NOT_EXIST, "SUBSCRIPTION_GROUP_NOT_EXIST")
                    .add(FILTER_DATA_NOT_EXIST, "FILTER_DATA_NOT_EXIST")
                    .add(FILTER_DATA_NOT_LATEST, "FILTER_DATA_NOT_LATEST")
                    .add(INVALID_PARAMETER, "INVALID_PARAMETER")
                    .add(TRANSACTION_SHOULD_COMMIT, "TRANSACTION_SHOULD_COMMIT")
                    .add(TRANSACTION_SHOULD_ROLLBACK, "TRANSACTION_SHOULD_ROLLBACK")
                    .add(TRANSACTION_STATE_UNKNOW, "TRANSACTION_STATE_UNKNOW")
                    .add(TRANSACTION_STATE_GROUP_WRONG, "TRANSACTION_STATE_GROUP_WRONG")
                    .add(NO_BUYER_ID, "NO_BUYER_ID")
                    .add(NOT_IN_CURRENT_UNIT, "NOT_IN_CURRENT_UNIT")
                    .add(CONSUMER_NOT_ONLINE, "CONSUMER_NOT_ONLINE")
                    .add(CONSUME_MSG_TIMEOUT, "CONSUME_MSG_TIMEOUT")
                    .add(NO_MESSAGE, "NO_MESSAGE")
                    .add(POLLING_FULL, "POLLING_FULL")
                    .add(POLLING_TIMEOUT, "POLLING_TIMEOUT")
                    .add(BROKER_NOT_EXIST, "BROKER_NOT_EXIST")
                    .add(BROKER_DISPATCH_NOT_COMPLETE, "BROKER_DISPATCH_NOT_COMPLETE")
                    .add(BROADCAST_CONSUMPTION, "BROADCAST_CONSUMPTION")
                    .add(FLOW_CONTROL, "FLOW_CONTROL")
                    .add(NOT_LEADER_FOR_QUEUE, "NOT_LEADER_FOR_QUEUE")
                    .add(ILLEGAL_OPERATION, "ILLEGAL_OPERATION")
                    .add(GO_AWAY, "GO_AWAY")
                    .add(CONTROLLER_FENCED_MASTER_EPOCH, "CONTROLLER_FENCED_MASTER_EPOCH")
                    .add(
                            CONTROLLER_FENCED_SYNC_STATE_SET_EPOCH,
                            "CONTROLLER_FENCED_SYNC_STATE_SET_EPOCH")
                    .add(CONTROLLER_INVALID_MASTER, "CONTROLLER_INVALID_MASTER")
                    .add(CONTROLLER_INVALID_REPLICAS, "CONTROLLER_INVALID_REPLICAS")
                    .add(CONTROLLER_MASTER_NOT_AVAILABLE, "CONTROLLER_MASTER_NOT_AVAILABLE")
                    .add(CONTROLLER_INVALID_REQUEST, "CONTROLLER_INVALID_REQUEST")
                    .add(CONTROLLER_BROKER_NOT_ALIVE, "CONTROLLER_BROKER_NOT_ALIVE")
                    .add(CONTROLLER_NOT_LEADER, "CONTROLLER_NOT_LEADER")
                    .add(
                            CONTROLLER_BROKER_METADATA_NOT_EXIST,
                            "CONTROLLER_BROKER_METADATA_NOT_EXIST")
                    .add(
                            CONTROLLER_INVALID_CLEAN_BROKER_METADATA,
                            "CONTROLLER_INVALID_CLEAN_BROKER_METADATA")
                    .add(
                            CONTROLLER_BROKER_NEED_TO_BE_REGISTERED,
                            "CONTROLLER_BROKER_NEED_TO_BE_REGISTERED")
                    .add(CONTROLLER_MASTER_STILL_EXIST, "CONTROLLER_MASTER_STILL_EXIST")
                    .add(CONTROLLER_ELECT_MASTER_FAILED, "CONTROLLER_ELECT_MASTER_FAILED")
                    .add(
                            CONTROLLER_ALTER_SYNC_STATE_SET_FAILED,
                            "CONTROLLER_ALTER_SYNC_STATE_SET_FAILED")
                    .add(CONTROLLER_BROKER_ID_INVALID, "CONTROLLER_BROKER_ID_INVALID")
                    .add(CONTROLLER_JRAFT_INTERNAL_ERROR, "CONTROLLER_JRAFT_INTERNAL_ERROR")
                    .add(
                            CONTROLLER_BROKER_LIVE_INFO_NOT_EXISTS,
                            "CONTROLLER_BROKER_LIVE_INFO_NOT_EXISTS")
                    .add(USER_NOT_EXIST, "USER_NOT_EXIST")
                    .add(POLICY_NOT_EXIST, "POLICY_NOT_EXIST")
                    .add(LMQ_QUOTA_EXCEEDED, "LMQ_QUOTA_EXCEEDED")
                    .add(LITE_SUBSCRIPTION_QUOTA_EXCEEDED, "LITE_SUBSCRIPTION_QUOTA_EXCEEDED")
                    .build();

    private ResponseCode() {}

    /**
     * The constant name of {@code code}, or {@code UNKNOWN(code)} when this table does not know it.
     * Allocation-free for known codes: a binary search over a table built once.
     */
    public static String name(int code) {
        return NAMES.nameOf(code);
    }
}
