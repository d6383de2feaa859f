package io.bolide.broker;

import io.bolide.broker.controller.BrokerSide;
import io.bolide.broker.ha.HaMaster;
import java.io.IOException;
import java.util.Map;

/** A controller-mode {@link Broker} as its controller client sees it. */
final class ControlledSide implements BrokerSide {
    private final Broker broker;

    ControlledSide(Broker broker) {
        this.broker = broker;
    }

    @Override
    public void becomeMaster(int epoch, int syncStateSetEpoch) throws IOException {
        broker.changeToMaster(epoch, syncStateSetEpoch);
    }

    @Override
    public void becomeSlave(String masterAddress, int epoch, long id) throws IOException {
        // The master's HA address comes from the name servers' answers naming masterAddress.
        broker.changeToSlave("", epoch, id);
    }

    @Override
    public String address() {
        return broker.address();
    }

    @Override
    public long maxOffset() {
        return broker.parts().replication().commitLogEnd();
    }

    @Override
    public long joinOffset() {
        HaMaster master = broker.parts().haMaster();
        return master == null ? maxOffset() : master.joinOffset();
    }

    @Override
    public Map<Long, Long> slaveAcks() {
        HaMaster master = broker.parts().haMaster();
        return master == null ? Map.of() : master.slaveAcks();
    }

    @Override
    public boolean linked() {
        return broker.parts().replication().connected();
    }

    @Override
    public void registerAgain() {
        broker.parts().registerAgain();
    }
}
