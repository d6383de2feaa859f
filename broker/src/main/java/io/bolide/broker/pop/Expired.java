package io.bolide.broker.pop;

/** A message whose invisible time passed unacknowledged: to be redelivered through retry. */
record Expired(PopQueue queue, long offset, long popTime) {}
