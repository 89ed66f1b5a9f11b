#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Every C source and header of the project is formatted as the repository's .clang-format
says, by the clang-format this project formats with (Debian 12's, major version 14).

usage: check_format.py SOURCE_ROOT [CLANG_FORMAT]
Exit 0 when all files are formatted, 1 naming the ones that are not, 77 (a skipped test)
when no clang-format 14 is at hand: another version lays some lines out differently, and
a packager's build must not fail on that."""
import os
import pathlib
import re
import subprocess
import sys

SKIP_DIRS = {'.git', 'data', '__pycache__', 'corpus', 'packagecache'}
MAJOR = 14


def c_files(root):
    for directory, dirs, files in os.walk(root):
        here = pathlib.Path(directory)
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS and not d.startswith('build')
                         and not (here / d / 'meson-private').is_dir())
        for name in sorted(files):
            if name.endswith(('.c', '.h')):
                yield str(here / name)


def main(argv):
    if len(argv) < 1:
        print(__doc__.strip().splitlines()[3], file=sys.stderr)
        return 2
    tool = argv[1] if len(argv) > 1 else 'clang-format'
    try:
        version = subprocess.run([tool, '--version'], capture_output=True, text=True).stdout
    except OSError:
        version = ''
    found = re.search(r'version (\d+)\.', version)
    if not found or int(found.group(1)) != MAJOR:
        print(f'skipped: no clang-format {MAJOR} ({version.strip() or tool + " not found"})')
        return 77
    files = list(c_files(argv[0]))
    run = subprocess.run([tool, '--dry-run', '--Werror', '--style=file'] + files,
                         capture_output=True, text=True)
    bad = sorted({line.split(':')[0] for line in run.stderr.splitlines() if 'error:' in line})
    for path in bad:
        print(f'not formatted: {os.path.relpath(path, argv[0])}')
    print(f'{len(files)} files, {len(bad)} not formatted')
    return 1 if bad or (run.returncode != 0 and not bad) else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
