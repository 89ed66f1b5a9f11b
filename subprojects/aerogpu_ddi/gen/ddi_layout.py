# SPDX-License-Identifier: MIT
"""Turns the measured x86/x64 layouts in the facts into compile-time check lines.

Each line carries both targets' numbers; ddi_layout_check.h picks one side with _WIN64.
"""

import ddi_emit as emit
import ddi_model as model


def _pair(values):
    return [str(values["x86"]), str(values["x64"])]


def type_check_lines(name, struct):
    size, align = struct["size_win7"], struct["align_win7"]
    args = [name, str(size["x86"]), str(align["x86"]), str(size["x64"]), str(align["x64"])]
    return emit.wrap_call("AEROGPU_DDI_CHECK_TYPE(", args, ");")


def table_check_lines(name, struct):
    count = struct["win7_pointer_count"]
    slots = model.win7_only(struct["members"])
    if len(slots) != count:
        raise model.FactsError("%s: %d win7 slots but count %d" % (name, len(slots), count))
    return emit.wrap_call("AEROGPU_DDI_CHECK_TABLE(", [name, str(count)], ");")


def field_check_lines(name, path, offset, size):
    off86, off64 = _pair(offset)
    size86, size64 = _pair(size)
    args = [name, path, off86, size86, off64, size64]
    return emit.wrap_call("AEROGPU_DDI_CHECK_FIELD(", args, ");")


def struct_check_lines(name, struct):
    lines = type_check_lines(name, struct)
    if struct.get("function_table"):
        lines += table_check_lines(name, struct)
    for path, offset, size in model.checked_members(struct):
        lines += field_check_lines(name, path, offset, size)
    return lines
