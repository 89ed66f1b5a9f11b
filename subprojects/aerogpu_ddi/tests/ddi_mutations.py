# SPDX-License-Identifier: MIT
"""Mutation cases for ddi_compile_check.py: each builds a header tree from altered facts or
with one hand edit, compiles it, and states whether the build must fail and what the error
must name. The unaltered tree must build, or the other cases prove nothing.
"""

import copy
import os
import shutil
import sys

import ddi_compile as harness


def _generator(args):
    folder = os.path.dirname(os.path.abspath(args.generator))
    if folder not in sys.path:
        sys.path.insert(0, folder)
    import gen_ddi_headers  # noqa: E402

    return gen_ddi_headers


def load_facts(args):
    """The facts files merged the way the generator merges them."""
    _generator(args)
    import ddi_model  # noqa: E402

    return ddi_model.load(args.json)


def make_tree(args, facts, folder):
    """Generated headers from `facts` plus the hand-written ones from the real tree."""
    package = os.path.join(folder, "aerogpu_ddi")
    rendered = _generator(args).render_all(facts)
    _generator(args).write_all(rendered, package)
    real = os.path.join(args.include, "aerogpu_ddi")
    for name in os.listdir(real):
        if name not in rendered:
            shutil.copy(os.path.join(real, name), package)
    return folder


def find_member(struct, path):
    members = struct["members"]
    found = None
    for part in path.split("."):
        candidates = _named_win7(members)
        found = candidates[part]
        members = found.get("members", [])
    return found


def _named_win7(members):
    named = {}
    for member in members:
        if not member.get("win7"):
            continue
        if member.get("name"):
            named[member["name"]] = member
        elif "members" in member:
            named.update(_named_win7(member["members"]))
    return named


def shift(struct_name, path, key, delta, arches):
    def mutate(facts):
        member = find_member(facts["structs"][struct_name], path)
        for arch in arches:
            member[key][arch] += delta
    return mutate


def resize(struct_name, key, delta, arches):
    def mutate(facts):
        for arch in arches:
            facts["structs"][struct_name][key][arch] += delta
    return mutate


def drop_callconv(pfn_name):
    def mutate(facts):
        facts["pfn_typedefs"][pfn_name]["callconv"] = ""
    return mutate


def edit_struct(filename, tag, old, new):
    """Replaces `old` inside the definition of struct `tag` in a generated header."""
    def edit(folder):
        path = os.path.join(folder, "aerogpu_ddi", filename)
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
        start = text.index("struct %s {" % tag)
        end = text.index("\n};", start)
        body = text[start:end]
        if old not in body:
            raise ValueError("%s: %r not found" % (tag, old))
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text[:start] + body.replace(old, new, 1) + text[end:])
    return edit


def facts_cases(arch):
    other = "x86" if arch == "x64" else "x64"
    both = ("x86", "x64")
    ptr = 8 if arch == "x64" else 4
    return [
        ("offset of a plain member, both targets",
         shift("D3D10DDIARG_OPENADAPTER", "Interface", "offset", 4, both),
         "offset of D3D10DDIARG_OPENADAPTER.Interface"),
        ("offset of a device table slot moved by one slot",
         shift("D3D11DDI_DEVICEFUNCS", "pfnFlush", "offset", ptr, both),
         "offset of D3D11DDI_DEVICEFUNCS.pfnFlush"),
        ("offset of a member inside a named union",
         shift("D3DDDI_ALLOCATIONINFO2", "Flags.Value", "offset", 4, both),
         "offset of D3DDDI_ALLOCATIONINFO2.Flags.Value"),
        ("size of an array member",
         shift("D3DDDICB_RENDER", "BroadcastContext", "size", -ptr, both),
         "size of D3DDDICB_RENDER.BroadcastContext"),
        ("struct size", resize("D3DDDICB_LOCK", "size_win7", -8, both), "sizeof D3DDDICB_LOCK"),
        ("struct alignment", resize("D3DDDICB_LOCK", "align_win7", -4, both),
         "alignment of D3DDDICB_LOCK"),
        ("offset wrong for this target only",
         shift("D3D10DDIARG_CREATEDEVICE", "hRTCoreLayer", "offset", 4, (arch,)),
         "offset of D3D10DDIARG_CREATEDEVICE.hRTCoreLayer"),
        ("offset wrong for the other target only (must still build)",
         shift("D3D10DDIARG_CREATEDEVICE", "hRTCoreLayer", "offset", 4, (other,)), None),
    ]


