#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The whole test suite: native build + tests (and the performance targets, Meson
# benchmarks), then the same tests again in an AddressSanitizer/UndefinedBehaviorSanitizer
# build, the mingw shim builds and the fuzz smoke runs; every build with -Dwerror=true and
# every optional part enabled (-Dexec, -Dwine, -Dvalgrind, -Dmingw), so a missing package
# stops setup naming it instead of leaving tests out.
# With --matrix (CI) also scripts/build-matrix.sh: every buildtype, clang, sanitizers with
# defaults, both cross files with defaults, meson dist. With --one-per-suite every tree is
# set up and built but only the first test of each suite runs in it (the fresh-root
# check's quick form, scripts/fresh-root-check.sh). Installs missing packages first.
# Ends with one line "N passed, N failed, N skipped" summed over every test program.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh

export WINEDEBUG=-all
export WINEPREFIX="${WINEPREFIX:-$(mktemp -d /tmp/aerocmd-wine.XXXXXX)}"

matrix=0 one_per_suite=0
for arg in "$@"; do
    case $arg in
    --matrix) matrix=1 ;;
    --one-per-suite) one_per_suite=1 ;;
    *) echo "test-all.sh: unknown argument $arg (--matrix, --one-per-suite)" >&2; exit 2 ;;
    esac
done

status=0
run_tests() { # build-dir, meson test options (--suite S, --benchmark, --logbase L)...
    local dir=$1 picked=()
    shift
    if [ $one_per_suite = 1 ]; then
        local pick=()
        [[ " $* " = *" --benchmark "* ]] && pick+=(--benchmark)
        [[ " $* " = *" --suite "* ]] && pick+=(--suite "$(sed -E 's/.*--suite ([^ ]+).*/\1/' <<<"$*")")
        mapfile -t picked < <(python3 scripts/one_test_per_suite.py "$dir" "${pick[@]}")
        [ ${#picked[@]} -gt 0 ] || return 0
    fi
    meson test -C "$dir" --print-errorlogs "$@" "${picked[@]}" || status=1
}
setup() { # build-dir, [--cross-file FILE], meson options...: a new tree, or an existing one
    local dir=$1 log # (README command 1's build, the runner's build-win64) given these options
    shift
    if [ -f "$dir/build.ninja" ]; then
        [ "${1:-}" != --cross-file ] || shift 2 # an existing tree keeps its machine
        log=$(meson configure "$dir" -Dwerror=true "$@" 2>&1) || { echo "$log"; return 1; }
    else
        log=$(meson setup "$dir" -Dwerror=true "$@" 2>&1) || { echo "$log"; return 1; }
    fi
}
run_suite() { # build-dir, extra meson options...
    local dir=$1
    shift
    setup "$dir" "$@"
    ninja -C "$dir"
    run_tests "$dir" --num-processes 2
}
all_parts=(-Dexec=enabled -Dwine=enabled -Dvalgrind=enabled -Dmingw=enabled)

# Every part enabled: the executor's pixel tests, the Wine, valgrind and mingw checks must
# fail, not vanish, when what they need is missing.
run_suite build "${all_parts[@]}"
# The performance targets (test/bench) are benchmarks, asked for explicitly.
run_tests build --benchmark --suite bench --logbase benchlog
run_suite build-sanitize -Db_sanitize=address,undefined -Db_lundef=false -Dbuildtype=debug \
    "${all_parts[@]}"
logs=(build/meson-logs/testlog.json build-sanitize/meson-logs/testlog.json)
# A benchmark log exists only where the benchmarks are registered (valgrind, Wine found).
add_bench_log() { if [ -f "$1" ]; then logs+=("$1"); fi; }
add_bench_log build/meson-logs/benchlog.json

# Shim DLLs, cross-built with mingw-w64 (only the shim suite: -Dtests=false). x86_64 runs the
# Wine scenarios and compares their streams with the host golden files through the native
# aerocmd built above; i686 is built (warning-free) and its exports are checked.
setup build-win64 --cross-file cross/x86_64-w64-mingw32.ini \
    -Dtests=false -Dshim_aerocmd="$PWD/build/tools/aerocmd/aerocmd" \
    -Dshim_pixels="$PWD/build/test/pixels/test_scene_pictures" -Dwine=enabled -Dvalgrind=enabled
ninja -C build-win64
run_tests build-win64 --suite shims
run_tests build-win64 --benchmark --suite shims --logbase benchlog
setup build-win32 --cross-file cross/i686-w64-mingw32.ini -Dtests=false
ninja -C build-win32
run_tests build-win32 --suite shims
logs+=(build-win64/meson-logs/testlog.json build-win32/meson-logs/testlog.json)
add_bench_log build-win64/meson-logs/benchlog.json

# libFuzzer smoke runs (clang, ASan+UBSan): only the fuzz suite, the rest ran above.
CC=clang setup build-fuzz -Dfuzzers=true \
    -Db_sanitize=address,undefined -Db_lundef=false -Dexec=enabled
ninja -C build-fuzz
run_tests build-fuzz --suite fuzz
logs+=(build-fuzz/meson-logs/testlog.json)

if [ $matrix = 1 ]; then
    bash scripts/build-matrix.sh || status=1
    mapfile -t matrix_logs < build-matrix/logs.txt
    logs+=("${matrix_logs[@]}")
fi

python3 scripts/test_summary.py "${logs[@]}" || status=1
exit $status
