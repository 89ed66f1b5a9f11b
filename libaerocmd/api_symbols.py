#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""What libaerocmd's installed headers declare: the library's public API.

usage: api_symbols.py --def OUTPUT DEPFILE HEADER_DIR... [--skip=NAME.h]

Writes a module-definition file (EXPORTS; tables marked DATA) listing every function and
table declared between AEROCMD_EXPORT_BEGIN and AEROCMD_EXPORT_END in the headers of
HEADER_DIR... (the source and the generated ones), and a depfile naming those headers. A
Windows DLL exports what its .def lists; ELF builds get the same list from the headers'
visibility pragma (aerocmd/export.h). test/exports/check_exports.py reads the headers
with this module too."""
import pathlib
import re
import sys


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


def declared(header_text, tables=None):
    """(functions and tables declared, static inline functions defined); the tables are
    also added to `tables` when given."""
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
                if tables is not None:
                    tables.add(variable.group(1))
    return names, inline


def installed_headers(header_dirs, skip=(), only=()):
    """{header name: text} of the installed headers in header_dirs."""
    result = {}
    headers = [h for d in header_dirs for h in pathlib.Path(d).glob('*.h')]
    for header in sorted(headers):
        if header.name in skip or (only and header.name not in only):
            continue
        result[header.name] = header.read_text()
    return result


def write_def(output, depfile, header_dirs, skip):
    names, tables = set(), set()
    headers = installed_headers(header_dirs, skip)
    for text in headers.values():
        names |= declared(text, tables)[0]
    lines = ['EXPORTS'] + [f'    {n} DATA' if n in tables else f'    {n}' for n in sorted(names)]
    pathlib.Path(output).write_text('\n'.join(lines) + '\n')
    paths = sorted(str(h) for d in header_dirs for h in pathlib.Path(d).glob('*.h'))
    pathlib.Path(depfile).write_text(
        output.replace(' ', '\\ ') + ': ' + ' '.join(p.replace(' ', '\\ ') for p in paths) + '\n')


def main(argv):
    if len(argv) < 4 or argv[0] != '--def':
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    skip = {a.split('=', 1)[1] for a in argv[3:] if a.startswith('--skip=')}
    write_def(argv[1], argv[2], [a for a in argv[3:] if not a.startswith('--')], skip)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
