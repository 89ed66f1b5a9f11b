#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Installs what building and testing libaerocmd needs on Debian 12, skipping anything
# already present. Safe to run repeatedly; needs root (or sudo) only when installing.
set -euo pipefail

want=(meson ninja-build pkg-config python3 gcc g++ mingw-w64 clang clang-format llvm
      libclang-rt-14-dev
      valgrind wine64 binutils
      # the reference executor: vkd3d (Direct3D 12 on Vulkan), Mesa's lavapipe, libpng
      libvkd3d-dev libvkd3d-utils1 libvkd3d-shader1 mesa-vulkan-drivers libvulkan1 libpng-dev)
missing=()
for p in "${want[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
echo "installing: ${missing[*]}" >&2
"${sudo_cmd[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq \
    "${missing[@]}" >&2
