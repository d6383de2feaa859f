"""Interleaved off / on rounds of one Bolide feature (ACL, the metrics endpoint): a per-round table
and the median on / off ratio of broker CPU per message. The machine is shared, so rounds alternate
their order and the median of per-round ratios is what a run reports.

Usage: onoff_table.py <results-dir> <rounds> <off-tag> <on-tag> <feature name>
  reads <results-dir>/bolide<off-tag>-r<N>.properties and bolide<on-tag>-r<N>.properties
"""
import statistics
import sys

CPU = "produce.broker_cpu_us_per_msg"
P99 = "produce.send.p99_us"
TPS = "produce.tps"


def load(path):
    values = {}
    try:
        with open(path) as lines:
            for line in lines:
                if "=" in line and not line.startswith("#"):
                    key, value = line.strip().split("=", 1)
                    values[key] = value
    except OSError:
        pass
    return values


def number(run, key):
    try:
        return float(run[key])
    except (KeyError, ValueError):
        return None


def ratio(a, b):
    return None if a is None or b is None or b == 0 else a / b


def cell(value, digits=1):
    return "—" if value is None else f"{value:.{digits}f}"


def rounds_table(directory, rounds, off_tag, on_tag, feature):
    """Prints the per-round table and the median line; returns the (off, on) runs."""
    pairs = [
        (load(f"{directory}/bolide{off_tag}-r{r}.properties"),
         load(f"{directory}/bolide{on_tag}-r{r}.properties"))
        for r in range(1, rounds + 1)
    ]
    print("| round | TPS off | TPS on | CPU µs/msg off | CPU µs/msg on | on / off | "
          "send p99 ms off | send p99 ms on |")
    print("|---|---|---|---|---|---|---|---|")
    ratios = []
    for r, (off, on) in enumerate(pairs, start=1):
        cpu = ratio(number(on, CPU), number(off, CPU))
        if cpu is not None:
            ratios.append(cpu)
        p99_off, p99_on = number(off, P99), number(on, P99)
        print(f"| {r} | {cell(number(off, TPS), 0)} | {cell(number(on, TPS), 0)} "
              f"| {cell(number(off, CPU))} | {cell(number(on, CPU))} | {cell(cpu, 3)} "
              f"| {cell(p99_off and p99_off / 1000)} | {cell(p99_on and p99_on / 1000)} |")
    print()
    if ratios:
        print(f"Bolide {feature} on / off, broker CPU per message (live), median of {len(ratios)} "
              f"rounds: {statistics.median(ratios):.3f}x "
              f"(rounds: {', '.join(f'{x:.3f}' for x in ratios)})")
    else:
        print(f"Bolide {feature} on / off: no complete round (see bench/target/e2e/bolide-logs)")
    return pairs


if __name__ == "__main__":
    rounds_table(sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5])
