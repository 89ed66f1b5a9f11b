# SPDX-License-Identifier: MIT
"""Turns the facts into C declaration text (types only; the layout checks are in ddi_layout.py)."""

import textwrap

import ddi_model as model

LINE_LIMIT = 100
INDENT = "    "


def declarator(type_text, name, array=None, bits=None):
    if model.is_inline_function_pointer(type_text):
        ret, conv, params = model.split_inline_function_pointer(type_text)
        return "%s (%s *%s)(%s)" % (ret, conv, name, ", ".join(format_param(p) for p in params))
    base, stars = model.split_pointer(type_text)
    text = "%s %s%s" % (base, "*" * stars, name)
    if array:
        text += "".join("[%s]" % dim for dim in array)
    if bits is not None:
        text += " : %s" % bits
    return text


def format_param(param_text):
    typ = model.param_type(param_text)
    name = model.param_name(param_text)
    base, stars = model.split_pointer(typ)
    if stars:
        return ("%s %s%s" % (base, "*" * stars, name)).rstrip()
    return ("%s %s" % (typ, name)).rstrip()


def comment_lines(text, indent):
    width = LINE_LIMIT - len(indent) - 3
    wrapped = textwrap.wrap(text, width)
    if len(wrapped) == 1:
        return [indent + "/* " + wrapped[0] + " */"]
    lines = [indent + "/* " + wrapped[0]]
    lines += [indent + " * " + part for part in wrapped[1:]]
    lines[-1] += " */"
    return lines


def _check_bitfields(owner, members):
    bits = [int(m["bits"]) for m in model.win7_only(members) if "bits" in m]
    if bits and sum(bits) != 32:
        raise model.FactsError("%s: win7 bit-fields add up to %d, not 32" % (owner, sum(bits)))


def member_lines(owner, members, depth):
    indent = INDENT * depth
    lines = []
    for member in model.win7_only(members):
        if "note" in member:
            lines += comment_lines(member["note"], indent)
        if "members" in member:
            _check_bitfields(owner, member["members"])
            name = member.get("name")
            prefix = "" if name else "AEROGPU_DDI_NAMELESS "
            lines.append("%s%s%s {" % (indent, prefix, member["kind"]))
            lines += member_lines(owner, member["members"], depth + 1)
            lines.append(indent + "}" + (" " + name if name else "") + ";")
            continue
        text = declarator(member["type"], member["name"], member.get("array"), member.get("bits"))
        lines.append(indent + text + ";")
    return lines


def _has_named_member(struct):
    return any(m.get("name") for m in model.win7_only(struct["members"]))


def struct_lines(name, struct):
    lines = []
    if struct.get("docs_url"):
        lines.append("/* %s */" % struct["docs_url"])
    # A struct made only of anonymous members is itself outside C99.
    prefix = "" if _has_named_member(struct) else "AEROGPU_DDI_NAMELESS "
    lines.append("%sstruct %s {" % (prefix, struct["tag"]))
    lines += member_lines(name, struct["members"], 1)
    lines.append("};")
    return lines


def handle_line(struct):
    (member,) = model.win7_only(struct["members"])
    return "struct %s { %s; };" % (struct["tag"], declarator(member["type"], member["name"]))


def wrap_call(head, args, tail):
    """'head(a, b, c)tail' on one line when it fits, else arguments wrapped below."""
    one_line = head + ", ".join(args) + tail
    if len(one_line) <= LINE_LIMIT:
        return [one_line]
    lines = [head]
    current = INDENT
    for i, arg in enumerate(args):
        piece = arg + (", " if i + 1 < len(args) else tail)
        if current.strip() and len(current + piece.rstrip()) > LINE_LIMIT:
            lines.append(current.rstrip())
            current = INDENT
        current += piece
    lines.append(current.rstrip())
    return lines


def pfn_lines(name, pfn):
    params = [format_param(p) for p in pfn["params"]] or ["void"]
    head = "typedef %s (%s *%s)(" % (pfn["ret"], pfn["callconv"], name)
    return wrap_call(head, params, ");")


def enum_value_text(value):
    if value >= 1 << 31:
        signed = value - (1 << 32)
        literal = "(-0x7FFFFFFF - 1)" if signed == -(1 << 31) else "(%d)" % signed
        return "%s /* 0x%X as a 32-bit enumerator */" % (literal, value)
    return str(value) if value < 0x100 else "0x%X" % value


def enum_lines(name, enum):
    lines = ["typedef enum %s {" % name]
    for item in enum["enumerators"]:
        lines.append("%s%s = %s," % (INDENT, item["name"], enum_value_text(item["value"])))
    lines.append("} %s;" % name)
    return lines


def constant_text(constant):
    value = constant["value"]
    if constant.get("type") == "float":
        return "%sf" % repr(float(value))
    if value > 0xFFFFFFFF:
        return "0x%016XULL" % value
    return str(value) if value < 0x100 else "0x%X" % value
