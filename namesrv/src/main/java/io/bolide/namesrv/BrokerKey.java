package io.bolide.namesrv;

/** Identifies one live broker process: its cluster and the address it advertises. */
record BrokerKey(String cluster, String address) {}
