#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Compiles C sources one by one with a cross compiler and archives the objects.
Usage: build_freestanding.py CC AR OUT_ARCHIVE WORKDIR [cflags...] -- sources..."""
import os
import subprocess
import sys


def main(argv):
    cc, ar, out, workdir = argv[1:5]
    sep = argv.index("--")
    cflags, sources = argv[5:sep], argv[sep + 1:]
    os.makedirs(workdir, exist_ok=True)
    objects = []
    for i, src in enumerate(sources):
        obj = os.path.join(workdir, f"{i:03d}_{os.path.basename(src)}.o")
        subprocess.run([cc, *cflags, "-c", src, "-o", obj], check=True)
        objects.append(obj)
    if os.path.exists(out):
        os.remove(out)
    subprocess.run([ar, "rcs", out, *objects], check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
