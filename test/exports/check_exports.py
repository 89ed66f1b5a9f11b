#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The shared libaerocmd exports exactly the installed headers' API.

usage: check_exports.py NM LIBRARY.so [--skip=NAME.h] [--only=NAME.h] [--internal=LIB.a]
                        HEADER_DIR...
       check_exports.py --objdump OBJDUMP LIBRARY.dll [--skip=NAME.h] HEADER_DIR...
(installed headers: source and generated). --skip leaves out a header of another library
(exec.h is libaerocmd_exec's); --only checks a library against just its headers. With
--objdump the library is a Windows DLL and its export table is read (objdump -p): it
exports what its module-definition file (libaerocmd/api_symbols.py) lists. --internal
names the static library of every object (hidden symbols included): each of its global
aerocmd_ symbols is either declared in an installed header or named aerocmd_priv_.

Fails when the library exports a symbol that does not start with aerocmd_ (or starts with
aerocmd_priv_, the internal prefix), when an installed header lacks its
AEROCMD_EXPORT_BEGIN / AEROCMD_EXPORT_END pair, or when a function or table declared in an
installed header is not exported. A static inline function in an installed header must be
the C fast path NAME_inline of an exported NAME (see writer.h), so that FFI callers reach
every entry point; only the writer's fast-path building blocks are inline-only."""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..',
                                'libaerocmd'))
from api_symbols import declared, installed_headers  # noqa: E402

# Installed headers of the project's other libraries, not of libaerocmd.
OTHER_LIBRARIES = {'exec.h': 'libaerocmd_exec, the optional reference executor'}

# Emitted by the toolchain itself, never by our sources.
TOOLCHAIN = {'_init', '_fini', '_edata', '_end', '__bss_start'}
TOOLCHAIN_PREFIXES = ('__gcov_', '__llvm_', '__asan', '__odr_asan', '__ubsan', '__sanitizer')
# Pieces of the inline append fast path, meaningless on their own.
INLINE_ONLY = {'aerocmd_writer_fixed_room', 'aerocmd_writer_fixed_publish'}


def exported_pe(objdump, dll):
    """The names in a DLL's export table."""
    text = subprocess.run([objdump, '-p', dll], check=True, capture_output=True,
                          text=True).stdout
    names, in_table = set(), False
    for line in text.splitlines():
        if '[Ordinal/Name Pointer] Table' in line:
            in_table = True
        elif in_table:
            m = re.match(r'\s*\[\s*\d+\]\s+(\S+)\s*$', line)
            if not m:
                break
            names.add(m.group(1))
    return names


def global_names(nm, archive):
    """Global symbols an archive's objects define."""
    out = subprocess.run([nm, '--defined-only', archive], check=True, capture_output=True,
                         text=True).stdout
    return {f[2] for f in (line.split() for line in out.splitlines())
            if len(f) >= 3 and f[1] in 'TDBRVW'}


def exported(nm, lib):
    out = subprocess.run([nm, '-D', '--defined-only', lib], check=True,
                         capture_output=True, text=True).stdout
    names = set()
    for line in out.splitlines():
        fields = line.split()
        if len(fields) >= 3 and fields[1] in 'TDBRVWtdbr' and fields[1].isupper():
            names.add(fields[2].split('@')[0])
    return names


def main():
    if sys.argv[1] == '--objdump':
        exports, args = exported_pe(sys.argv[2], sys.argv[3]), sys.argv[4:]
    else:
        exports, args = exported(sys.argv[1], sys.argv[2]), sys.argv[3:]
    only = {a.split('=', 1)[1] for a in args if a.startswith('--only=')}
    skip = {a.split('=', 1)[1] for a in args if a.startswith('--skip=')}
    header_dirs = [a for a in args if not a.startswith('--')]
    failures = []
    ours = {n for n in exports if n not in TOOLCHAIN and not n.startswith(TOOLCHAIN_PREFIXES)}
    for name in sorted(ours):
        if not name.startswith('aerocmd_'):
            failures.append(f'exported without the aerocmd_ prefix: {name}')
        elif name.startswith('aerocmd_priv_'):
            failures.append(f'internal symbol exported: {name}')
    public = set()
    for name, text in installed_headers(header_dirs, skip, only).items():
        if name != 'export.h' and (text.count('AEROCMD_EXPORT_BEGIN') != 1
                                   or text.count('AEROCMD_EXPORT_END') != 1):
            failures.append(f'{name}: wrap its declarations in one '
                            'AEROCMD_EXPORT_BEGIN / AEROCMD_EXPORT_END pair')
        names, inline = declared(text)
        public |= names
        for function in sorted(inline - INLINE_ONLY):
            if not function.endswith('_inline') or function[:-len('_inline')] not in names:
                failures.append(f'{name}: static inline {function} has no exported twin '
                                '(declare NAME, define NAME_inline, map NAME to it for C)')
    for name in sorted(public - exports):
        failures.append(f'declared in an installed header but not exported: {name}')
    for name in sorted(ours - public):
        if name.startswith('aerocmd_') and not name.startswith('aerocmd_priv_'):
            failures.append(f'exported but declared in no installed header: {name}')
    for archive in (a.split('=', 1)[1] for a in args if a.startswith('--internal=')):
        for name in sorted(global_names(sys.argv[1], archive) - public):
            if name.startswith('aerocmd_') and not name.startswith('aerocmd_priv_'):
                failures.append(f'internal function without the aerocmd_priv_ prefix: {name}')
    for failure in failures:
        print(failure)
    print(f'{len(exports)} exported symbols, {len(public)} declared in installed headers')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
