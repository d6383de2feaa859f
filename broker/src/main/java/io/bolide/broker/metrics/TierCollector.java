package io.bolide.broker.metrics;

import io.bolide.broker.stats.BrokerStats;
import io.bolide.tier.ReadLatency;
import io.bolide.tier.TierStats;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricMetadata;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.ArrayList;
import java.util.List;

/**
 * Tiered storage (#36) under {@code bolide_tier_*}: what was uploaded and what waits for it (upload
 * lag), reads from the tier (their rate is the counter's), the ranged GETs' latency and the read
 * cache's hit ratio. Nothing while tiering is off.
 */
final class TierCollector implements MultiCollector {
    private final BrokerStats stats;
    private final Labels node;

    TierCollector(BrokerStats stats, Labels node) {
        this.stats = stats;
        this.node = node;
    }

    @Override
    public MetricSnapshots collect() {
        TierStats tier = stats.tier();
        if (tier == null) {
            return MetricSnapshots.of();
        }
        List<MetricSnapshot> all = new ArrayList<>();
        uploads(tier, all);
        removals(tier, all);
        reads(tier, all);
        return new MetricSnapshots(all);
    }

    /** What was uploaded, what waits, what went: the write side. */
    private void uploads(TierStats tier, List<MetricSnapshot> all) {
        all.add(
                counter(
                        "bolide_tier_uploaded_bytes",
                        "Bytes of segments uploaded and verified",
                        tier.bytesUploaded()));
        all.add(
                counter(
                        "bolide_tier_uploaded_objects",
                        "Segments uploaded and verified",
                        tier.objectsUploaded()));
        all.add(
                counter(
                        "bolide_tier_upload_failures",
                        "Upload rounds that failed",
                        tier.uploadFailures()));
        all.add(
                gauge(
                        "bolide_tier_upload_lag_bytes",
                        "Bytes of sealed segments not uploaded yet",
                        tier.uploadLagBytes()));
        all.add(
                gauge(
                        "bolide_tier_refusing_writes",
                        "1 while sends are refused: object store unreachable, local budget full",
                        tier.refusingWrites() ? 1 : 0));
    }

    /** What left the local disk and the tier. */
    private void removals(TierStats tier, List<MetricSnapshot> all) {
        all.add(
                counter(
                        "bolide_tier_evicted_segments",
                        "Offloaded segments deleted locally",
                        tier.segmentsEvicted()));
        all.add(
                counter(
                        "bolide_tier_deleted_objects",
                        "Objects deleted by the tier's retention",
                        tier.objectsDeleted()));
        all.add(
                counter(
                        "bolide_tier_orphans_deleted",
                        "Objects no manifest entry referred to, deleted at start",
                        tier.orphansDeleted()));
    }

    /** Reads from the tier, their GETs' latency and the cache. */
    private void reads(TierStats tier, List<MetricSnapshot> all) {
        all.add(
                counter(
                        "bolide_tier_reads",
                        "Record reads served from the tier",
                        tier.tierReads()));
        all.add(
                counter(
                        "bolide_tier_read_failures",
                        "Record reads the tier could not serve",
                        tier.tierReadFailures()));
        cache(tier, all);
        all.add(latency(tier));
    }

    /** The read cache and the read-ahead that fills it. */
    private void cache(TierStats tier, List<MetricSnapshot> all) {
        all.add(
                counter(
                        "bolide_tier_cache_hits",
                        "Blocks found in the read cache",
                        tier.cacheHits()));
        all.add(
                counter(
                        "bolide_tier_cache_misses",
                        "Blocks fetched with a ranged GET",
                        tier.cacheMisses()));
        all.add(
                gauge(
                        "bolide_tier_cache_hit_ratio",
                        "Cache hits over blocks looked up",
                        tier.cacheHitRatio()));
        all.add(
                counter(
                        "bolide_tier_fetched_bytes",
                        "Bytes fetched with ranged GETs",
                        tier.bytesFetched()));
        all.add(
                counter(
                        "bolide_tier_read_ahead_blocks",
                        "Blocks fetched ahead of a sequential reader",
                        tier.readAheadBlocks()));
        all.add(
                counter(
                        "bolide_tier_read_ahead_hits",
                        "Blocks fetched ahead that a read then used",
                        tier.readAheadHits()));
    }

    /** The ranged GETs' latency (ms) as a histogram. */
    private MetricSnapshot latency(TierStats tier) {
        ReadLatency latency = tier.readLatency();
        return new HistogramSnapshot(
                new MetricMetadata(
                        "bolide_tier_read_latency",
                        "Milliseconds a ranged GET of a tier read took"),
                List.of(
                        Histograms.point(
                                node, latency.boundsMs(), latency.counts(), latency.sumMs())));
    }

    private MetricSnapshot counter(String name, String help, double value) {
        return Family.counter(name, help, node).add(value).snapshot();
    }

    private MetricSnapshot gauge(String name, String help, double value) {
        return Family.gauge(name, help, node).add(value).snapshot();
    }
}
