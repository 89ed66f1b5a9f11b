#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Every source file this project wrote carries `SPDX-License-Identifier: MIT` in its first
lines (after a #! line). Data (test/data, fuzz corpora and dictionaries, JSON, the
protocol texts in doc/) is not source and is not marked.

usage: check_spdx.py SOURCE_ROOT [--fix]
--fix adds the line where it is missing (run it after adding files)."""
import os
import pathlib
import sys

TAG = 'SPDX-License-Identifier: MIT'
COMMENT = {'.c': '/* {} */', '.h': '/* {} */', '.in': '/* {} */', '.rs': '// {}',
           '.py': '# {}', '.sh': '# {}', '.build': '# {}', '.ini': '# {}', '.def': '; {}'}
NAMED = {'meson_options.txt': '# {}', 'run': '# {}'}  # run: .ci/run
SKIP_DIRS = {'.git', 'data', '__pycache__', 'corpus', 'packagecache'}


def comment_style(path):
    if path.name in NAMED and (path.name != 'run' or path.parent.name == '.ci'):
        return NAMED[path.name]
    return COMMENT.get(path.suffix)


def source_files(root):
    for directory, dirs, files in os.walk(root):
        here = pathlib.Path(directory)
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS and not d.startswith('build')
                         and not (here / d / 'meson-private').is_dir())
        for name in sorted(files):
            path = here / name
            if comment_style(path):
                yield path


def has_tag(text):
    return TAG in '\n'.join(text.split('\n')[:3])


def add_tag(path, text):
    line = comment_style(path).format(TAG) + '\n'
    if text.startswith('#!'):
        first, _, rest = text.partition('\n')
        return first + '\n' + line + rest
    return line + text


def main():
    root = pathlib.Path(sys.argv[1])
    fix = '--fix' in sys.argv[2:]
    missing = []
    checked = 0
    for path in source_files(root):
        text = path.read_text(encoding='utf-8')
        checked += 1
        if has_tag(text):
            continue
        if fix:
            path.write_text(add_tag(path, text), encoding='utf-8')
        else:
            missing.append(path.relative_to(root))
    for path in missing:
        print(f'{path}: no "{TAG}" line (scripts/check_spdx.py {root} --fix adds it)')
    print(f'{checked - len(missing)} passed, {len(missing)} failed')
    return 1 if missing else 0


if __name__ == '__main__':
    sys.exit(main())
