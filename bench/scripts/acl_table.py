"""The ACL cost tables of bench/run-acl.sh: Bolide's interleaved ACL-off / ACL-on rounds, the
median on / off ratio, and Bolide against Apache with ACL on.

Usage: acl_table.py <results-dir> <rounds>
"""
import statistics
import sys

from onoff_table import CPU, cell, load, number, ratio, rounds_table


def main(directory, rounds):
    pairs = rounds_table(directory, rounds, "-noacl", "-acl", "ACL")
    apache = load(f"{directory}/apache-acl.properties")
    if apache:
        on = [number(p[1], CPU) for p in pairs if number(p[1], CPU) is not None]
        mean_on = statistics.mean(on) if on else None
        print(f"Bolide / Apache, both ACL on, broker CPU per message (live): "
              f"{cell(ratio(mean_on, number(apache, CPU)), 3)}x "
              f"(Bolide {cell(mean_on)} µs/msg, mean of rounds; "
              f"Apache {cell(number(apache, CPU))} µs/msg)")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
