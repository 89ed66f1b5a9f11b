#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Judges a PNG of the demo's frame (`aerocmd demo --png`, README command 1's picture) with
test_demo_picture --rgba, whose expectations are written from Direct3D's rules.

usage: judge_demo_png.py PNG TEST_DEMO_PICTURE    exit 0 when it is the demo's frame"""
import os
import subprocess
import sys
import tempfile

from png_read import read_png


def main(png, demo_picture):
    width, height, rows = read_png(png)
    if (width, height) != (64, 64):
        print("%s: %dx%d, the demo's frame is 64x64" % (png, width, height))
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        rgba = os.path.join(tmp, "demo.rgba")
        with open(rgba, "wb") as f:
            f.write(b"".join(rows))
        judged = subprocess.run([demo_picture, "--rgba", rgba], capture_output=True, text=True)
    print(judged.stdout + judged.stderr, end="")
    print("%s: %s" % (png, "the demo's frame" if judged.returncode == 0 else "NOT the demo's frame"))
    return judged.returncode


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2]))
