package io.bolide.broker.pop;

/**
 * Where a consumer group stands on one queue by POP, as the consumer-lag metrics read it.
 *
 * @param next the next queue offset POP hands out
 * @param inFlight messages popped and neither acknowledged nor revived yet
 */
public record PopPosition(long next, int inFlight) {}
