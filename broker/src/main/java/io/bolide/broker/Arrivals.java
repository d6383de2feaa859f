package io.bolide.broker;

import io.bolide.broker.pop.PopFeature;
import io.bolide.broker.pop.PopPosition;
import io.bolide.broker.pull.PullHoldAgent;
import io.bolide.store.ArrivalListener;

/**
 * The store's arrival notices (dispatch thread), fanned out to the long-polling holds: pulls from
 * the start, pops once POP is installed (the store opens first, so it cannot be given POP then).
 */
final class Arrivals implements ArrivalListener {
    private final PullHoldAgent pulls;
    private volatile PopFeature pops;
    private volatile ArrivalListener grpc;

    Arrivals(PullHoldAgent pulls) {
        this.pulls = pulls;
    }

    void pops(PopFeature pop) {
        this.pops = pop;
    }

    /** The gRPC endpoint's waiting receives; null when the endpoint is off. */
    void grpc(ArrivalListener endpoint) {
        this.grpc = endpoint;
    }

    @Override
    public void arrived(String topic, int queueId, long queueOffset, long tagsCode) {
        pulls.arrived(topic, queueId, queueOffset, tagsCode);
        PopFeature pop = pops;
        if (pop != null) {
            pop.arrived(topic, queueId, queueOffset, tagsCode);
        }
        ArrivalListener receives = grpc;
        if (receives != null) {
            receives.arrived(topic, queueId, queueOffset, tagsCode);
        }
    }

    /** Where a group stands on a queue by POP, or null (see {@link PopFeature#position}). */
    PopPosition popPosition(String group, String topic, int queueId) {
        PopFeature pop = pops;
        return pop == null ? null : pop.position(group, topic, queueId);
    }

    /** Answers held pulls and pops and refuses new holds: the first step of a shutdown. */
    void answerHeld() {
        pulls.close();
        PopFeature pop = pops;
        if (pop != null) {
            pop.answerHeld();
        }
    }
}
