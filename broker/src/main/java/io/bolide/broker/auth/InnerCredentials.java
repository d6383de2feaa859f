package io.bolide.broker.auth;

/** {@code innerClientAuthenticationCredentials}: the user the broker itself signs requests as. */
public record InnerCredentials(String accessKey, String secretKey) {}
