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

# -Dexec=enabled: the reference executor's pixel tests must fail, not vanish, when vkd3d or
# lavapipe is missing.
run_suite build -Dexec=enabled
run_suite build-sanitize -Db_sanitize=address,undefined -Db_lundef=false -Dbuildtype=debug \
    -Dexec=enabled
logs=(build/meson-logs/testlog.json build-sanitize/meson-logs/testlog.json)

# Shim DLLs, cross-built with mingw-w64 (only the shim suite: -Dtests=false). x86_64 runs the
# Wine scenarios and compares their streams with the host golden files through the native
# aerocmd built above; i686 is built (warning-free) and its exports are checked.
if command -v x86_64-w64-mingw32-gcc >/dev/null && command -v i686-w64-mingw32-gcc >/dev/null; then
    [ -f build-win64/build.ninja ] || meson setup build-win64 --cross-file cross/x86_64-w64-mingw32.ini \
        -Dtests=false -Dshim_aerocmd="$PWD/build/tools/aerocmd/aerocmd" \
        -Dshim_pixels="$PWD/build/test/pixels/test_scene_pictures" >/dev/null
    ninja -C build-win64
    meson test -C build-win64 --suite shims --print-errorlogs || status=1
    [ -f build-win32/build.ninja ] || meson setup build-win32 --cross-file cross/i686-w64-mingw32.ini \
        -Dtests=false >/dev/null
    ninja -C build-win32
    meson test -C build-win32 --suite shims --print-errorlogs || status=1
    logs+=(build-win64/meson-logs/testlog.json build-win32/meson-logs/testlog.json)
fi

# libFuzzer smoke runs (clang, ASan+UBSan): only the fuzz suite, the rest ran above.
if command -v clang >/dev/null; then
    [ -f build-fuzz/build.ninja ] || CC=clang meson setup build-fuzz -Dfuzzers=true \
        -Db_sanitize=address,undefined -Db_lundef=false -Dexec=enabled >/dev/null
    ninja -C build-fuzz
    meson test -C build-fuzz --suite fuzz --print-errorlogs || status=1
    logs+=(build-fuzz/meson-logs/testlog.json)
fi

python3 scripts/test_summary.py "${logs[@]}" || status=1
exit $status
