#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Keeps aerocmd/umd_fault_sites.h and the umd layer's sources in step, so the fault sweep's
coverage check (test_umd_faults.c) covers every call that can fail:

- no fallible call is made directly: the allocator's resize, the callbacks that answer with a
  result (acquire_buffer, submit, wait_fence, wait_fence_raw, allocate_memory, lock_memory)
  and the id source only through UMD_ALLOC, UMD_CALL, UMD_ALLOCATE and UMD_NEW_ID
  (umd_internal.h), which name their site first;
- every site those macros name is in the list, with the class its macro implies, and is
  named at exactly one place; every site in the list is named somewhere.

usage: check_fault_sites.py REPOSITORY_ROOT. Ends with "N passed, N failed"."""
import os
import re
import sys

RAW_CALLS = [  # group 1: the call's name
    re.compile(r"\bcb\s*(?:\.|->)\s*(acquire_buffer|submit|wait_fence|wait_fence_raw|"
               r"allocate_memory|lock_memory)\s*\("),
    re.compile(r"\balloc\s*->\s*(resize)\s*\("),
    re.compile(r"\bids\s*\.\s*(next)\s*\("),
]
# The wrappers themselves: the allocator inside UMD_ALLOC, the id source inside
# aerocmd_priv_umd_new_id (UMD_NEW_ID), allocate_memory inside aerocmd_priv_umd_allocate
# (UMD_ALLOCATE): each called with the site.
ALLOWED = {("umd_internal.h", "resize"), ("umd_device.c", "next"),
           ("umd_submit.c", "allocate_memory")}
SITE_USE = re.compile(r"\b(UMD_CALL|UMD_ALLOC|UMD_NEW_ID|UMD_ALLOCATE)\s*\(\s*[^,()]+(?:\([^()]*\))?\s*,\s*"
                      r"([A-Z][A-Z0-9_]*)\s*,")
MACRO_CLASS = {"UMD_CALL": "CALLBACK", "UMD_ALLOC": "ALLOCATOR", "UMD_NEW_ID": "ID",
               "UMD_ALLOCATE": "CALLBACK"}


def sources(umd_dir):
    for name in sorted(os.listdir(umd_dir)):
        if name.endswith((".c", ".h")):
            yield name, open(os.path.join(umd_dir, name)).read()


def main(root):
    header = open(os.path.join(root, "libaerocmd/include/aerocmd/umd_fault_sites.h")).read()
    listed = dict(re.findall(r"X\((\w+),\s*(ALLOCATOR|CALLBACK|ID),", header))
    umd_dir = os.path.join(root, "libaerocmd/src/umd")
    problems, uses = [], {}
    for name, text in sources(umd_dir):
        for lineno, line in enumerate(text.splitlines(), 1):
            for pattern in RAW_CALLS:
                m = pattern.search(line)
                if m and (name, m.group(1)) not in ALLOWED:
                    problems.append(f"{name}:{lineno}: fallible call without a fault site: "
                                    f"{line.strip()}")
        for m in SITE_USE.finditer(re.sub(r"\s+", " ", text)):
            macro, site = m.groups()
            if site == "site":
                continue  # the macros' own definitions
            uses.setdefault(site, []).append(name)
            if site not in listed:
                problems.append(f"{name}: {macro} names {site}, which umd_fault_sites.h lacks")
            elif listed[site] != MACRO_CLASS[macro]:
                problems.append(f"{name}: {site} is a {listed[site]} site but {macro} makes a "
                                f"{MACRO_CLASS[macro]} call")
    for site in listed:
        if len(uses.get(site, [])) != 1:
            problems.append(f"site {site} is named {len(uses.get(site, []))} times "
                            f"({', '.join(uses.get(site, [])) or 'nowhere'}), not once")
    for p in problems:
        print(p)
    print(f"{len(listed)} fault sites, {sum(len(v) for v in uses.values())} named")
    ok = not problems and len(listed) > 0
    print(f"{1 if ok else 0} passed, {0 if ok else 1} failed")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
