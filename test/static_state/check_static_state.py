#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Proves that objects keep no writable static storage: no object of the archives given has
a non-empty section that is loaded and writable (by objdump's flags: .data, .bss,
thread-local storage, .lbss, sections named by attributes; relocated constant tables in
.data.rel.ro are read-only once loaded) or a common symbol, except the symbols --allow
names. LTO objects cannot be checked and fail.

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
import os
import re
import subprocess
import sys

READ_ONLY_AFTER_LOAD = re.compile(r"^\.data\.rel\.ro(\.|$)")
MEMBER = re.compile(r"^(\S.*?):\s+file format ")
SECTION = re.compile(r"^\s*(\d+)\s+(\S+)\s+([0-9a-fA-F]+)\s")
ELF_SYMBOL = re.compile(r"^[0-9a-fA-F]+ .{7} (\S+)\s+[0-9a-fA-F]+\s+"
                        r"(?:\.(?:hidden|protected|internal)\s+)?(\S+)$")
PE_SYMBOL = re.compile(r"^\[\s*\d+\]\(sec\s+(-?\d+)\).*\(scl\s+(\d+)\).*\s0x([0-9a-fA-F]+) (\S+)$")
# Linker directives of a PE object (mingw writes -aligncomm there for common symbols).
NOT_LOADED = {".drectve"}
PE_EXTERNAL = 2  # storage class of a global; in section 0 with a value, a common symbol

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
    """{index: name} of the member's non-empty sections that are loaded and writable (by
    objdump's flags, whatever their names), and of LTO sections, which hide the code."""
    found = {}
    for i, line in enumerate(lines):
        m = SECTION.match(line)
        if not m or int(m.group(3), 16) == 0:
            continue
        flags = lines[i + 1] if i + 1 < len(lines) else ""
        writable = "ALLOC" in flags and "READONLY" not in flags and "CODE" not in flags
        if (writable and not READ_ONLY_AFTER_LOAD.match(m.group(2)) and
                m.group(2) not in NOT_LOADED) or m.group(2).startswith(".gnu.lto_"):
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
        if not m or m.group(4).startswith("."):
            continue
        sec, scl, value = int(m.group(1)), int(m.group(2)), int(m.group(3), 16)
        if sec - 1 in sections:
            out.append((m.group(4), sections[sec - 1]))
        elif sec == 0 and scl == PE_EXTERNAL and value != 0:
            out.append((m.group(4), "*COM*"))
    return out


def allowed(member, symbol, allows):
    """SOURCE names the member's file (not a directory above it); 32-bit Windows objects
    spell C names with a leading underscore."""
    base = os.path.basename(member)
    return any(source in base and symbol in (name, "_" + name) for source, name in allows)


def check_member(member, headers, table, allows):
    """The member's findings (empty: it passes)."""
    sections = writable_sections(headers)
    symbols = symbols_in(table, sections)
    bad = [f"{member}: {name} in {section}" for name, section in symbols
           if not allowed(member, name, allows)]
    named = {section for _, section in symbols}
    lto = [name for name in sections.values() if name.startswith(".gnu.lto_")]
    bad += [f"{member}: {name} holds unnamed writable bytes"
            for name in sections.values() if name not in named and name not in lto]
    if lto:
        bad.append(f"{member}: an LTO object cannot be checked")
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
