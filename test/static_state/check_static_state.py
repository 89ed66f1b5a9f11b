#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Proves that objects keep no writable static storage: no object of the archives given has
a non-empty writable data section (.data, .bss, thread-local storage; relocated constant
tables in .data.rel.ro are read-only once loaded) or a common symbol, except the symbols
--allow names.

Why: the kernel-safe core and the KMD checks run in a kernel driver, where a global is
shared by every process and adapter; the user-mode driver serves every device of a process
(a compositor opens many, and Direct3D 11 may call different devices from different
threads). All state of libaerocmd lives in memory its caller owns and passes in.

usage: check_static_state.py --objdump OBJDUMP [--allow SOURCE:SYMBOL]...
                             [--expect-findings N] ARCHIVE...
SOURCE:SYMBOL allows SYMBOL in the archive member whose name contains SOURCE (e.g.
shim_device.c:id_counter). Prints each finding, then "N passed, M failed" (one check per
member) and exits 1 on a finding or when an archive has no member. With --expect-findings
(the check's own test, over planted statics) it passes when it finds exactly N."""
import argparse
import re
import subprocess
import sys

WRITABLE = re.compile(r"^\.(data|bss|tdata|tbss|tls)(\$|\.|$)")
READ_ONLY_AFTER_LOAD = re.compile(r"^\.data\.rel\.ro(\.|$)")
MEMBER = re.compile(r"^(\S.*?):\s+file format ")
SECTION = re.compile(r"^\s*(\d+)\s+(\S+)\s+([0-9a-fA-F]+)\s")
ELF_SYMBOL = re.compile(r"^[0-9a-fA-F]+ .{7} (\S+)\s+[0-9a-fA-F]+\s+(\S+)$")
PE_SYMBOL = re.compile(r"^\[\s*\d+\]\(sec\s+(-?\d+)\).*\s0x[0-9a-fA-F]+ (\S+)$")


def objdump(tool, flag, archive):
    return subprocess.run([tool, flag, archive], check=True, capture_output=True,
                          text=True).stdout


def by_member(text):
    """{member: [lines]} of objdump's output over an archive."""
    members, current = {}, None
    for line in text.splitlines():
        m = MEMBER.match(line)
        if m:
            current = m.group(1)
            members[current] = []
        elif current is not None:
            members[current].append(line)
    return members


def writable_sections(lines):
    """{index: name} of the member's non-empty writable sections."""
    found = {}
    for line in lines:
        m = SECTION.match(line)
        if m and int(m.group(3), 16) != 0 and WRITABLE.match(m.group(2)) and \
                not READ_ONLY_AFTER_LOAD.match(m.group(2)):
            found[int(m.group(1))] = m.group(2)
    return found


def symbols_in(lines, sections):
    """(name, section) of the symbols defined in `sections` (ELF names them; a PE symbol
    table numbers them from 1 where objdump -h counts from 0), plus common symbols."""
    names = set(sections.values())
    out = []
    for line in lines:
        m = ELF_SYMBOL.match(line)
        if m and (m.group(1) in names or m.group(1) == "*COM*") and \
                not m.group(2).startswith(".") and m.group(1) != m.group(2):
            out.append((m.group(2), m.group(1)))
            continue
        m = PE_SYMBOL.match(line)
        if m and int(m.group(1)) - 1 in sections and not m.group(2).startswith("."):
            out.append((m.group(2), sections[int(m.group(1)) - 1]))
    return out


def allowed(member, symbol, allows):
    """32-bit Windows objects spell C names with a leading underscore."""
    return any(source in member and symbol in (name, "_" + name) for source, name in allows)


def check_member(member, headers, table, allows):
    """The member's findings (empty: it passes)."""
    sections = writable_sections(headers)
    symbols = symbols_in(table, sections)
    bad = [f"{member}: {name} in {section}" for name, section in symbols
           if not allowed(member, name, allows)]
    named = {section for _, section in symbols}
    bad += [f"{member}: {name} holds unnamed writable bytes"
            for name in sections.values() if name not in named]
    return bad


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--objdump", required=True)
    parser.add_argument("--allow", action="append", default=[])
    parser.add_argument("--expect-findings", type=int)
    parser.add_argument("archives", nargs="+")
    args = parser.parse_args()
    allows = [tuple(a.split(":", 1)) for a in args.allow]
    passed = failed = findings = 0
    for archive in args.archives:
        headers = by_member(objdump(args.objdump, "-h", archive))
        tables = by_member(objdump(args.objdump, "-t", archive))
        if not headers:
            print(f"{archive}: no members")
            failed += 1
        for member, lines in headers.items():
            bad = check_member(member, lines, tables.get(member, []), allows)
            for finding in bad:
                print(finding)
            findings += len(bad)
            failed += 1 if bad else 0
            passed += 0 if bad else 1
    if args.expect_findings is not None:
        ok = findings == args.expect_findings
        print(f"{findings} findings, {args.expect_findings} expected")
        print(f"{int(ok)} passed, {int(not ok)} failed")
        return 0 if ok else 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
