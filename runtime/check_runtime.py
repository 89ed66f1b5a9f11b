#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Static checks of the runtime's DLLs (both architectures).

usage: check_runtime.py --objdump OBJDUMP --nm NM --arch x86|x64 d3d11=DLL dxgi=DLL

- exports: d3d11.dll exports D3D11CreateDevice and D3D11CreateDeviceAndSwapChain, dxgi.dll
  CreateDXGIFactory and CreateDXGIFactory1, undecorated on both architectures (what
  mingw-w64's and the SDK's import libraries name; on x86 a decorated twin may sit beside
  one), plus dxgi.dll's kernel thunks;
- the runtime is a client of the driver DLL only: neither DLL contains a symbol of
  libaerocmd's user-mode driver (aerocmd_umd_*, aerocmd_priv_umd_*), so nothing can reach
  the driver's library behind the DLL's back.
Prints "N passed, N failed".
"""
import argparse
import re
import subprocess
import sys

WANT = {
    "d3d11": {"D3D11CreateDevice", "D3D11CreateDeviceAndSwapChain"},
    "dxgi": {"CreateDXGIFactory", "CreateDXGIFactory1"},
}
UMD = re.compile(r"\b_?aerocmd_(priv_)?umd_\w+")


def exports(objdump, dll):
    out = subprocess.run([objdump, "-p", dll], check=True, stdout=subprocess.PIPE,
                         text=True).stdout
    names = set()
    table = False
    for line in out.split("\n"):
        if "[Ordinal/Name Pointer] Table" in line:
            table = True
            continue
        if table:
            m = re.match(r"\s*\[\s*\d+\]\s+(\S+)", line)
            if m:
                names.add(m.group(1))
            elif line.strip() == "":
                table = False
    return names


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--objdump", required=True)
    ap.add_argument("--nm", required=True)
    ap.add_argument("--arch", required=True)
    ap.add_argument("dlls", nargs="+")
    args = ap.parse_args()
    passed = failed = 0
    for spec in args.dlls:
        name, path = spec.split("=", 1)
        got = exports(args.objdump, path)
        missing = WANT[name] - got
        # A stdcall-decorated export is only the twin of an undecorated one (x86).
        decorated = [n for n in got if "@" in n and n.split("@")[0] not in got]
        for ok, what in ((not missing, "exports %s" % sorted(WANT[name])),
                         (not decorated, "no decorated export alone (%s)" % decorated)):
            print("%s %s: %s" % ("ok" if ok else "FAIL", name, what))
            passed += ok
            failed += not ok
        syms = subprocess.run([args.nm, path], stdout=subprocess.PIPE, text=True).stdout
        umd = sorted(set(m.group(0) for m in UMD.finditer(syms)))
        print("%s %s: no user-mode driver symbol%s" % ("ok" if not umd else "FAIL", name,
                                                       "" if not umd else " (%s)" % umd[:5]))
        passed += not umd
        failed += bool(umd)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
