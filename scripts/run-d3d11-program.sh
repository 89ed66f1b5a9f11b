#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs an unmodified x86_64 Windows Direct3D 11 program on the AeroGPU driver: under Wine,
# with the project's runtime (runtime/: d3d11.dll, dxgi.dll) in front of Wine's, the
# build's driver DLL, and a live host (aerocmd host) started for the run and stopped after.
#
# usage: scripts/run-d3d11-program.sh [--trace FILE] [--pictures DIR] PROGRAM.exe [ARGS...]
#
#   --trace FILE     writes every submission of the run (stream, allocation table, guest
#                    memory) as a trace aerocmd reads (aerocmd render, dump, validate,
#                    replay), every device of the program in it with its own context id
#                    (after a lost connection, a new device's goes to FILE.connection-1)
#   --pictures DIR   keeps the host's pictures: DIR/present_NNNN.png per Present
#
# The program runs in the current directory with its arguments; its output and exit status
# pass through. Works after README command 1 from any directory: the native aerocmd is
# build/tools/aerocmd/aerocmd, and the runtime and driver DLLs are built in build-win64
# (configured here with mingw-w64 when missing). WINEPREFIX is used when set; otherwise a
# prefix of its own (build/wine-runtime). No X server is needed unless the program opens
# a window (then run this under xvfb-run -a, or with DISPLAY set).
#
# Environment (all optional): WINE (default /usr/lib/wine/wine64), AEROCMD (the native
# aerocmd), AEROCMD_RUNTIME_DIR (a directory with d3d11.dll and dxgi.dll), AEROCMD_DRIVER_DLL
# (the driver DLL), AEROCMD_HOST_ARGS (more arguments for aerocmd host).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

usage() {
    sed -n '5,13p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

trace= pictures=
while [ $# -gt 0 ]; do
    case "$1" in
    --trace) [ $# -ge 2 ] || { usage >&2; exit 2; }; trace=$2; shift 2 ;;
    --pictures) [ $# -ge 2 ] || { usage >&2; exit 2; }; pictures=$2; shift 2 ;;
    -h | --help) usage; exit 0 ;;
    --) shift; break ;;
    -*) echo "run-d3d11-program: unknown option $1" >&2; usage >&2; exit 2 ;;
    *) break ;;
    esac
done
[ $# -ge 1 ] || { usage >&2; exit 2; }
program=$1
shift
[ -f "$program" ] || { echo "run-d3d11-program: no program $program" >&2; exit 2; }

wine=${WINE:-/usr/lib/wine/wine64}
command -v "$wine" > /dev/null || { echo "run-d3d11-program: no $wine (Debian package wine64)" >&2; exit 2; }
aerocmd=${AEROCMD:-$root/build/tools/aerocmd/aerocmd}
if [ ! -x "$aerocmd" ]; then
    echo "run-d3d11-program: no native aerocmd at $aerocmd (run scripts/main-job.sh first)" >&2
    exit 2
fi

# The runtime and driver DLLs of the x86_64 cross tree, built on demand.
runtime_dir=${AEROCMD_RUNTIME_DIR:-}
driver=${AEROCMD_DRIVER_DLL:-}
if [ -z "$runtime_dir" ] || [ -z "$driver" ]; then
    cross=$root/build-win64
    if [ ! -f "$cross/build.ninja" ]; then
        meson setup "$cross" "$root" --cross-file "$root/cross/x86_64-w64-mingw32.ini" \
            -Dtests=false -Dshim_aerocmd="$aerocmd" > "$root/build/runtime-setup.log" 2>&1 ||
            { cat "$root/build/runtime-setup.log" >&2; exit 2; }
    fi
    ninja -C "$cross" runtime/d3d11.dll runtime/dxgi.dll shims/aerogpu_d3d10_x64.dll > /dev/null ||
        { echo "run-d3d11-program: building the runtime failed (ninja -C $cross)" >&2; exit 2; }
    runtime_dir=${runtime_dir:-$cross/runtime}
    driver=${driver:-$cross/shims/aerogpu_d3d10_x64.dll}
fi

stage=$(mktemp -d "${TMPDIR:-/tmp}/aerocmd-run.XXXXXX")
host_pid=
cleanup() {
    if [ -n "$host_pid" ]; then
        kill "$host_pid" 2> /dev/null || true
        wait "$host_pid" 2> /dev/null || true
    fi
    rm -rf "$stage"
}
trap cleanup EXIT

# The program's directory as Wine sees it, with the runtime beside the program (a native
# DLL there, named in WINEDLLOVERRIDES, replaces Wine's): every other file links back.
progdir=$(cd "$(dirname "$program")" && pwd)
exe=$(basename "$program")
mkdir "$stage/app"
for f in "$progdir"/* "$progdir"/.[!.]*; do
    [ -e "$f" ] || continue
    case "$(basename "$f" | tr 'A-Z' 'a-z')" in
    d3d11.dll | dxgi.dll | "$(basename "$driver" | tr 'A-Z' 'a-z')") ;;
    *) ln -s "$f" "$stage/app/$(basename "$f")" ;;
    esac
done
cp "$runtime_dir/d3d11.dll" "$runtime_dir/dxgi.dll" "$driver" "$stage/app/"

if [ -z "${WINEPREFIX:-}" ]; then
    export WINEPREFIX=$root/build/wine-runtime
fi
export WINEDEBUG=${WINEDEBUG:--all}
export WINEDLLOVERRIDES="d3d11,dxgi=n${WINEDLLOVERRIDES:+;$WINEDLLOVERRIDES}"
export AEROCMD_DRIVER=$(basename "$driver")

windows_path() {
    echo "Z:$(echo "$1" | sed 's|/|\\|g')"
}

# The host for this run, on a port of its own; its first line says where it listens.
host_args=(-q --listen tcp:127.0.0.1:0)
if [ -n "$pictures" ]; then
    mkdir -p "$pictures"
    host_args+=(--pictures "$pictures")
fi
# shellcheck disable=SC2206
host_args+=(${AEROCMD_HOST_ARGS:-})
mkfifo "$stage/host.fifo"
"$aerocmd" host "${host_args[@]}" > "$stage/host.fifo" &
host_pid=$!
exec 3< "$stage/host.fifo"
if ! read -r -t 60 line <&3 || [ "${line#listening on }" = "$line" ]; then
    echo "run-d3d11-program: the host did not start" >&2
    exit 2
fi
export AEROCMD_HOST=${line#listening on }
if [ -n "$trace" ]; then
    mkdir "$stage/record"
    export AEROCMD_RT_RECORD_DIR=$(windows_path "$stage/record")
fi

set +e
"$wine" "$stage/app/$exe" "$@"
status=$?
set -e
exec 3<&-

if [ -n "$trace" ]; then
    for conn in "$stage"/record/connection-*; do
        [ -d "$conn" ] || continue
        n=${conn##*connection-}
        out=$trace
        [ "$n" = 0 ] || out=$trace.connection-$n
        streams=("$conn"/*.acmd)
        if [ -e "${streams[0]}" ]; then
            "$aerocmd" trace wrap --memory "${streams[@]}" -o "$out" ||
                echo "run-d3d11-program: writing the trace $out failed" >&2
        fi
    done
fi
exit $status
