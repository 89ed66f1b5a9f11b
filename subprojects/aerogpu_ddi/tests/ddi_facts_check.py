#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Checks the checked-in headers against the facts without compiling anything.

  regen  the generator, run on facts/win7-ddi-layouts*.json, reproduces every generated
         header byte for byte
  count  reading the headers back (independently of the generator), every struct, function
         table, measured member, PFN typedef and enum of the JSON has its declaration and
         its layout check, and nothing else does
"""

import argparse
import glob
import os
import re
import subprocess
import sys


def load_facts(paths):
    """The facts files merged the way the generator merges them (gen/ddi_model.py)."""
    folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "gen")
    if folder not in sys.path:
        sys.path.insert(0, folder)
    import ddi_model  # noqa: E402

    return ddi_model.load(paths)


def run_regen(args):
    command = [sys.executable, args.generator, "--out", args.include]
    for path in args.json:
        command += ["--json", path]
    result = subprocess.run(command + ["--check"], capture_output=True, text=True)
    sys.stdout.write(result.stderr)
    same = result.returncode == 0
    print("%s: generated headers match the facts" % ("ok  " if same else "FAIL"))
    return [same]


def json_fields(members, prefix=""):
    """(path) of every win7 member with a measured offset and size."""
    paths = set()
    for member in members:
        if not member.get("win7"):
            continue
        name = member.get("name")
        if name and "offset" in member and "size" in member:
            paths.add(prefix + name)
        if "members" in member:
            paths |= json_fields(member["members"], prefix + name + "." if name else prefix)
    return paths


def expected_from_json(facts):
    structs = facts["structs"]
    fields = set()
    for name, struct in structs.items():
        fields |= {(name, path) for path in json_fields(struct["members"])}
    tables = {n: s["win7_pointer_count"] for n, s in structs.items() if s.get("function_table")}
    return {
        "types": set(structs),
        "tags": {s["tag"] for s in structs.values()},
        "tables": tables,
        "fields": fields,
        "pfns": set(facts["pfn_typedefs"]),
        "enums": set(facts["enums"]),
    }


def read_headers(folder, pattern):
    text = ""
    for path in sorted(glob.glob(os.path.join(folder, pattern))):
        if os.path.basename(path) == "ddi_layout_check.h":
            continue  # the macro definitions, not checks
        with open(path, encoding="utf-8") as handle:
            text += handle.read()
    return text


def found_in_headers(folder):
    checks = read_headers(folder, "ddi_layout_*.h")
    types = read_headers(folder, "ddi_*.h")
    pfn_text = read_headers(folder, "ddi_pfn.h")
    return {
        "types": set(re.findall(r"AEROGPU_DDI_CHECK_TYPE\(\s*(\w+),", checks)),
        "tags": set(re.findall(r"^(?:AEROGPU_DDI_NAMELESS )?struct (\w+) \{", types, re.M)),
        "tables": {
            n: int(c)
            for n, c in re.findall(r"AEROGPU_DDI_CHECK_TABLE\(\s*(\w+),\s*(\d+)\)", checks)
        },
        "fields": set(re.findall(r"AEROGPU_DDI_CHECK_FIELD\(\s*(\w+),\s*([\w.]+),", checks)),
        "pfns": set(re.findall(r"typedef \w+ \(APIENTRY(?: CALLBACK)? \*(\w+)\)", pfn_text)),
        "all_pfns": set(re.findall(r"typedef [^;]*?\*(PFN\w+)\)", pfn_text)),
        "enums": set(re.findall(r"^\} (\w+);", read_headers(folder, "ddi_enums.h"), re.M)),
    }


def declared_slots(folder):
    """table tag -> [(type, name)] in declaration order, spaces dropped from types."""
    text = read_headers(folder, "ddi_*.h")
    bodies = re.findall(r"^(?:AEROGPU_DDI_NAMELESS )?struct (\w+) \{\n(.*?)^\};", text, re.M | re.S)
    slots = {}
    for tag, body in bodies:
        rows = []
        for line in body.splitlines():
            line = line.strip()
            if not line.endswith(";") or line.startswith(("/*", "*", "}")):
                continue
            inline = re.match(r"^(.*)\((\w+) \*(\w+)\)(\(.*\));$", line)
            if inline:
                ret, conv, name, params = inline.groups()
                rows.append((("%s(%s*)%s" % (ret, conv, params)).replace(" ", ""), name))
            else:
                typ, name = line[:-1].rsplit(" ", 1)
                rows.append((typ.replace(" ", ""), name))
        slots[tag] = rows
    return slots


def compare_slots(facts, folder):
    declared = declared_slots(folder)
    total = wrong = 0
    for name, struct in facts["structs"].items():
        if not struct.get("function_table"):
            continue
        want = [(m["type"].replace(" ", ""), m["name"]) for m in struct["members"] if m.get("win7")]
        total += len(want)
        if declared.get(struct["tag"]) != want:
            wrong += 1
            print("  %s: slots differ from the JSON's order or types" % name)
    verdict = "FAIL" if wrong else "ok  "
    print("%s: slots   %4d in the JSON, in order with their types" % (verdict, total))
    return not wrong


def compare(label, expected, found):
    missing = sorted(set(expected) - set(found))
    extra = sorted(set(found) - set(expected))
    covered = len(set(found) & set(expected))
    verdict = "ok  " if not missing and not extra else "FAIL"
    print("%s: %-7s %4d in the JSON, %4d covered" % (verdict, label, len(expected), covered))
    for item in missing[:10]:
        print("  missing: %s" % (item,))
    for item in extra[:10]:
        print("  not in the JSON: %s" % (item,))
    return not missing and not extra


def run_count(args):
    facts = load_facts(args.json)
    expected = expected_from_json(facts)
    folder = os.path.join(args.include, "aerogpu_ddi")
    found = found_in_headers(folder)
    results = [compare(key, expected[key], found[key])
               for key in ("types", "tags", "fields", "pfns", "enums")]
    results.append(compare("tables", expected["tables"].items(), found["tables"].items()))
    results.append(compare_slots(facts, folder))
    without = sorted(found["all_pfns"] - found["pfns"])
    verdict = "FAIL: %s lack" % without if without else "ok  : every PFN typedef carries"
    print(verdict + " APIENTRY")
    results.append(not without)
    return results


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=["regen", "count"])
    parser.add_argument("--json", action="append", required=True)
    parser.add_argument("--include", required=True)
    parser.add_argument("--generator")
    args = parser.parse_args(argv)
    results = run_regen(args) if args.mode == "regen" else run_count(args)
    passed = sum(1 for ok in results if ok)
    print("%d passed, %d failed" % (passed, len(results) - passed))
    return 0 if passed == len(results) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
