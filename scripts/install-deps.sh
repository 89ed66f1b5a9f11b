#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Installs what README's two commands (scripts/main-job.sh, scripts/test-all.sh) need on
# Debian 12, skipping anything already present. Safe to run repeatedly; needs root (or sudo)
# only when installing. The list is proved complete on a minimal Debian 12 root
# (scripts/fresh-root-check.sh, run by .ci/run): a package missing here fails CI there.
set -euo pipefail

want=(
    # building: Meson (which runs on Python) and ninja, pkg-config for dependency()
    meson ninja-build pkg-config python3
    # the native compiler; g++ compiles the protocol headers as C++11 (test abi-compile-cxx11)
    gcc g++
    # nm, objdump: exported and undefined symbols, writable sections (suites exports,
    # kernel_safe, static_state)
    binutils
    # the shim DLLs and the KMD archive (x86_64 and i686 cross builds, -Dmingw checks)
    mingw-w64
    # Windows programs under Wine: the shim scenarios and the Wine ABI test (-Dwine)
    wine64
    # the test programs' independent judge, Wine's own Direct3D 11 (wined3d on OpenGL): an X
    # server (xvfb-run needs xauth), and OpenGL with Mesa's llvmpipe to draw on (wine64 only
    # recommends them); the programs' windows need X too (test/programs/judge.py)
    xvfb xauth libgl1 libgl1-mesa-dri
    # memcheck runs and callgrind instruction counts: benchmarks, complexity (-Dvalgrind)
    valgrind
    # clang: the matrix's clang build, the MSVC-ABI layout checks; its libFuzzer and
    # sanitizer runtimes: the fuzz builds; llvm-symbolizer: readable sanitizer reports
    clang libclang-rt-14-dev llvm
    # the layout check (test clang-format; the layout is clang-format 14's)
    clang-format
    # the Rust FFI check (test ffi_rust: examples/rust through the shared library)
    rustc
    # meson dist (the build matrix's dist configuration) packs the git checkout
    git
    # the reference executor (-Dexec): vkd3d (Direct3D 12 on Vulkan) and the Vulkan headers
    # its vkd3d.h includes, Mesa's lavapipe to draw on, libpng for aerocmd render's pictures
    libvkd3d-dev libvkd3d-utils1 libvkd3d-shader1 libvulkan-dev libvulkan1
    mesa-vulkan-drivers libpng-dev
)
missing=()
for p in "${want[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
echo "installing: ${missing[*]}" >&2
"${sudo_cmd[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends \
    "${missing[@]}" >&2
