#!/bin/bash -eu
# SPDX-License-Identifier: MIT
# ClusterFuzzLite runs $SRC/build.sh; the real one lives with the fuzzers.
exec "$SRC/libaerocmd/test/fuzz/oss-fuzz/build.sh"
