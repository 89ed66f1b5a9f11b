#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The shared libaerocmd exports exactly the installed headers' API.

usage: check_exports.py NM LIBRARY.so [--skip=NAME.h] [--only=NAME.h] HEADER_DIR...
(installed headers: source and generated). --skip leaves out a header of another library
(exec.h is libaerocmd_exec's); --only checks a library against just its headers.

Fails when the library exports a symbol that does not start with aerocmd_ (or starts with
aerocmd_priv_, the internal prefix), when an installed header lacks its
AEROCMD_EXPORT_BEGIN / AEROCMD_EXPORT_END pair, or when a function or table declared in an
installed header is not exported. A static inline function in an installed header must be
the C fast path NAME_inline of an exported NAME (see writer.h), so that FFI callers reach
every entry point; only the writer's fast-path building blocks are inline-only."""
import pathlib
import re
import subprocess
import sys

# Installed headers of the project's other libraries, not of libaerocmd.
OTHER_LIBRARIES = {'exec.h': 'libaerocmd_exec, the optional reference executor'}

# Emitted by the toolchain itself, never by our sources.
TOOLCHAIN = {'_init', '_fini', '_edata', '_end', '__bss_start'}
TOOLCHAIN_PREFIXES = ('__gcov_', '__llvm_', '__asan', '__odr_asan', '__ubsan', '__sanitizer')
# Pieces of the inline append fast path, meaningless on their own.
INLINE_ONLY = {'aerocmd_writer_fixed_room', 'aerocmd_writer_fixed_publish'}


def exported(nm, lib):
    out = subprocess.run([nm, '-D', '--defined-only', lib], check=True,
                         capture_output=True, text=True).stdout
    names = set()
    for line in out.splitlines():
        fields = line.split()
        if len(fields) >= 3 and fields[1] in 'TDBRVWtdbr' and fields[1].isupper():
            names.add(fields[2].split('@')[0])
    return names


def strip_source(text):
    text = re.sub(r'/\*.*?\*/', ' ', text, flags=re.S)
    text = re.sub(r'//[^\n]*', ' ', text)
    text = re.sub(r'\\\n', ' ', text)
    text = re.sub(r'^\s*#[^\n]*', ' ', text, flags=re.M)
    # The extern "C" block's closing brace sits in #ifdef __cplusplus and is gone already.
    text = text.replace('extern "C" {', ' ')
    return text.replace('AEROCMD_EXPORT_BEGIN', ' ').replace('AEROCMD_EXPORT_END', ' ')


def top_level_statements(text):
    """Statements at file scope; brace blocks are dropped, a function body ends one."""
    statements, current, depth, i = [], [], 0, 0
    while i < len(text):
        ch = text[i]
        if ch == '{':
            if depth == 0 and ''.join(current).rstrip().endswith(')'):
                current.append(' BODY ')  # a function definition (static inline)
            depth += 1
        elif ch == '}':
            depth -= 1
            if depth == 0 and ''.join(current).endswith(' BODY '):
                statements.append(''.join(current))
                current = []
        elif depth == 0:
            if ch == ';':
                statements.append(''.join(current))
                current = []
            else:
                current.append(ch)
        i += 1
    return [' '.join(s.split()) for s in statements if s.strip()]


def declared(header_text):
    """(functions and tables declared, static inline functions defined)"""
    names, inline = set(), set()
    for st in top_level_statements(strip_source(header_text)):
        if st.startswith('static') and st.endswith('BODY'):
            function = re.search(r'\b(aerocmd_\w+) ?\(', st)
            if function:
                inline.add(function.group(1))
            continue
        if st.startswith(('typedef', 'static')) or st.endswith('BODY'):
            continue
        function = re.search(r'(?<!\(\*)(?<!\( \*)\b(aerocmd_\w+) ?\(', st)
        if function:
            names.add(function.group(1))
        elif st.startswith('extern'):
            variable = re.search(r'(aerocmd_\w+)\s*(\[[^\]]*\])?\s*$', st)
            if variable:
                names.add(variable.group(1))
    return names, inline


def main():
    nm, lib, args = sys.argv[1], sys.argv[2], sys.argv[3:]
    only = {a.split('=', 1)[1] for a in args if a.startswith('--only=')}
    skip = {a.split('=', 1)[1] for a in args if a.startswith('--skip=')}
    header_dirs = [a for a in args if not a.startswith('--')]
    failures = []
    exports = exported(nm, lib)
    for name in sorted(exports):
        if name in TOOLCHAIN or name.startswith(TOOLCHAIN_PREFIXES):
            continue
        if not name.startswith('aerocmd_'):
            failures.append(f'exported without the aerocmd_ prefix: {name}')
        elif name.startswith('aerocmd_priv_'):
            failures.append(f'internal symbol exported: {name}')
    public = set()
    headers = [h for d in header_dirs for h in pathlib.Path(d).glob('*.h')]
    for header in sorted(headers):
        if header.name in skip or (only and header.name not in only):
            continue
        text = header.read_text()
        if header.name != 'export.h' and (text.count('AEROCMD_EXPORT_BEGIN') != 1
                                          or text.count('AEROCMD_EXPORT_END') != 1):
            failures.append(f'{header.name}: wrap its declarations in one '
                            'AEROCMD_EXPORT_BEGIN / AEROCMD_EXPORT_END pair')
        names, inline = declared(text)
        public |= names
        for name in sorted(inline - INLINE_ONLY):
            if not name.endswith('_inline') or name[:-len('_inline')] not in names:
                failures.append(f'{header.name}: static inline {name} has no exported twin '
                                '(declare NAME, define NAME_inline, map NAME to it for C)')
    for name in sorted(public - exports):
        failures.append(f'declared in an installed header but not exported: {name}')
    for failure in failures:
        print(failure)
    print(f'{len(exports)} exported symbols, {len(public)} declared in installed headers')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
