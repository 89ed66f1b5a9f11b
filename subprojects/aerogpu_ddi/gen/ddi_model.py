# SPDX-License-Identifier: MIT
"""Reads win7-ddi-layouts.json (and its addendum) and answers the questions the header emitters ask.

Only members marked win7 take part: the JSON also lists later additions (guarded in the
SDK headers) so that readers can see what was left out, but the Windows 7 ABI ends before
them.
"""

import json
import re

# Types the JSON uses but does not describe. They come from mingw-w64's own headers
# (windows.h, dxgitype.h) or from ddi_platform.h, where the JSON's "external_types" prose
# is turned into typedefs.
EXTERNAL_TYPES = frozenset(
    [
        "BOOL", "BYTE", "FLOAT", "HANDLE", "HRESULT", "INT", "INT32", "LONG", "LPSTR",
        "SIZE_T", "UINT", "UINT8", "UINT32", "UINT64", "ULONG", "ULONG_PTR", "VOID", "void",
        "DXGI_FORMAT", "DXGI_SAMPLE_DESC", "DXGI_GAMMA_CONTROL_CAPABILITIES",
        "D3DKMT_HANDLE", "D3DGPU_VIRTUAL_ADDRESS", "D3DDDI_VIDEO_PRESENT_SOURCE_ID",
        "DXGI_DDI_HDEVICE", "DXGI_DDI_HRESOURCE",
    ]
)

# Output groups, in include order. A struct may hold another by value only if that one
# sits in the same group (earlier) or in an earlier group.
GROUPS = ("handles", "kmt", "dxgi", "umd", "d3d10_args", "d3d10_tables")

_HEADER_GROUP = {
    "d3dukmdt.h": "kmt",
    "dxgiddi.h": "dxgi",
    "d3dumddi.h": "umd",
}

_QUALIFIERS = ("CONST", "const", "struct")
_INLINE_FN = re.compile(r"^(\w+) \((\w+) \*\)\((.*)\)$")


class FactsError(Exception):
    pass


def load(paths):
    """The facts of one JSON file, or of several merged in order (the base file, then its
    addendum): an addendum only adds names, so a name given twice is an error."""
    if isinstance(paths, str):
        paths = [paths]
    merged = None
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            facts = json.load(handle)
        if merged is None:
            merged = facts
            continue
        for section in ("structs", "pfn_typedefs", "enums", "constants"):
            for name, value in (facts.get(section) or {}).items():
                if name in merged[section]:
                    raise FactsError("%s: %s given twice" % (section, name))
                merged[section][name] = value
    return merged


def win7_only(members):
    return [m for m in members if m.get("win7")]


def is_inline_function_pointer(type_text):
    return _INLINE_FN.match(type_text) is not None


def split_inline_function_pointer(type_text):
    """'HRESULT (__stdcall *)(X*)' -> ('HRESULT', '__stdcall', ['X*'])."""
    match = _INLINE_FN.match(type_text)
    if match is None:
        raise FactsError("not an inline function pointer: " + type_text)
    return match.group(1), match.group(2), [p.strip() for p in match.group(3).split(",")]


def split_pointer(type_text):
    """'CONST X*' -> ('CONST X', 1); array suffixes stay with the base."""
    text = type_text.strip()
    stars = 0
    while text.endswith("*"):
        stars += 1
        text = text[:-1].rstrip()
    return text, stars


def base_type_name(type_text):
    """The bare type identifier behind qualifiers, pointers and array suffixes."""
    text, _ = split_pointer(re.sub(r"\[[^\]]*\]", "", type_text))
    words = [w for w in text.split() if w not in _QUALIFIERS]
    return words[-1] if words else ""


def group_of(name, struct):
    if struct.get("handle_wrapper"):
        return "handles"
    header = struct["header"]
    if header in _HEADER_GROUP:
        return _HEADER_GROUP[header]
    if header != "d3d10umddi.h":
        raise FactsError("%s: unknown header %s" % (name, header))
    return "d3d10_tables" if struct.get("function_table") else "d3d10_args"


def walk_members(members, visit, path=""):
    """Calls visit(member, path) for every win7 member, depth first."""
    for member in win7_only(members):
        visit(member, path)
        if "members" in member:
            name = member.get("name")
            inner = path + name + "." if name else path
            walk_members(member["members"], visit, inner)


def by_value_struct_deps(struct, struct_names):
    deps = []

    def visit(member, _path):
        if "type" not in member or is_inline_function_pointer(member["type"]):
            return
        _, stars = split_pointer(member["type"])
        base = base_type_name(member["type"])
        if stars == 0 and base in struct_names and base not in deps:
            deps.append(base)

    walk_members(struct["members"], visit)
    return deps


def ordered_group(facts, group):
    """Structs of one group, each after the structs it holds by value (JSON order otherwise)."""
    structs = facts["structs"]
    names = [n for n in structs if group_of(n, structs[n]) == group]
    placed = []
    rank = {g: i for i, g in enumerate(GROUPS)}

    def place(name, chain):
        if name in placed:
            return
        if name in chain:
            raise FactsError("by-value cycle through " + name)
        for dep in by_value_struct_deps(structs[name], structs):
            dep_group = group_of(dep, structs[dep])
            if rank[dep_group] > rank[group]:
                raise FactsError("%s holds %s by value from a later group" % (name, dep))
            if dep_group == group:
                place(dep, chain + [name])
        placed.append(name)

    for name in names:
        place(name, [])
    return placed


def _types_in_pfn(pfn):
    return [pfn["ret"]] + list(pfn["params"])


def _types_in_struct(struct):
    found = []

    def visit(member, _path):
        if "type" not in member:
            return
        if is_inline_function_pointer(member["type"]):
            ret, _, params = split_inline_function_pointer(member["type"])
            found.extend([ret] + params)
        else:
            found.append(member["type"])

    walk_members(struct["members"], visit)
    return found


def undescribed_types(facts):
    """Types the win7 ABI names only through pointers, with no layout in the facts.

    They become incomplete struct types. Anything undescribed that is used by value is an
    error, because its size would be a guess.
    """
    known = set(facts["structs"]) | set(facts["enums"]) | set(facts["pfn_typedefs"])
    known |= EXTERNAL_TYPES
    uses = []
    for struct in facts["structs"].values():
        uses.extend(_types_in_struct(struct))
    for pfn in facts["pfn_typedefs"].values():
        uses.extend(_types_in_pfn(pfn))
    opaque = set()
    for type_text in uses:
        base = base_type_name(param_type(type_text))
        if base in known or base.startswith("PFN"):
            continue
        if split_pointer(param_type(type_text))[1] == 0:
            raise FactsError("undescribed type used by value: " + type_text)
        opaque.add(base)
    return sorted(opaque)


def param_type(param_text):
    """Drops a parameter name: 'CONST UINT* pShaderCode' -> 'CONST UINT*'."""
    text = param_text.strip()
    if text.endswith("*") or text.endswith("]"):
        return text
    words = [w for w in text.split() if w not in _QUALIFIERS]
    if len(words) >= 2:
        return text[: text.rfind(" ")].strip()
    return text


def param_name(param_text):
    typ = param_type(param_text)
    return param_text.strip()[len(typ):].strip()


def table_names(facts):
    return [n for n, s in facts["structs"].items() if s.get("function_table")]


def checked_members(struct):
    """(path, offset, size) for every win7 member the JSON gives an offset and a size."""
    rows = []

    def visit(member, path):
        name = member.get("name")
        if name and "offset" in member and "size" in member:
            rows.append((path + name, member["offset"], member["size"]))

    walk_members(struct["members"], visit)
    return rows
