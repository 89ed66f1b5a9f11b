#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The build matrix (issue 16): each configuration set up with its defaults plus
# -Dwerror=true (warning-free), built, and its `meson test` run:
#   release, plain, debug        gcc at each buildtype
#   clang                        CC=clang, default buildtype
#   sanitize                     -Db_sanitize=address,undefined, everything else default
#   cross-x86_64, cross-i686     the README's cross commands: set up, build, the DLL's
#                                export table (test exports-dll), and
#                                `meson install` must install the driver DLL
#   dist                         `meson dist`: the tarball builds and passes its own tests
# usage: scripts/build-matrix.sh [NAME...]   (no NAME: all of them)
# Build directories live in build-matrix/NAME (reused when present). Writes
# build-matrix/last-run.txt (seconds and verdict per configuration) and
# build-matrix/logs.txt (the logs scripts/test_summary.py sums), and ends with its line
# "N passed, N failed, N skipped". scripts/test-all.sh --matrix (CI) runs it.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh

root=build-matrix
mkdir -p "$root"
steps="$root/steps.json" # one pseudo-test per setup/build/install/dist step
: >"$steps"
: >"$root/logs.txt"
: >"$root/last-run.txt"
echo "$steps" >>"$root/logs.txt"

step() { # name, command...: runs it, records OK/FAIL as a test-log line
    local name=$1 result=OK
    shift
    "$@" >"$root/$name.log" 2>&1 || result=FAIL
    [ $result = OK ] || { echo "FAILED: $name (log: $root/$name.log)"; tail -20 "$root/$name.log"; }
    printf '{"name": "%s", "result": "%s", "stdout": ""}\n' "$name" "$result" >>"$steps"
    [ $result = OK ]
}

native() { # name, setup options...
    local name=$1 dir=$root/$1
    shift
    if [ ! -f "$dir/build.ninja" ]; then
        step "$name-setup" meson setup "$dir" -Dwerror=true "$@" || return 1
    fi
    step "$name-build" ninja -C "$dir" || return 1
    meson test -C "$dir" --num-processes 2 --print-errorlogs >"$root/$name-test.log" 2>&1
    local rc=$?
    tail -12 "$root/$name-test.log"
    echo "$dir/meson-logs/testlog.json" >>"$root/logs.txt"
    return $rc
}

installed_dll() { # staging dir, dll name
    find "$1" -name "$2" | grep -q .
}

dll_exports() { # build dir: test exports-dll ran (meson test passes when no test matches) and passed
    meson test -C "$1" exports-dll --print-errorlogs &&
        grep -q '"name": "[^"]*exports-dll".*"result": "OK"' "$1/meson-logs/testlog.json"
}

cross() { # name, cross file, driver DLL
    local name=$1 dir=$root/$1
    if [ ! -f "$dir/build.ninja" ]; then
        step "$name-setup" meson setup "$dir" --cross-file "$2" -Dwerror=true || return 1
    fi
    step "$name-build" ninja -C "$dir" || return 1
    step "$name-exports" dll_exports "$dir"
    rm -rf "$dir/staging"
    step "$name-install" meson install -C "$dir" --no-rebuild --destdir staging || return 1
    step "$name-driver-dll" installed_dll "$dir/staging" "$3"
}

dist() {
    local dir=$root/dist
    if [ ! -f "$dir/build.ninja" ]; then
        step dist-setup meson setup "$dir" || return 1
    fi
    step dist meson dist -C "$dir" --formats xztar --allow-dirty
}

run_config() {
    case $1 in
    release | plain | debug) native "$1" --buildtype="$1" ;;
    clang) (export CC=clang; native clang) ;;
    sanitize) native sanitize -Db_sanitize=address,undefined ;;
    cross-x86_64) cross cross-x86_64 cross/x86_64-w64-mingw32.ini aerogpu_d3d10_x64.dll ;;
    cross-i686) cross cross-i686 cross/i686-w64-mingw32.ini aerogpu_d3d10.dll ;;
    dist) dist ;;
    *) echo "unknown configuration $1" >&2; return 2 ;;
    esac
}

configs=("$@")
[ ${#configs[@]} -gt 0 ] || configs=(release plain debug clang sanitize cross-x86_64 cross-i686 dist)
status=0
for config in "${configs[@]}"; do
    echo "=== $config"
    start=$SECONDS
    if run_config "$config"; then verdict=ok; else verdict=FAILED; status=1; fi
    printf '%-14s %5ds  %s\n' "$config" $((SECONDS - start)) "$verdict" | tee -a "$root/last-run.txt"
done
mapfile -t logs <"$root/logs.txt"
python3 scripts/test_summary.py "${logs[@]}" || status=1
exit $status
