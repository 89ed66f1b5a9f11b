#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The fresh-machine check: README's two commands in a minimal Debian 12 root made for this
# run (debootstrap --variant=minbase bookworm), from a clone of a commit alone, as root in a
# chroot: command 1 to the demo's picture, a Direct3D 11 program through
# scripts/run-d3d11-program.sh after it, then command 2 with nothing skipped. A package
# missing from scripts/install-deps.sh fails here the day it is needed.
#
# usage: scripts/fresh-root-check.sh [--tests all|smoke|none] [--rev REV] [--working-tree]
#                                    [--keep] [--cache DIR]
#   --tests all     command 2 as the README gives it: every build tree, every test (default;
#                   .ci/run's choice)
#   --tests smoke   command 2 with --one-per-suite: every build tree set up and built, then
#                   one test of each suite in each (a quicker check of the package list)
#   --tests none    command 1 only
#   --rev REV       the commit to clone (default HEAD of this checkout)
#   --working-tree  also copy this checkout's uncommitted files over the clone (by hand,
#                   before a commit; CI never uses it)
#   --keep          leave the root in place (its path is printed) instead of removing it
#   --cache DIR     what may be reused between runs: the debootstrap tarball (made again
#                   after 14 days) and the downloaded .deb files (default
#                   $AEROCMD_FRESH_ROOT_CACHE or /var/cache/aerocmd-fresh-root)
# The root itself is always new. The Debian mirror is the one this machine's apt uses
# (override: AEROCMD_DEBIAN_MIRROR, AEROCMD_DEBIAN_SECURITY_MIRROR). Needs root, network
# access to the mirror, and about 6 GB in /var/tmp (AEROCMD_FRESH_ROOT_DIR to move it).
set -euo pipefail
cd "$(dirname "$0")/.."
src=$PWD

tests=all rev=HEAD working_tree=0 keep=0
cache=${AEROCMD_FRESH_ROOT_CACHE:-/var/cache/aerocmd-fresh-root}
while [ $# -gt 0 ]; do
    case $1 in
    --tests) tests=$2; shift ;;
    --rev) rev=$2; shift ;;
    --working-tree) working_tree=1 ;;
    --keep) keep=1 ;;
    --cache) cache=$2; shift ;;
    *) echo "fresh-root-check: unknown argument $1 (see the header of $0)" >&2; exit 2 ;;
    esac
    shift
done
case $tests in all | smoke | none) ;; *) echo "fresh-root-check: --tests all|smoke|none" >&2; exit 2 ;; esac
[ "$(id -u)" -eq 0 ] || { echo "fresh-root-check: needs root (debootstrap, chroot, mount)" >&2; exit 2; }

say() { printf '[fresh-root %4ds] %s\n' "$SECONDS" "$*"; }

# What this check itself needs on the machine that runs it (not the commands under test).
for tool in debootstrap git python3; do
    command -v "$tool" >/dev/null || {
        say "installing $tool (the check's own tool)"
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$tool" >/dev/null
    }
done

