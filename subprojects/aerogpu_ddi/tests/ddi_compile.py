# SPDX-License-Identifier: MIT
"""Compiler invocation and generated test sources shared by the compile checks."""

import os
import subprocess

C_FLAGS = [
    "-std=c99", "-Wall", "-Wextra", "-Wpedantic", "-Werror", "-Wshadow", "-Wstrict-prototypes",
    "-Wmissing-prototypes", "-Wcast-align", "-Wpointer-arith", "-Wvla", "-Wundef", "-Wformat=2",
]
CXX_FLAGS = ["-std=c++11", "-Wall", "-Wextra", "-Wpedantic", "-Werror", "-x", "c++"]


def compile_source(cc, include_dir, source, flags=None, output=None):
    command = list(cc) + (flags or C_FLAGS) + ["-I", include_dir, source]
    command += ["-c", "-o", output] if output else ["-fsyntax-only"]
    return subprocess.run(command, capture_output=True, text=True)


def write_text(folder, name, text):
    path = os.path.join(folder, name)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)
    return path


def arch_guard(arch):
    want = "1" if arch == "x64" else "0"
    return [
        "#if AEROGPU_DDI_PICK(0, 1) != %s" % want,
        '#error "this compiler does not target %s"' % arch,
        "#endif",
    ]


def pfn_check_source(facts, arch):
    """Each PFN type against the JSON signature spelled __stdcall (and, on x86, __cdecl)."""
    lines = ['#include "aerogpu_ddi/ddi.h"'] + arch_guard(arch)
    for name, pfn in facts["pfn_typedefs"].items():
        params = ", ".join(pfn["params"])
        for conv, want in (("__stdcall", ""), ("__cdecl", "!")):
            if conv == "__cdecl":
                lines.append("#ifndef _WIN64")
            what = "signature" if conv == "__stdcall" else "calling convention"
            lines.append(
                "AEROGPU_DDI_STATIC_ASSERT(%s__builtin_types_compatible_p(%s, %s (%s *)(%s)), "
                '"%s of %s");' % (want, name, pfn["ret"], conv, params, what, name)
            )
            if conv == "__cdecl":
                lines.append("#endif")
    return "\n".join(lines + slot_type_lines(facts)) + "\n"


def slot_type_lines(facts):
    """Every function table slot has the JSON's function pointer type (sizes cannot tell)."""
    lines = []
    for name, struct in facts["structs"].items():
        if not struct.get("function_table"):
            continue
        for slot in struct["members"]:
            if not slot.get("win7"):
                continue
            member = "((%s *)0)->%s" % (name, slot["name"])
            lines.append(
                "AEROGPU_DDI_STATIC_ASSERT(__builtin_types_compatible_p(__typeof__(%s), %s), "
                '"slot type of %s.%s");' % (member, slot["type"], name, slot["name"])
            )
    return lines
