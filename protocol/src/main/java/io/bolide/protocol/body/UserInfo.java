package io.bolide.protocol.body;

/**
 * A user of ACL 2.0 authentication, the body of AUTH_CREATE_USER / AUTH_UPDATE_USER (3001 / 3002)
 * and of the answers to AUTH_GET_USER / AUTH_LIST_USER (3004 / 3005, the latter as a list). {@code
 * userType} is {@code Super} or {@code Normal}, {@code userStatus} {@code enable} or {@code
 * disable}; any field may be absent (null).
 */
public record UserInfo(String username, String password, String userType, String userStatus) {}
