package io.bolide.broker.cold;

import io.bolide.broker.codes.Codes;
import io.bolide.protocol.code.RequestCode;

/**
 * Cold-read flow control's admin codes: a consumer group's own threshold set and removed, and the
 * counters read (mqadmin updateColdDataFlowCtrGroupConfig, removeColdDataFlowCtrGroupConfig,
 * getColdDataFlowCtrInfo). The pull path counts and throttles through the same {@link ColdReads}.
 */
public final class ColdReadFeature {
    private ColdReadFeature() {}

    /** Serves UPDATE/REMOVE_COLD_DATA_FLOW_CTR_CONFIG and GET_COLD_DATA_FLOW_CTR_INFO. */
    public static void install(Codes codes, ColdReads reads) {
        codes.serve(
                RequestCode.UPDATE_COLD_DATA_FLOW_CTR_CONFIG,
                new UpdateColdDataFlowCtrConfigHandler(reads));
        codes.serve(
                RequestCode.REMOVE_COLD_DATA_FLOW_CTR_CONFIG,
                new RemoveColdDataFlowCtrConfigHandler(reads));
        codes.serve(
                RequestCode.GET_COLD_DATA_FLOW_CTR_INFO, new GetColdDataFlowCtrInfoHandler(reads));
    }
}
