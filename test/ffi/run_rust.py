#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Builds the Rust FFI example with rustc against the shared libaerocmd and runs it.

usage: run_rust.py RUSTC EXAMPLE.rs LIBRARY.so WORK_DIR"""
import os
import pathlib
import re
import subprocess
import sys


def main():
    rustc, source, library, work = sys.argv[1:5]
    library = pathlib.Path(library)
    work = pathlib.Path(work)
    work.mkdir(parents=True, exist_ok=True)
    name = re.match(r'lib(.+?)\.so', library.name).group(1)
    program = work / 'aerocmd_ffi'
    build = subprocess.run([rustc, '--edition', '2021', '-O', source, '-o', str(program),
                            '-L', str(library.parent), '-l', f'dylib={name}'],
                           capture_output=True, text=True)
    if build.returncode != 0:
        print(build.stderr)
        print('0 passed, 1 failed')
        return 1
    env = dict(os.environ)
    env['LD_LIBRARY_PATH'] = os.pathsep.join(filter(None, [str(library.parent),
                                                           env.get('LD_LIBRARY_PATH')]))
    result = subprocess.run([str(program)], env=env, capture_output=True, text=True)
    sys.stdout.write(result.stdout)
    sys.stderr.write(result.stderr)
    return result.returncode


if __name__ == '__main__':
    sys.exit(main())
