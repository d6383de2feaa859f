"""Turns `jfr print --events jdk.ExecutionSample` output into collapsed stacks with the thread name
first ("[thread];root/Frame.method;...;leaf/Frame.method count"), the format feature_profile.py
reads (the same as async-profiler's collapsed output with threads).

Usage: jfr print --events jdk.ExecutionSample --stack-depth 96 FILE | jfr_collapsed.py > OUT
"""
import collections
import re
import sys

THREAD = re.compile(r'sampledThread = "(.*)" \(javaThreadId')
FRAME = re.compile(r"^\s+([\w$.<>/]+)\(")


def main():
    stacks = collections.Counter()
    thread, frames, in_stack = None, [], False
    for line in sys.stdin:
        match = THREAD.search(line)
        if match:
            thread = match.group(1)
        elif "stackTrace = [" in line:
            frames, in_stack = [], True
        elif in_stack and line.strip() == "]":
            in_stack = False
            if thread is not None:
                names = [f.replace(".", "/") for f in reversed(frames)]
                # keep the method's dot: a/b/Class/method -> a/b/Class.method
                names = [n[: n.rfind("/")] + "." + n[n.rfind("/") + 1:] for n in names]
                stacks[f"[{thread}];" + ";".join(names)] += 1
        elif in_stack:
            match = FRAME.match(line)
            if match:
                frames.append(match.group(1))
    for stack, count in stacks.items():
        print(f"{stack} {count}")


if __name__ == "__main__":
    main()
