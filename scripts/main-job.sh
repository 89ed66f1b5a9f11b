#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The main job: install what is missing, build libaerocmd and aerocmd, and run the demo
# (a small frame encoded through the public API, validated, disassembled, and drawn by the
# reference executor into build/aerocmd-demo.png).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
# -Dexec=enabled: the picture is the job's result, so a missing executor dependency stops
# setup naming its Debian package (install-deps installs them all).
if [ ! -f build/build.ninja ]; then
    setup_log=$(meson setup build -Dexec=enabled 2>&1) || { echo "$setup_log"; exit 1; }
fi
ninja -C build
./build/tools/aerocmd/aerocmd demo --png build/aerocmd-demo.png
