#!/bin/bash -eu
# SPDX-License-Identifier: MIT
# The build script OSS-Fuzz and ClusterFuzzLite run (their "build.sh"): every target of
# test/fuzz/targets.txt into $OUT, with the compiler, flags and fuzzing engine they choose
# ($CC $CFLAGS, $CXX $CXXFLAGS for the link, $LIB_FUZZING_ENGINE), each with its seed corpus
# ($OUT/NAME_seed_corpus.zip), dictionary ($OUT/NAME.dict) and options ($OUT/NAME.options:
# inputs up to 1 MiB, slow inputs reported). Also runs in a plain shell, e.g.
#
#   CC=clang CXX=clang++ CFLAGS="-O1 -g -fsanitize=address,fuzzer-no-link" \
#   CXXFLAGS="$CFLAGS" LIB_FUZZING_ENGINE=-fsanitize=fuzzer OUT=/tmp/out \
#   test/fuzz/oss-fuzz/build.sh
#
# Needs meson and ninja (the library's build), python3 (zips).
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../../.." && pwd)
fuzz_dir="$root/test/fuzz"
: "${CC:=clang}" "${CXX:=clang++}" "${CFLAGS:=}" "${CXXFLAGS:=$CFLAGS}"
: "${LIB_FUZZING_ENGINE:=-fsanitize=fuzzer}" "${OUT:?set OUT to the output directory}"
work="${WORK:-$(mktemp -d)}/libaerocmd-fuzz"
mkdir -p "$OUT" "$work"

# The library alone, static, instrumented by $CFLAGS (no tests, tools or shims are built).
rm -rf "$work/build"
CC="$CC" CFLAGS="$CFLAGS" meson setup "$work/build" "$root" --buildtype=plain \
    -Dtests=false -Dwerror=false -Ddefault_library=static -Db_lundef=false >"$work/setup.log" ||
    { cat "$work/setup.log"; exit 1; }
meson compile -C "$work/build" libaerocmd/aerocmd libaerocmd/src/fake/aerocmd_fake \
    >"$work/compile.log" || { cat "$work/compile.log"; exit 1; }
lib=$(find "$work/build" -name 'libaerocmd.a' | head -n 1)
# the in-memory fake of the umd callbacks (tools and tests only), which the DDI-sequence
# target drives
fake_lib=$(find "$work/build" -name 'libaerocmd_fake.a' | head -n 1)
includes=(-I"$root/protocol" -I"$root/libaerocmd/include" -I"$root/libaerocmd/src/fake/include"
          -I"$fuzz_dir")

# [libfuzzer] options of every target, plus the target's own long-run options.
options() {
    printf '[libfuzzer]\nmax_len = 1048576\nreport_slow_units = 2\ntimeout = 25\n'
    local option
    for option in $1; do
        option=${option#-}
        printf '%s = %s\n' "${option%%=*}" "${option#*=}"
    done
}

zip_seeds() {
    python3 - "$@" <<'PY'
import os, sys, zipfile
out, dirs = sys.argv[1], sys.argv[2:]
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
    for d in dirs:
        for name in sorted(os.listdir(d)):
            path = os.path.join(d, name)
            if os.path.isfile(path) and not name.startswith("."):
                z.write(path, os.path.basename(d) + "_" + name)
PY
}

trim() {
    local s=$1
    s="${s#"${s%%[![:space:]]*}"}"
    printf '%s' "${s%"${s##*[![:space:]]}"}"
}

# The reference executor's archive and its vkd3d libraries, for targets that need "exec";
# empty when the executor is not part of this tree or vkd3d is missing.
exec_libs=()
exec_archive() {
    if [ ${#exec_libs[@]} -eq 0 ] &&
        meson compile -C "$work/build" libaerocmd/src/exec/aerocmd_exec_internal \
            >>"$work/compile.log" 2>&1; then
        exec_libs=("$(find "$work/build" -name 'libaerocmd_exec_internal.a' | head -n 1)")
        # shellcheck disable=SC2207
        exec_libs+=($(pkg-config --libs libvkd3d libvkd3d-utils libvkd3d-shader) -lm)
    fi
    [ ${#exec_libs[@]} -gt 0 ]
}

built=0
while IFS='|' read -r name sources dict seeds _seconds _smoke long needs || [ -n "$name" ]; do
    name=$(trim "$name")
    case "$name" in '' | '#'*) continue ;; esac
    extra=()
    if [ "$(trim "${needs:-}")" = exec ]; then
        # MemorySanitizer needs every library instrumented; the system's vkd3d is not.
        if [ "${SANITIZER:-}" = memory ] || [[ "$CFLAGS" == *-fsanitize=memory* ]]; then
            echo "skipping $name: vkd3d is not built with MemorySanitizer" >&2
            continue
        fi
        if ! exec_archive; then
            echo "skipping $name: the reference executor (vkd3d) is not available" >&2
            continue
        fi
        extra=("${exec_libs[@]}")
    fi
    objects=()
    for source in $sources; do
        object="$work/${name}_${source%.c}.o"
        # shellcheck disable=SC2086 # $CFLAGS and the like are word lists by convention
        $CC $CFLAGS "${includes[@]}" -c "$fuzz_dir/$source" -o "$object"
        objects+=("$object")
    done
    # shellcheck disable=SC2086
    $CXX $CXXFLAGS $LIB_FUZZING_ENGINE "${objects[@]}" "${extra[@]:0:1}" "$fake_lib" "$lib" \
        "${extra[@]:1}" -o "$OUT/$name"
    cp "$fuzz_dir/$(trim "$dict")" "$OUT/$name.dict"
    options "$(trim "$long")" >"$OUT/$name.options"
    seed_dirs=()
    for seed in $seeds; do
        seed_dirs+=("$root/$seed")
    done
    zip_seeds "$OUT/${name}_seed_corpus.zip" "${seed_dirs[@]}"
    built=$((built + 1))
done <"$fuzz_dir/targets.txt"
echo "built $built fuzz targets into $OUT"
