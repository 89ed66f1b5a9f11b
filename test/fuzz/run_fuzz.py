#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Short libFuzzer run for the test suite: FUZZER SECONDS DICT [-OPTION=VALUE...] SEED_DIR...

New inputs go to a temporary corpus (the checked-in seeds stay untouched); any crash
input is kept in the current directory under crash-* and the run fails. The seed is fixed
(with -runs=N among the options the run is the same on every machine); inputs may grow to
1 MiB and any input slower than two seconds is reported. Arguments that
start with '-' are passed to libFuzzer as extra options. Prints the executions reached and
ends with "N passed, N failed"."""
import os
import re
import subprocess
import sys
import tempfile

# hang guards, scaled by Meson's test setup for slow builds and a busy machine
TIME_SCALE = float(os.environ.get("AEROCMD_TEST_TIME_SCALE", "1"))


def main(fuzzer, seconds, dictionary, *rest):
    options = [a for a in rest if a.startswith("-")]
    seeds = [a for a in rest if not a.startswith("-")]
    with tempfile.TemporaryDirectory() as corpus:
        # inputs up to 1 MiB and slow ones reported, as in long runs: cost that grows faster
        # than the input only shows on large inputs
        cmd = [fuzzer, f"-max_total_time={seconds}", f"-dict={dictionary}",
               "-print_final_stats=1", "-seed=1", f"-timeout={int(10 * TIME_SCALE)}", "-rss_limit_mb=2048",
               "-max_len=1048576", "-report_slow_units=2", "-artifact_prefix=./", *options,
               corpus, *seeds]
        run = subprocess.run(cmd, capture_output=True, text=True, check=False)
    execs = re.search(r"stat::number_of_executed_units:\s*(\d+)", run.stderr)
    cov = re.findall(r"cov: (\d+)", run.stderr)
    slow = run.stderr.count("Slow unit")
    print(f"{os.path.basename(fuzzer)}: {execs.group(1) if execs else '?'} executions, "
          f"coverage {cov[-1] if cov else '?'} edges, {slow} slow units, exit {run.returncode}")
    if run.returncode != 0:
        sys.stderr.write(run.stderr[-6000:])
    ok = run.returncode == 0
    print(f"{1 if ok else 0} passed, {0 if ok else 1} failed")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