def text_cases():
    return [
        ("header edit: slot removed from D3D10DDI_DEVICEFUNCS",
         edit_struct("ddi_d3d10_tables.h", "D3D10DDI_DEVICEFUNCS",
                     "    PFND3D10DDI_FLUSH pfnFlush;\n", ""),
         "slot count of D3D10DDI_DEVICEFUNCS"),
        ("header edit: two members swapped",
         edit_struct("ddi_d3d10_args.h", "D3D10DDIARG_OPENADAPTER",
                     "    UINT Interface;\n    UINT Version;\n",
                     "    UINT Version;\n    UINT Interface;\n"),
         "offset of D3D10DDIARG_OPENADAPTER.Interface"),
        ("header edit: 64-bit GPU address narrowed to UINT",
         edit_struct("ddi_umd.h", "_D3DDDICB_LOCK", "D3DGPU_VIRTUAL_ADDRESS GpuVirtualAddress",
                     "UINT GpuVirtualAddress"),
         "size of D3DDDICB_LOCK.GpuVirtualAddress"),
        ("header edit: slot given another PFN type of the same size",
         edit_struct("ddi_d3d10_tables.h", "D3D10DDI_DEVICEFUNCS",
                     "PFND3D10DDI_SETSAMPLERS pfnPsSetSamplers",
                     "PFND3D10DDI_SETSHADER pfnPsSetSamplers"),
         "slot type of D3D10DDI_DEVICEFUNCS.pfnPsSetSamplers"),
    ]


def build_cases(args, facts, tmp):
    cases = [{"label": "unaltered facts build", "dir": make_tree(args, facts, _sub(tmp, 0)),
              "source": args.source, "expect": None, "must_fail": False}]
    for label, mutate, expect in facts_cases(args.arch):
        altered = copy.deepcopy(facts)
        mutate(altered)
        folder = make_tree(args, altered, _sub(tmp, len(cases)))
        cases.append({"label": label, "dir": folder, "source": args.source, "expect": expect,
                      "must_fail": expect is not None})
    for label, edit, expect in text_cases():
        folder = make_tree(args, facts, _sub(tmp, len(cases)))
        edit(folder)
        source = args.source
        if expect.startswith("slot type"):
            # Layout checks cannot see a slot's type; the generated signature checks can.
            source = harness.write_text(folder, "pfn_check.c",
                                        harness.pfn_check_source(facts, args.arch))
        cases.append({"label": label, "dir": folder, "source": source, "expect": expect,
                      "must_fail": True})
    cases.append(_callconv_case(args, facts, tmp, len(cases)))
    return cases


def _callconv_case(args, facts, tmp, index):
    """A PFN typedef without APIENTRY: x86 must reject it, x64 has one convention only."""
    altered = copy.deepcopy(facts)
    drop_callconv("PFND3D10DDI_CREATEDEVICE")(altered)
    folder = make_tree(args, altered, _sub(tmp, index))
    source = harness.write_text(folder, "pfn_check.c", harness.pfn_check_source(facts, args.arch))
    on_x86 = args.arch == "x86"
    label = "PFND3D10DDI_CREATEDEVICE without APIENTRY"
    if not on_x86:
        label += " (x64 has a single calling convention)"
    return {"label": label, "dir": folder,
            "source": source, "must_fail": on_x86,
            "expect": "calling convention of PFND3D10DDI_CREATEDEVICE" if on_x86 else None}


def _sub(tmp, index):
    folder = os.path.join(tmp, "case%02d" % index)
    os.makedirs(folder)
    return folder


def run_case(args, case):
    result = harness.compile_source(args.cc, case["dir"], case["source"])
    failed = result.returncode != 0
    named = case["expect"] is None or case["expect"] in result.stderr
    if failed == case["must_fail"] and named:
        verdict = "rejected, naming %s" % case["expect"] if failed else "builds"
        return "ok  : %s: %s" % (case["label"], verdict)
    detail = result.stderr[-2000:] if result.stderr else "(no compiler output)"
    want = "a failure naming %s" % case["expect"] if case["must_fail"] else "a clean build"
    return "FAIL: %s: wanted %s\n%s" % (case["label"], want, detail)

