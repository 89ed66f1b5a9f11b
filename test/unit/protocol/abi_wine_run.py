#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Links the generated ABI test into a Windows .exe and runs it under Wine.

usage: abi_wine_run.py CC INCLUDE_DIR SOURCE EXE [WINE]

Linking must succeed; WINE is the wine64 Meson found (-Dwine). Without it, when no Wine is
installed the test is skipped (exit 77) after that. Wine gets a throw-away WINEPREFIX and WINEDEBUG=-all."""
import os
import shutil
import subprocess
import sys
import tempfile

# hang guards, scaled by Meson's test setup for slow builds and a busy machine
TIME_SCALE = float(os.environ.get("AEROCMD_TEST_TIME_SCALE", "1"))

SKIP = 77
STRICT = ["-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic"]
WINE_CANDIDATES = ["/usr/lib/wine/wine64", "wine64", "wine"]


def find_wine():
    for candidate in WINE_CANDIDATES:
        found = candidate if os.path.isabs(candidate) else shutil.which(candidate)
        if found and os.access(found, os.X_OK):
            return found
    return None


def find_wineserver(wine):
    beside = os.path.join(os.path.dirname(wine), "wineserver")
    if os.access(beside, os.X_OK):
        return beside
    return shutil.which("wineserver")


def run_under_wine(wine, exe):
    prefix = tempfile.mkdtemp(prefix="aerogpu-abi-wine-")
    env = dict(os.environ, WINEPREFIX=prefix, WINEDEBUG="-all")
    try:
        result = subprocess.run([wine, exe], env=env, capture_output=True, text=True,
                                timeout=300 * TIME_SCALE)
        sys.stdout.write(result.stdout.replace("\r\n", "\n"))
        return result.returncode
    finally:
        server = find_wineserver(wine)
        if server:
            subprocess.run([server, "-k"], env=env, capture_output=True, timeout=60 * TIME_SCALE)
        shutil.rmtree(prefix, ignore_errors=True)


def main(argv):
    if len(argv) not in (5, 6):
        print(__doc__, file=sys.stderr)
        return 2
    cc, include_dir, source, exe = argv[1:5]
    built = subprocess.run([cc] + STRICT + ["-I", include_dir, source, "-o", exe],
                           capture_output=True, text=True)
    if built.returncode != 0:
        print(f"FAIL linking {exe}:\n{built.stdout}{built.stderr}")
        return 1
    wine = argv[5] if len(argv) == 6 else find_wine()
    if wine is None:
        print(f"skip: linked {exe}, but no Wine ({', '.join(WINE_CANDIDATES)}) to run it")
        return SKIP
    print(f"running {exe} under {wine}")
    return run_under_wine(wine, exe)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
