"""The table of bench/run-secured.sh: per round, Bolide's broker CPU per message and throughput
plain, with ACL on, and with TLS + ACL on; the medians of the per-round ratios against plain; and,
where the run counted them, the broker's system calls per message.

Usage: secured_table.py <results-dir> <rounds>
"""
import statistics
import sys

from onoff_table import CPU, P99, TPS, cell, load, number, ratio

KINDS = ("plain", "acl", "tlsacl")


def syscalls(path, tps):
    """{event: calls per message} from a perf stat -x, file, or {} when absent."""
    counts, window = {}, None
    try:
        with open(path) as lines:
            for line in lines:
                if line.startswith("window_s="):
                    window = float(line.split("=", 1)[1])
                    continue
                fields = line.strip().split(",")
                if len(fields) > 2 and fields[0].isdigit():
                    counts[fields[2].split(":")[-1].replace("sys_enter_", "")] = int(fields[0])
    except OSError:
        return {}
    if not window or not tps:
        return {}
    return {event: count / (tps * window) for event, count in counts.items()}


def first_line(path):
    try:
        with open(path) as f:
            return f.readline().strip()
    except OSError:
        return "—"


def main(directory, rounds):
    runs = [{k: load(f"{directory}/bolide-{k}-r{r}.properties") for k in KINDS}
            for r in range(1, rounds + 1)]
    print("| round | kind | load at start | TPS | CPU µs/msg | / plain | send p99 ms | syscalls/msg |")
    print("|---|---|---|---|---|---|---|---|")
    ratios = {"acl": [], "tlsacl": []}
    for r, run in enumerate(runs, start=1):
        base = number(run["plain"], CPU)
        for kind in KINDS:
            cpu = number(run[kind], CPU)
            rel = ratio(cpu, base)
            if kind != "plain" and rel is not None:
                ratios[kind].append(rel)
            p99 = number(run[kind], P99)
            calls = syscalls(f"{directory}/bolide-{kind}-r{r}.syscalls", number(run[kind], TPS))
            total = calls.get("sys_enter")
            print(f"| {r} | {kind} | {first_line(f'{directory}/bolide-{kind}-r{r}.load')} "
                  f"| {cell(number(run[kind], TPS), 0)} | {cell(cpu)} | {cell(rel, 3)} "
                  f"| {cell(p99 and p99 / 1000)} | {cell(total, 2)} |")
    print()
    for kind, values in ratios.items():
        if values:
            print(f"{kind} / plain, broker CPU per message, median of {len(values)} rounds: "
                  f"{statistics.median(values):.3f}x (rounds: {', '.join(f'{v:.3f}' for v in values)})")
    print()
    print("System calls per message by call (mean over rounds):")
    for kind in KINDS:
        per = [syscalls(f"{directory}/bolide-{kind}-r{r}.syscalls", number(runs[r - 1][kind], TPS))
               for r in range(1, rounds + 1)]
        per = [p for p in per if p]
        if per:
            events = sorted(per[0])
            parts = [f"{e} {statistics.mean(p.get(e, 0) for p in per):.3f}" for e in events
                     if statistics.mean(p.get(e, 0) for p in per) >= 0.005]
            print(f"- {kind}: " + ", ".join(parts))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