apt_site() { # codename: the site this machine's apt fetches the Debian suite from
    apt-get indextargets --format '$(SITE) $(CODENAME) $(ORIGIN)' 2>/dev/null |
        awk -v c="$1" '$2 == c && $3 == "Debian" { print $1; exit }'
}
mirror=${AEROCMD_DEBIAN_MIRROR:-$(apt_site bookworm)}
mirror=${mirror:-http://deb.debian.org/debian}
security=${AEROCMD_DEBIAN_SECURITY_MIRROR:-$(apt_site bookworm-security)}
security=${security:-http://deb.debian.org/debian-security}

# The cache: the base system's .deb files as debootstrap's tarball, and apt's downloads.
mkdir -p "$cache/archives/partial"
tarball=$cache/minbase-bookworm.tgz
if [ -f "$tarball" ] && { [ "$(cat "$tarball.mirror" 2>/dev/null)" != "$mirror" ] ||
    [ -n "$(find "$tarball" -mtime +14)" ]; }; then
    rm -f "$tarball"
fi
if [ ! -f "$tarball" ]; then
    say "downloading the minbase bookworm packages from $mirror"
    scratch=$(mktemp -d "${AEROCMD_FRESH_ROOT_DIR:-/var/tmp}/aerocmd-tarball.XXXXXX")
    debootstrap --variant=minbase --make-tarball="$tarball.new" bookworm "$scratch" "$mirror" \
        >"$cache/make-tarball.log" 2>&1 || { tail -20 "$cache/make-tarball.log"; exit 1; }
    rm -rf "$scratch"
    mv "$tarball.new" "$tarball"
    echo "$mirror" >"$tarball.mirror"
fi

work=$(mktemp -d "${AEROCMD_FRESH_ROOT_DIR:-/var/tmp}/aerocmd-fresh-root.XXXXXX")
root=$work/root
mounts=()
cleanup() {
    local m p
    # what the commands left running in the root (a wineserver lingers after its programs)
    for p in /proc/[0-9]*; do
        [ "$(readlink "$p/root" 2>/dev/null)" = "$root" ] && kill -9 "${p#/proc/}" 2>/dev/null
    done
    for ((i = ${#mounts[@]} - 1; i >= 0; i--)); do
        m=${mounts[i]}
        umount -R "$m" 2>/dev/null || umount -lR "$m" 2>/dev/null || true
    done
    if [ $keep = 1 ]; then
        say "root kept: $root"
    elif grep -q " $root[/ ]" /proc/mounts; then # never delete through a mount (the cache)
        say "a mount remains under $root: the root is left in place"
    else
        rm -rf --one-file-system "$work"
    fi
}
trap cleanup EXIT
bind() { # source, target inside the root, [mount options...]
    mkdir -p "$root$2"
    mount "${@:3}" "$1" "$root$2"
    mounts+=("$root$2")
}

say "creating a minbase Debian 12 root in $root"
debootstrap --variant=minbase --unpack-tarball="$tarball" bookworm "$root" "$mirror" \
    >"$work/debootstrap.log" 2>&1 || { tail -20 "$work/debootstrap.log"; exit 1; }
# A Debian 12 machine as installed: the release, its updates and its security updates.
cat >"$root/etc/apt/sources.list" <<EOF
deb $mirror bookworm main
deb $mirror bookworm-updates main
deb $security bookworm-security main
EOF
cp /etc/resolv.conf "$root/etc/resolv.conf"
bind proc /proc -t proc
bind sysfs /sys -t sysfs
bind /dev /dev --rbind
mount --make-rslave "$root/dev"
bind tmpfs /tmp -t tmpfs
bind "$cache/archives" /var/cache/apt/archives --bind

say "cloning $rev"
git clone --quiet --no-hardlinks "$src" "$root/root/libaerocmd"
git -C "$root/root/libaerocmd" checkout --quiet --detach "$(git -C "$src" rev-parse "$rev^{commit}")"
if [ $working_tree = 1 ]; then
    say "copying the uncommitted files of $src"
    (git -C "$src" ls-files -z --cached --others --exclude-standard |
        while IFS= read -r -d '' f; do [ -e "$src/$f" ] && printf '%s\0' "$f"; done |
        tar -C "$src" --null -T - -cf -) | tar -C "$root/root/libaerocmd" -xf -
fi

in_root() { # command: runs as a root login shell on a fresh machine would (no inherited env)
    chroot "$root" /usr/bin/env -i HOME=/root TERM=dumb \
        PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        /bin/bash -c "cd /root/libaerocmd && $1"
}

logs=$src/build-fresh-root # the logs outlive the root, beside the checkout's own builds
mkdir -p "$logs"
fail() { # what failed, its log
    tail -40 "$2"
    say "FAILED: $1 (log: $2)"
    exit 1
}

say "README command 1: bash scripts/main-job.sh"
in_root "bash scripts/main-job.sh" >"$logs/command1.log" 2>&1 || fail "command 1" "$logs/command1.log"
grep -E '^# (picture|[0-9]+ submissions)' "$logs/command1.log"
in_root "python3 test/pixels/judge_demo_png.py build/aerocmd-demo.png build/test/pixels/test_demo_picture" \
    >"$logs/picture.log" 2>&1 || fail "command 1's picture" "$logs/picture.log"
tail -1 "$logs/picture.log"
# README: a Direct3D 11 program of one's own runs on the driver after command 1, from any
# directory (the runner builds the runtime and driver DLLs it needs). The program: one of
# the test programs, built here as an application would be.
in_root "cd /tmp && x86_64-w64-mingw32-gcc -std=c99 -O2 -DCOBJMACROS -I/root/libaerocmd/test/programs \
    -o basics.exe /root/libaerocmd/test/programs/basics.c /root/libaerocmd/test/programs/prog*.c \
    -static-libgcc -ld3d11 -ldxgi -ld3dcompiler_47 -ldxguid -luser32 -lgdi32 && bash /root/libaerocmd/scripts/run-d3d11-program.sh basics.exe" \
    >"$logs/runner.log" 2>&1 || fail "a program through scripts/run-d3d11-program.sh" "$logs/runner.log"
grep -qE '^[0-9]+ passed, 0 failed' "$logs/runner.log" ||
    fail "a program through scripts/run-d3d11-program.sh" "$logs/runner.log"
say "a program through the runner: $(grep -E '^[0-9]+ passed' "$logs/runner.log")"

case $tests in
none) say "command 2 not asked for"; exit 0 ;;
smoke) command2="bash scripts/test-all.sh --one-per-suite" ;;
all) command2="bash scripts/test-all.sh" ;;
esac
say "README command 2: $command2"
in_root "$command2" >"$logs/command2.log" 2>&1 || {
    grep -E '^(FAILED|Summary|Fail:|Timeout:)|^ *[0-9]+/[0-9]+ .*(FAIL|TIMEOUT)' "$logs/command2.log" | head -40
    fail "command 2" "$logs/command2.log"
}
tail -1 "$logs/command2.log"
# install-deps installed everything: a test that skips here says something is missing
tail -1 "$logs/command2.log" | grep -q ', 0 skipped$' ||
    fail "command 2 skipped tests on a machine install-deps set up" "$logs/command2.log"
say "both commands passed in a fresh Debian 12 root"
