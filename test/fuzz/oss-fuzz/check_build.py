#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Runs the OSS-Fuzz build script as OSS-Fuzz would (CC, CXX, CFLAGS, CXXFLAGS,
LIB_FUZZING_ENGINE, OUT, WORK), then every target it built briefly on its own seed zip with
its options file and dictionary: check_build.py CC CXX SANITIZERS TARGETS_FILE. Every target
of targets.txt must be there with its .dict, .options and _seed_corpus.zip, and run cleanly.
Ends with "N passed, N failed"."""
import configparser
import os
import subprocess
import sys
import tempfile
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))


def target_names(targets_file):
    names = []
    for line in open(targets_file):
        line = line.strip()
        if line and not line.startswith("#"):
            names.append(line.split("|")[0].strip())
    return names


def run_target(out, name, tmp):
    seeds = os.path.join(tmp, "seeds_" + name)
    with zipfile.ZipFile(os.path.join(out, name + "_seed_corpus.zip")) as z:
        z.extractall(seeds)
    options = configparser.ConfigParser()
    options.read(os.path.join(out, name + ".options"))
    flags = [f"-{k}={v}" for k, v in options["libfuzzer"].items()]
    cmd = [os.path.join(out, name), *flags, f"-dict={os.path.join(out, name + '.dict')}",
           "-runs=400", "-seed=1", os.path.join(tmp, "corpus_" + name), seeds]
    os.makedirs(cmd[-2])
    run = subprocess.run(cmd, capture_output=True, text=True, cwd=tmp, check=False)
    if run.returncode != 0:
        sys.stderr.write(run.stderr[-4000:])
    return run.returncode == 0


def main(cc, cxx, sanitizers, targets_file):
    flags = f"-O1 -g -fsanitize={sanitizers} -fsanitize=fuzzer-no-link"
    passed = failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        out, work = os.path.join(tmp, "out"), os.path.join(tmp, "work")
        os.makedirs(work)
        env = dict(os.environ, CC=cc, CXX=cxx, CFLAGS=flags, CXXFLAGS=flags,
                   LIB_FUZZING_ENGINE="-fsanitize=fuzzer", OUT=out, WORK=work)
        build = subprocess.run([os.path.join(HERE, "build.sh")], env=env, capture_output=True,
                               text=True, check=False)
        if build.returncode != 0:
            sys.stderr.write(build.stdout[-4000:] + build.stderr[-4000:])
            print("0 passed, 1 failed")
            return 1
        for name in target_names(targets_file):
            files = [name, name + ".dict", name + ".options", name + "_seed_corpus.zip"]
            ok = all(os.path.isfile(os.path.join(out, f)) for f in files) and \
                run_target(out, name, tmp)
            print(f"{name}: {'ok' if ok else 'FAILED'}")
            passed += ok
            failed += not ok
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
