#!/usr/bin/env python3
"""Runs the built XCTest bundle in several processes at once: the suite on every core.

    python3 Tests/shards/run_shards.py BUNDLE [--jobs N] [--filter REGEX]... [--skip REGEX]...

A test process runs on about one core (it waits on the `typeset` it starts), so on CI's two cores
`swift test` leaves one idle. This lists the bundle's tests, keeps those `--filter` matches (any
of them; all without one) and `--skip` does not (regular expressions searched in
`Module.Class/method`, as `swift test`'s), and hands them out in chunks of whole classes, in the
bundle's order, to N processes of the bundle (default: the cores). A class is never split, so
its setUp and its shared state stay in one process. Each chunk's output is printed whole when it
ends, then a summary: the tests run, the failures, each failing chunk with the test it was in
when it failed or crashed, and the slowest classes. The status is non-zero when any chunk
failed, crashed, or ran fewer tests than it was given.
"""
import argparse
import concurrent.futures
import os
import re
import subprocess
import sys
import threading
import time

TEST_NAME = re.compile(r"^\w+\.\w+/\w+$")
CASE_STARTED = re.compile(r"^Test Case '([\w.]+)' started")
CASE_ENDED = re.compile(r"^Test Case '([\w.]+)' (?:passed|failed|skipped)")
SUITE_ENDED = re.compile(r"^Test Suite '(\w+)' (?:passed|failed) at")
EXECUTED = re.compile(r"Executed (\d+) tests?, with (?:\d+ tests? skipped and )?(\d+) failures?")
SECONDS = re.compile(r"in ([0-9.]+) \(")


def listed_tests(bundle):
    """The bundle's tests as `Module.Class/method`, in its order."""
    listing = subprocess.run([bundle, "--list-tests"], capture_output=True, text=True, check=True,
                             stdin=subprocess.DEVNULL)
    return [line.strip() for line in listing.stdout.splitlines() if TEST_NAME.match(line.strip())]


def selected_classes(tests, filters, skips):
    """Per class, in the bundle's order: the specifiers to run it by (its name when every test
    of it is kept, so that tests it inherits run too; else its kept tests) and their count."""
    by_class = {}
    for test in tests:
        by_class.setdefault(test.split("/")[0], []).append(test)
    classes = []
    for name, members in by_class.items():
        kept = [t for t in members
                if (not filters or any(f.search(t) for f in filters)) and not any(s.search(t) for s in skips)]
        if kept:
            classes.append(([name] if len(kept) == len(members) else kept, len(kept)))
    return classes


def chunks_of(classes, jobs):
    """Whole classes in runs of about a tenth of a worker's share of the tests: small enough that
    the last chunk to start leaves little tail, large enough that a process's start-up is noise."""
    total = sum(count for _, count in classes)
    size = max(1, total // (jobs * 10))
    chunks, current, count = [], [], 0
    for specifiers, tests in classes:
        current.extend(specifiers)
        count += tests
        if count >= size:
            chunks.append((current, count))
            current, count = [], 0
    if current:
        chunks.append((current, count))
    return chunks


def run_chunk(bundle, specifiers):
    # The environment `swift test` gives the bundle: it sets NO_COLOR, which the tests that run
    # `typeset` on a terminal expect (they read its diagnostics without colour).
    environment = dict(os.environ, NO_COLOR="1")
    started = time.monotonic()
    process = subprocess.run([bundle, ",".join(specifiers)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             stdin=subprocess.DEVNULL, env=environment)
    return process.returncode, process.stdout.decode("utf-8", "replace"), time.monotonic() - started


def summary_of(output):
    """Tests executed and failed (the chunk's last XCTest total), the test open when it stopped,
    and each class's seconds."""
    executed = failures = 0
    open_case, class_seconds = None, {}
    lines = output.splitlines()
    for index, line in enumerate(lines):
        if CASE_STARTED.match(line):
            open_case = line
        elif CASE_ENDED.match(line):
            open_case = None
        suite = SUITE_ENDED.match(line)
        if suite and index + 1 < len(lines):
            seconds = SECONDS.search(lines[index + 1])
            if seconds:
                class_seconds[suite.group(1)] = float(seconds.group(1))
        totals = EXECUTED.search(line)
        if totals:
            executed, failures = int(totals.group(1)), int(totals.group(2))
    return executed, failures, open_case, class_seconds


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bundle")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--filter", action="append", default=[])
    parser.add_argument("--skip", action="append", default=[])
    arguments = parser.parse_args()
    filters = [re.compile(f) for f in arguments.filter]
    skips = [re.compile(s) for s in arguments.skip]

    classes = selected_classes(listed_tests(arguments.bundle), filters, skips)
    if not classes:
        sys.exit("run_shards: no test matches")
    chunks = chunks_of(classes, arguments.jobs)
    print(f"run_shards: {sum(c for _, c in classes)} tests of {len(classes)} classes in {len(chunks)} chunks, "
          f"{arguments.jobs} at a time", flush=True)

    started = time.monotonic()
    printing = threading.Lock()
    outcomes = []

    def run(index, chunk):
        specifiers, expected = chunk
        status, output, seconds = run_chunk(arguments.bundle, specifiers)
        executed, failures, open_case, class_seconds = summary_of(output)
        failed = status != 0 or failures > 0 or executed < expected
        with printing:
            print(f"== chunk {index + 1}/{len(chunks)}: {specifiers[0]} … {specifiers[-1]} "
                  f"({executed} of {expected} tests, {failures} failures, exit {status}, {seconds:.0f} s)")
            print(output, end="" if output.endswith("\n") else "\n", flush=True)
            outcomes.append((index, specifiers, expected, status, executed, failures, open_case, class_seconds, failed))

    with concurrent.futures.ThreadPoolExecutor(max_workers=arguments.jobs) as pool:
        for future in [pool.submit(run, index, chunk) for index, chunk in enumerate(chunks)]:
            future.result()

    executed = sum(o[4] for o in outcomes)
    failures = sum(o[5] for o in outcomes)
    failed = sorted((o for o in outcomes if o[8]), key=lambda o: o[0])
    seconds = {name: s for o in outcomes for name, s in o[7].items()}
    print(f"\nrun_shards: executed {executed} tests, with {failures} failures, in {time.monotonic() - started:.0f} s "
          f"on {arguments.jobs} processes")
    print("slowest classes: " + ", ".join(f"{name} {s:.0f} s" for name, s in
                                          sorted(seconds.items(), key=lambda item: -item[1])[:8]))
    for index, specifiers, expected, status, ran, fails, open_case, _, _ in failed:
        reason = (f"exit {status}" if status >= 0 else f"killed by signal {-status}")
        print(f"FAILED chunk {index + 1}: {reason}, {ran} of {expected} tests run, {fails} failures; "
              f"classes {specifiers[0]} … {specifiers[-1]}" + (f"; stopped in: {open_case}" if open_case else ""))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
