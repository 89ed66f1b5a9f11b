#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The main job: install what is missing, build libaerocmd and aerocmd, and run the demo
# (a small frame encoded through the public API, validated, disassembled, and drawn by the
# reference executor into build/aerocmd-demo.png).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
[ -f build/build.ninja ] || meson setup build >/dev/null
ninja -C build
./build/tools/aerocmd/aerocmd demo --png build/aerocmd-demo.png
