"""The table of bench/run-tier.sh: tiering off and on side by side, from OUT/tier-MODE.properties."""
import os
import sys


def load(path):
    values = {}
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                if "=" in line and not line.startswith("#"):
                    key, value = line.strip().split("=", 1)
                    values[key] = value
    return values


def number(values, key):
    try:
        return float(values[key])
    except (KeyError, ValueError):
        return None


def cell(value, unit="", digits=1):
    return "–" if value is None else f"{value:,.{digits}f}{unit}"


def ratio(on, off):
    return "–" if on is None or off in (None, 0) else f"{on / off:.2f}×"


def main():
    out, size = sys.argv[1], int(sys.argv[2])
    off = load(os.path.join(out, "tier-off.properties"))
    on = load(os.path.join(out, "tier-on.properties"))
    mib = 1048576.0
    rows = [
        ("produce MB/s (fill)", "fill.mb_s", 1, 1),
        ("broker CPU per message, fill (µs)", "fill.broker_cpu_us_per_msg", 1, 0),
        ("local commit log, largest sampled (MiB)", "fill.local_bytes_max", mib, 0),
        ("local commit log before the drain (MiB)", "local_bytes_before_drain", mib, 0),
        ("cold drain MB/s (push consumer from offset 0)", "drain.mb_s", 1, 1),
        ("broker CPU per message, drain (µs)", "drain.broker_cpu_us_per_msg", 1, 1),
    ]
    print("| figure | tiering off | tiering on | on / off |")
    print("|---|---:|---:|---:|")
    for label, key, scale, digits in rows:
        a, b = number(off, key), number(on, key)
        a = None if a is None else a / scale
        b = None if b is None else b / scale
        print(f"| {label} | {cell(a, '', digits)} | {cell(b, '', digits)} | {ratio(b, a)} |")
    written_gb = (number(on, "fill.messages") or 0) * size / 1e9
    drained_gb = (number(on, "drain.received") or 0) * size / 1e9
    extra = [
        ("upload lag when the fill ended (MiB)", number(on, "fill.upload_lag_bytes_at_end"), mib),
        ("seconds the uploads took to catch up after the fill", number(on, "fill.catch_up_s"), 1),
        ("PUT requests per GB written", per(number(on, "fill.put_requests"), written_gb), 1),
        ("GET requests per GB written (upload read-back)", per(number(on, "fill.get_requests"), written_gb), 1),
        ("GET requests per GB drained", per(number(on, "drain.get_requests"), drained_gb), 1),
        ("read-ahead blocks fetched / used", None, 1),
        ("read cache hit ratio in the drain", number(on, "drain.cache_hit_ratio"), 1),
    ]
    print()
    print("| tiering on | value |")
    print("|---|---:|")
    for label, value, scale in extra:
        if label.startswith("read-ahead"):
            print(f"| {label} | {on.get('drain.read_ahead_blocks', '–')} / {on.get('drain.read_ahead_hits', '–')} |")
            continue
        print(f"| {label} | {cell(None if value is None else value / scale, '', 2)} |")
    print()
    print(f"messages written: off {off.get('fill.messages', '–')}, on {on.get('fill.messages', '–')};"
          f" drained: off {off.get('drain.received', '–')}, on {on.get('drain.received', '–')}")


def per(count, gb):
    return None if count is None or gb <= 0 else count / gb


if __name__ == "__main__":
    main()
