#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Compiles the DDI headers with a mingw-w64 compiler for one target (x86 or x64).

  layout      tests/layout_check.c (all generated layout checks plus tables filled with real
              functions) builds warning-free as C99, and as C++11 when a g++ sits beside the
              gcc; every PFN typedef has the JSON's signature and is __stdcall (on x86 it
              must differ from the __cdecl spelling); the constants left to mingw-w64 are
              defined by it and the ones defined here are not
  mutation    wrong facts or hand-edited headers fail to compile, naming the struct and member
  decoration  (x86) an object defining OpenAdapter10/OpenAdapter10_2 carries _Name@4 symbols

Exit status 77 (skip) when the compiler is missing (--missing NAME).
"""

import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile

import ddi_mutations
from ddi_compile import CXX_FLAGS, compile_source, pfn_check_source, slot_type_lines, write_text

SKIP = 77
MINGW_HEADERS = ["windows.h", "dxgitype.h", "d3d10_1.h", "d3d11.h"]


def defined_constants(include_dir):
    path = os.path.join(include_dir, "aerogpu_ddi", "ddi_constants.h")
    with open(path, encoding="utf-8") as handle:
        return set(re.findall(r"^#define (\w+) ", handle.read(), re.M))


def constants_sources(facts, include_dir):
    """(ours-vs-mingw, left-to-mingw) translation units."""
    ours = defined_constants(include_dir)
    left = sorted(set(facts["constants"]) - ours)
    clash = ["#include <%s>" % h for h in MINGW_HEADERS]
    for name in sorted(ours):
        clash += ["#ifdef " + name, '#error "%s is also defined by mingw-w64"' % name, "#endif"]
    provided = ['#include "aerogpu_ddi/ddi.h"']
    for name in left:
        provided += ["#ifndef " + name, '#error "%s is defined neither here nor by mingw"' % name,
                     "#endif"]
    return "\n".join(clash) + "\n", "\n".join(provided) + "\n", len(ours), len(left)


def sibling_tool(cc, tool):
    """x86_64-w64-mingw32-gcc -> x86_64-w64-mingw32-<tool>, if it exists."""
    compiler = cc[-1]
    if not compiler.endswith("gcc"):
        return None
    return shutil.which(compiler[: -len("gcc")] + tool)


def report(label, result, expect_ok=True):
    ok = (result.returncode == 0) == expect_ok
    print("%s: %s" % ("ok  " if ok else "FAIL", label))
    if not ok:
        sys.stdout.write(result.stderr[-3000:])
    return ok


def run_layout(args, facts, tmp):
    results = [report("layout_check.c as C99", compile_source(args.cc, args.include, args.source))]
    gxx = sibling_tool(args.cc, "g++")
    if gxx:
        result = compile_source([gxx], args.include, args.source, CXX_FLAGS)
        results.append(report("layout_check.c as C++11", result))
    pfn = write_text(tmp, "pfn_check.c", pfn_check_source(facts, args.arch))
    label = "%d PFN signatures and calling conventions, %d table slot types" % (
        len(facts["pfn_typedefs"]), len(slot_type_lines(facts)))
    results.append(report(label, compile_source(args.cc, args.include, pfn)))
    clash, provided, ours, left = constants_sources(facts, args.include)
    result = compile_source(args.cc, args.include, write_text(tmp, "clash.c", clash))
    results.append(report("%d constants defined here, none by mingw-w64" % ours, result))
    result = compile_source(args.cc, args.include, write_text(tmp, "provided.c", provided))
    results.append(report("%d constants left to mingw-w64 are defined by it" % left, result))
    return results


def run_mutation(args, facts, tmp):
    cases = ddi_mutations.build_cases(args, facts, tmp)
    with concurrent.futures.ThreadPoolExecutor(max_workers=min(8, os.cpu_count() or 1)) as pool:
        outcomes = list(pool.map(lambda case: ddi_mutations.run_case(args, case), cases))
    for line in outcomes:
        print(line)
    return [line.startswith("ok") for line in outcomes]


def run_decoration(args, _facts, tmp):
    if args.arch != "x86":
        print("decoration only exists on x86")
        return []
    obj = os.path.join(tmp, "export_check.o")
    source = os.path.join(os.path.dirname(args.source), "export_check.c")
    if not report("export_check.c", compile_source(args.cc, args.include, source, output=obj)):
        return [False]
    nm = sibling_tool(args.cc, "nm")
    if nm is None:
        print("FAIL: no nm beside %s" % args.cc[-1])
        return [False]
    symbols = subprocess.run([nm, obj], capture_output=True, text=True, check=True).stdout
    results = []
    for symbol in ("_OpenAdapter10@4", "_OpenAdapter10_2@4"):
        found = re.search(r"^\S+ T %s$" % re.escape(symbol), symbols, re.M) is not None
        print("%s: %s defined" % ("ok  " if found else "FAIL", symbol))
        results.append(found)
    return results


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=["layout", "mutation", "decoration"])
    parser.add_argument("--arch", choices=["x86", "x64"], required=True)
    parser.add_argument("--cc", action="append", default=[])
    parser.add_argument("--missing")
    parser.add_argument("--include", required=True)
    parser.add_argument("--json", action="append", required=True)
    parser.add_argument("--source", required=True)
    parser.add_argument("--generator")
    args = parser.parse_args(argv)
    if args.missing or not args.cc:
        print("skipped: %s not found" % (args.missing or "compiler"))
        return SKIP
    facts = ddi_mutations.load_facts(args)
    modes = {"layout": run_layout, "mutation": run_mutation, "decoration": run_decoration}
    with tempfile.TemporaryDirectory(prefix="aerogpu_ddi_") as tmp:
        results = modes[args.mode](args, facts, tmp)
    passed = sum(1 for ok in results if ok)
    print("%d passed, %d failed" % (passed, len(results) - passed))
    return 0 if passed == len(results) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
