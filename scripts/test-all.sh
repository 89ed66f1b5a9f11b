#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The whole test suite: native build + tests (and the performance targets, Meson
# benchmarks), then the same tests again in an AddressSanitizer/UndefinedBehaviorSanitizer
# build, the mingw shim builds and the fuzz smoke runs; every build with -Dwerror=true.
# With --matrix (CI) also scripts/build-matrix.sh: every buildtype, clang, sanitizers with
# defaults, both cross files with defaults, meson dist. Installs missing packages first.
# Ends with one line "N passed, N failed, N skipped" summed over every test program.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh

export WINEDEBUG=-all
export WINEPREFIX="${WINEPREFIX:-$(mktemp -d /tmp/aerocmd-wine.XXXXXX)}"

status=0
run_suite() { # build-dir, extra meson options...
    local dir=$1
    shift
    [ -f "$dir/build.ninja" ] || meson setup "$dir" -Dwerror=true "$@" >/dev/null
    ninja -C "$dir"
    meson test -C "$dir" --print-errorlogs --num-processes 2 || status=1
}

# -Dexec=enabled: the reference executor's pixel tests must fail, not vanish, when vkd3d or
# lavapipe is missing.
run_suite build -Dexec=enabled
# The performance targets (test/bench) are benchmarks, asked for explicitly.
meson test -C build --benchmark --suite bench --logbase benchlog --print-errorlogs || status=1
run_suite build-sanitize -Db_sanitize=address,undefined -Db_lundef=false -Dbuildtype=debug \
    -Dexec=enabled
logs=(build/meson-logs/testlog.json build-sanitize/meson-logs/testlog.json)
# A benchmark log exists only where the benchmarks are registered (valgrind, Wine found).
add_bench_log() { if [ -f "$1" ]; then logs+=("$1"); fi; }
add_bench_log build/meson-logs/benchlog.json

# Shim DLLs, cross-built with mingw-w64 (only the shim suite: -Dtests=false). x86_64 runs the
# Wine scenarios and compares their streams with the host golden files through the native
# aerocmd built above; i686 is built (warning-free) and its exports are checked.
if command -v x86_64-w64-mingw32-gcc >/dev/null && command -v i686-w64-mingw32-gcc >/dev/null; then
    [ -f build-win64/build.ninja ] || meson setup build-win64 --cross-file cross/x86_64-w64-mingw32.ini \
        -Dwerror=true -Dtests=false -Dshim_aerocmd="$PWD/build/tools/aerocmd/aerocmd" \
        -Dshim_pixels="$PWD/build/test/pixels/test_scene_pictures" >/dev/null
    ninja -C build-win64
    meson test -C build-win64 --suite shims --print-errorlogs || status=1
    meson test -C build-win64 --benchmark --suite shims --logbase benchlog --print-errorlogs || status=1
    [ -f build-win32/build.ninja ] || meson setup build-win32 --cross-file cross/i686-w64-mingw32.ini \
        -Dwerror=true -Dtests=false >/dev/null
    ninja -C build-win32
    meson test -C build-win32 --suite shims --print-errorlogs || status=1
    logs+=(build-win64/meson-logs/testlog.json build-win32/meson-logs/testlog.json)
    add_bench_log build-win64/meson-logs/benchlog.json
fi

# libFuzzer smoke runs (clang, ASan+UBSan): only the fuzz suite, the rest ran above.
if command -v clang >/dev/null; then
    [ -f build-fuzz/build.ninja ] || CC=clang meson setup build-fuzz -Dwerror=true -Dfuzzers=true \
        -Db_sanitize=address,undefined -Db_lundef=false -Dexec=enabled >/dev/null
    ninja -C build-fuzz
    meson test -C build-fuzz --suite fuzz --print-errorlogs || status=1
    logs+=(build-fuzz/meson-logs/testlog.json)
fi

if [ "${1:-}" = --matrix ]; then
    bash scripts/build-matrix.sh || status=1
    mapfile -t matrix_logs < build-matrix/logs.txt
    logs+=("${matrix_logs[@]}")
fi

python3 scripts/test_summary.py "${logs[@]}" || status=1
exit $status
