#!/usr/bin/env bash
# The whole test suite: native build + tests, then the same tests again in an
# AddressSanitizer/UndefinedBehaviorSanitizer build. Installs missing packages first.
# Ends with one line "N passed, N failed" summed over every test program.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh

export WINEDEBUG=-all
export WINEPREFIX="${WINEPREFIX:-$(mktemp -d /tmp/aerocmd-wine.XXXXXX)}"

status=0
run_suite() { # build-dir, extra meson options...
    local dir=$1
    shift
    [ -f "$dir/build.ninja" ] || meson setup "$dir" "$@" >/dev/null
    ninja -C "$dir"
    meson test -C "$dir" --print-errorlogs --num-processes 2 || status=1
}

run_suite build
run_suite build-sanitize -Db_sanitize=address,undefined -Db_lundef=false -Dbuildtype=debug
logs=(build/meson-logs/testlog.json build-sanitize/meson-logs/testlog.json)

# libFuzzer smoke runs (clang, ASan+UBSan): only the fuzz suite, the rest ran above.
if command -v clang >/dev/null; then
    [ -f build-fuzz/build.ninja ] || CC=clang meson setup build-fuzz -Dfuzzers=true \
        -Db_sanitize=address,undefined -Db_lundef=false >/dev/null
    ninja -C build-fuzz
    meson test -C build-fuzz --suite fuzz --print-errorlogs || status=1
    logs+=(build-fuzz/meson-logs/testlog.json)
fi

python3 scripts/test_summary.py "${logs[@]}" || status=1
exit $status
