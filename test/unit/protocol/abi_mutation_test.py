#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Shows that the generated ABI test can fail: breaks facts in a COPY of the protocol
headers and checks that exactly the broken facts are reported, both by the compile-time
proofs (the build fails, naming them) and by the runtime table (FAIL lines and counts).

usage: abi_mutation_test.py CC PROTOCOL_DIR GENERATED_C

The header copies get their own layout asserts disabled, so any failure seen here comes
from the generated test alone. The real headers are never touched.
"""
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

STRICT = ["-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic"]

# (what, header, pattern, replacement, proofs that must fail, runtime facts that must fail)
MUTATIONS = [
    ("swap reserved0/reserved1 of aerogpu_cmd_stream_header", "aerogpu_cmd.h",
     r"(struct aerogpu_cmd_stream_header \{[^}]*?)uint32_t reserved0;(\s*)uint32_t reserved1;",
     r"\1uint32_t reserved1;\2uint32_t reserved0;",
     ["aerogpu_cmd_stream_header__reserved0__offset",
      "aerogpu_cmd_stream_header__reserved1__offset"],
     ["offsetof(struct aerogpu_cmd_stream_header, reserved0)",
      "offsetof(struct aerogpu_cmd_stream_header, reserved1)"]),
    ("align aerogpu_alloc_table_header to 8", "aerogpu_ring.h",
     r"struct AEROGPU_ALIGNAS\(4\) aerogpu_alloc_table_header",
     "struct AEROGPU_ALIGNAS(8) aerogpu_alloc_table_header",
     ["aerogpu_alloc_table_header__align"],
     ["alignof(struct aerogpu_alloc_table_header)"]),
    ("make aerogpu_cmd_draw_indexed.base_vertex unsigned", "aerogpu_cmd.h",
     r"(struct aerogpu_cmd_draw_indexed \{[^}]*?)\bint32_t base_vertex;",
     r"\1uint32_t base_vertex;",
     ["aerogpu_cmd_draw_indexed__base_vertex__type"],
     []),
    ("AEROGPU_CMD_FLUSH = 0x721", "aerogpu_cmd.h",
     r"AEROGPU_CMD_FLUSH = 0x720,", "AEROGPU_CMD_FLUSH = 0x721,",
     ["AEROGPU_CMD_FLUSH__value"], ["AEROGPU_CMD_FLUSH"]),
    ("AEROGPU_PCI_VENDOR_ID 0xA3A1u", "aerogpu_pci.h",
     r"(#define AEROGPU_PCI_VENDOR_ID\s+)0xA3A0u", r"\g<1>0xA3A1u",
     ["AEROGPU_PCI_VENDOR_ID__value"], ["AEROGPU_PCI_VENDOR_ID"]),
    ("add AEROGPU_CULL_BOTH = 3 to enum aerogpu_cull_mode", "aerogpu_cmd.h",
     r"(AEROGPU_CULL_BACK = 2,)", r"\1\n    AEROGPU_CULL_BOTH = 3,",
     ["aerogpu_cull_mode__value_set"], []),
    # Values and value sets stay right; only which enum owns the two names changes.
    ("swap AEROGPU_FILL_SOLID and AEROGPU_CULL_NONE between their enums", "aerogpu_cmd.h",
     r"AEROGPU_FILL_SOLID = 0,(.*?)AEROGPU_CULL_NONE = 0,",
     r"AEROGPU_CULL_NONE = 0,\1AEROGPU_FILL_SOLID = 0,",
     ["AEROGPU_FILL_SOLID__member", "AEROGPU_CULL_NONE__member"], []),
    # Same bits, wrong sign: an unsigned comparison alone would not notice.
    ("AEROGPU_WDDM_ALLOC_PRIV_DESC_MARKER negative", "aerogpu_wddm_alloc.h",
     r"(#define AEROGPU_WDDM_ALLOC_PRIV_DESC_MARKER\s+)0x8000000000000000ull",
     r"\g<1>(-0x7FFFFFFFFFFFFFFFll - 1)",
     ["AEROGPU_WDDM_ALLOC_PRIV_DESC_MARKER__value"], ["AEROGPU_WDDM_ALLOC_PRIV_DESC_MARKER"]),
]

# The headers' own layout asserts would also catch the breakage; the copy of the base
# header ends by turning them into harmless declarations.
SELF_ASSERTS_OFF = """
#undef AEROGPU_STATIC_ASSERT
#define AEROGPU_STATIC_ASSERT(cond, tag) struct aerogpu_mutation_unchecked
#undef AEROGPU_ASSERT_SIZE
#define AEROGPU_ASSERT_SIZE(tag, type, bytes) struct aerogpu_mutation_unchecked
#undef AEROGPU_ASSERT_OFFSET
#define AEROGPU_ASSERT_OFFSET(tag, type, field, bytes) struct aerogpu_mutation_unchecked
"""

PROOF_LINE = re.compile(r"^ABI_PROVE\(.*, (\w+)\);$")
VALUE_SET_LINE = re.compile(r"^switch \(value\) \{ /\* value set of enum (\w+) \*/$")
NEGATIVE_ARRAY = re.compile(r"aerogpu_abi_proof_(\w+)")
SUMMARY = re.compile(r"^(\d+) passed, (\d+) failed", re.M)
FAIL_LINE = re.compile(r"^FAIL [^:]+: (.*) == ", re.M)


class Checker:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, ok, what, detail=""):
        if ok:
            self.passed += 1
            print(f"ok   {what}")
        else:
            self.failed += 1
            print(f"FAIL {what}{': ' + detail if detail else ''}")
        return ok


def mutate(path, pattern, replacement):
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    text, count = re.subn(pattern, replacement, text, flags=re.S)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)
    return count == 1


def proof_tags_by_line(generated):
    tags = {}
    with open(generated, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            match = PROOF_LINE.match(line.strip())
            if match:
                tags[number] = match.group(1)
            match = VALUE_SET_LINE.match(line.strip())
            if match:
                tags[number] = match.group(1) + "__value_set"
    return tags


def failing_proofs(stderr, generated, tags):
    """Names each failed proof: a negative array names itself; other errors (pointer
    types, -Wswitch) by the line they point at; errors elsewhere by file and line."""
    name = os.path.basename(generated)
    found = set()
    for path, line, message in re.findall(r"^(.+?):(\d+):\d+: error: (.*)$", stderr, re.M):
        named = NEGATIVE_ARRAY.search(message)
        if named:
            found.add(named.group(1))
        elif os.path.basename(path) == name and int(line) in tags:
            found.add(tags[int(line)])
        else:
            found.add(f"{os.path.basename(path)}:{line}")
    return found


def indent(text):
    return "".join(f"    | {line}\n" for line in text.splitlines())


def compile_c(cc, include_dir, generated, output, extra):
    command = [cc] + STRICT + extra + ["-I", include_dir, generated, "-o", output]
    return subprocess.run(command, capture_output=True, text=True)


def run(executable):
    result = subprocess.run([executable, "-q"], capture_output=True, text=True)
    return result.returncode, result.stdout.replace("\r\n", "\n")


def check_control(checker, cc, protocol_dir, generated, work):
    exe = os.path.join(work, "abi_control")
    built = compile_c(cc, protocol_dir, generated, exe, [])
    if not checker.check(built.returncode == 0, "real headers: generated test compiles",
                         built.stderr):
        return None
    code, out = run(exe)
    summary = SUMMARY.search(out)
    checker.check(code == 0 and summary and summary.group(2) == "0",
                  "real headers: every fact passes", indent(out))
    return int(summary.group(1)) if summary else None


def check_static(checker, cc, include_dir, generated, tags, expected):
    built = compile_c(cc, include_dir, generated, os.path.join(include_dir, "abi.o"),
                      ["-c", "-DAEROGPU_ABI_TEST_STATIC_ONLY"])
    checker.check(built.returncode != 0, "broken copy: compile-time proofs stop the build")
    found = failing_proofs(built.stderr, generated, tags)
    checker.check(found == expected, "broken copy: the build names exactly the broken proofs",
                  f"expected {sorted(expected)}, got {sorted(found)}\n{indent(built.stderr)}")
    for tag in sorted(found & expected):
        print(f"    proof failed as expected: {tag}")


def check_runtime(checker, cc, include_dir, generated, expected, total):
    exe = os.path.join(include_dir, "abi_broken")
    built = compile_c(cc, include_dir, generated, exe, ["-DAEROGPU_ABI_TEST_NO_STATIC_PROOFS"])
    if not checker.check(built.returncode == 0, "broken copy: runtime-only build compiles",
                         built.stderr):
        return
    code, out = run(exe)
    print(indent(out), end="")
    checker.check(code == 1, "broken copy: runtime test exits 1", f"exit {code}")
    found = set(FAIL_LINE.findall(out))
    checker.check(found == expected, "broken copy: runtime reports exactly the broken facts",
                  f"expected {sorted(expected)}, got {sorted(found)}")
    summary = SUMMARY.search(out)
    want = (total - len(expected), len(expected)) if total is not None else None
    got = (int(summary.group(1)), int(summary.group(2))) if summary else None
    checker.check(got == want, "broken copy: runtime counts", f"expected {want}, got {got}")


def main(argv):
    if len(argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    cc, protocol_dir, generated = argv[1:]
    checker = Checker()
    tags = proof_tags_by_line(generated)
    with tempfile.TemporaryDirectory(prefix="aerogpu-abi-mutation-") as work:
        total = check_control(checker, cc, protocol_dir, generated, work)
        copy = os.path.join(work, "protocol")
        os.mkdir(copy)
        for header in glob.glob(os.path.join(protocol_dir, "*.h")):
            shutil.copy(header, copy)
        with open(os.path.join(copy, "aerogpu_protocol_base.h"), "a", encoding="utf-8") as base:
            base.write(SELF_ASSERTS_OFF)
        static_expected, runtime_expected = set(), set()
        for what, header, pattern, replacement, proofs, facts in MUTATIONS:
            checker.check(mutate(os.path.join(copy, header), pattern, replacement),
                          f"header copy: {header}: {what}")
            static_expected.update(proofs)
            runtime_expected.update(facts)
        check_static(checker, cc, copy, generated, tags, static_expected)
        check_runtime(checker, cc, copy, generated, runtime_expected, total)
    print(f"{checker.passed} passed, {checker.failed} failed")
    return 1 if checker.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
