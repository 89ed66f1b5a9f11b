#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Generates a C99 test that proves the AeroGPU protocol headers match the ABI JSON.

usage: gen_abi_test.py ABI_JSON -o OUTPUT.c [--typedef-header aerogpu_escape.h]

Every fact of the JSON becomes a compile-time proof (a typedef whose array size turns
negative when the fact is false, so merely compiling the file for a target proves the
layout for that target) and a row of a runtime table that the generated main() checks,
prints and counts, ending with "N passed, N failed".

Facts: per struct sizeof, alignment; per field offsetof, sizeof, element count of arrays;
per enum constant its value; per #define its value, sign included. Compile-time only
(with -Werror): the declared type of every field, that each enum has exactly the JSON's
value set (-Wswitch), and that each constant belongs to its enum (C++, or GCC's
-Wenum-conversion in C).

Macros understood by the generated file:
  AEROGPU_ABI_TEST_STATIC_ONLY     only the compile-time proofs (no libc: freestanding OK)
  AEROGPU_ABI_TEST_NO_STATIC_PROOFS  disable compile-time proofs so that the runtime part
                                   reports each mismatch (used to show the test can fail)
"""
import argparse
import json
import re
import sys

IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
HEADER_NAME = re.compile(r"^[A-Za-z0-9_.-]+\.h$")
SCALAR_TYPE = re.compile(r"^((const|volatile) )*(struct )?[A-Za-z_][A-Za-z0-9_]*$")
DEFAULT_TYPEDEF_HEADERS = ["aerogpu_escape.h"]
BASE_HEADER = "aerogpu_protocol_base.h"


class AbiError(Exception):
    pass


def require(cond, message):
    if not cond:
        raise AbiError(message)


def check_ident(name, where):
    require(isinstance(name, str) and IDENT.match(name), f"{where}: bad C identifier {name!r}")


def check_field(struct, field):
    where = f"struct {struct['name']} field {field.get('name')!r}"
    check_ident(field.get("name"), where)
    for key in ("offset", "size"):
        require(isinstance(field.get(key), int) and field[key] >= 0, f"{where}: bad {key}")
    require(field["offset"] + field["size"] <= struct["size"], f"{where}: ends past the struct")
    if "array" in field:
        count, elem = field["array"], field.get("elem", "")
        require(isinstance(count, int) and count > 0, f"{where}: bad array count")
        require(field["size"] % count == 0, f"{where}: size is not a multiple of the count")
        require(field["type"] == f"{elem}[{count}]", f"{where}: type disagrees with elem/array")
        require(SCALAR_TYPE.match(elem), f"{where}: unsupported element type {elem!r}")
    else:
        require(SCALAR_TYPE.match(field.get("type", "")), f"{where}: unsupported type")


def check_struct(struct):
    check_ident(struct.get("name"), "struct")
    where = f"struct {struct['name']}"
    require(struct.get("kind") == "struct", f"{where}: only kind 'struct' is supported")
    require(isinstance(struct.get("size"), int) and struct["size"] > 0, f"{where}: bad size")
    align = struct.get("align")
    require(isinstance(align, int) and align > 0 and align & (align - 1) == 0,
            f"{where}: alignment is not a power of two")
    require(struct["size"] % align == 0, f"{where}: size is not a multiple of the alignment")
    require(struct.get("fields"), f"{where}: no fields")
    previous_end = 0
    for field in struct["fields"]:
        check_field(struct, field)
        require(field["offset"] >= previous_end, f"{where}: field {field['name']} overlaps")
        previous_end = field["offset"] + field["size"]


def check_named_values(items, where):
    for item in items:
        check_ident(item.get("name"), where)
        require(isinstance(item.get("value"), int), f"{where} {item['name']}: value not integer")
        require(-(1 << 63) <= item["value"] < (1 << 64), f"{where} {item['name']}: out of range")


def validate(abi):
    for struct in abi["structs"]:
        check_struct(struct)
    for enum in abi["enums"]:
        check_ident(enum.get("name"), "enum")
        require(enum.get("values"), f"enum {enum['name']}: no values")
        check_named_values(enum["values"], f"enum {enum['name']}")
        for item in enum["values"]:
            require(-(1 << 31) <= item["value"] < (1 << 31),
                    f"enum {enum['name']} {item['name']}: does not fit an int")
    check_named_values(abi["constants"], "constant")


class Emitter:
    """Collects the compile-time proofs and runtime rows while walking the JSON once."""

    def __init__(self, typedef_headers):
        self.typedef_headers = set(typedef_headers)
        self.lines = []
        self.rows = []
        self.tags = set()
        self.field_type_proofs = 0
        self.membership_proofs = 0

    def out(self, text=""):
        self.lines.append(text)

    def prove(self, cond, tag):
        require(tag not in self.tags, f"two proofs would share the name {tag}")
        self.tags.add(tag)
        self.out(f"ABI_PROVE({cond}, {tag});")

    def row(self, kind, owner, what, got, want, got_negative="0"):
        want_negative = 1 if want < 0 else 0
        self.rows.append(f'    {{{kind}, "{owner}", "{what}", {got}, {got_negative}, '
                         f"{abs(want)}ull, {want_negative}}},")

    def type_of(self, struct):
        if struct["header"] in self.typedef_headers:
            return struct["name"]
        return f"struct {struct['name']}"

    def emit_struct(self, struct):
        name, ctype = struct["name"], self.type_of(struct)
        probe = f"aerogpu_abi_align_probe_{name}"
        self.out(f"/* {ctype}: {struct['size']} bytes, alignment {struct['align']} */")
        self.out(f"struct {probe} {{ char lead; {ctype} member; }};")
        self.prove(f"sizeof({ctype}) == {struct['size']}", f"{name}__size")
        self.prove(f"offsetof(struct {probe}, member) == {struct['align']}", f"{name}__align")
        self.row("ABI_STRUCT_SIZE", name, f"sizeof({ctype})", f"sizeof({ctype})", struct["size"])
        self.row("ABI_STRUCT_ALIGN", name, f"alignof({ctype})",
                 f"offsetof(struct {probe}, member)", struct["align"])
        for field in struct["fields"]:
            self.emit_field(name, ctype, field)
        self.out()

    def emit_field(self, name, ctype, field):
        member = f"(({ctype} *)0)->{field['name']}"
        offset = f"offsetof({ctype}, {field['name']})"
        tag = f"{name}__{field['name']}"
        self.prove(f"{offset} == {field['offset']}", f"{tag}__offset")
        self.prove(f"sizeof({member}) == {field['size']}", f"{tag}__size")
        self.row("ABI_FIELD_OFFSET", name, offset, offset, field["offset"])
        self.row("ABI_FIELD_SIZE", name, f"sizeof({name}.{field['name']})", f"sizeof({member})",
                 field["size"])
        if "array" in field:
            count = f"(sizeof({member}) / sizeof({member}[0]))"
            self.prove(f"{count} == {field['array']}", f"{tag}__count")
            self.row("ABI_FIELD_COUNT", name, f"countof({name}.{field['name']})", count,
                     field["array"])
            slot = f"*({field['elem']}(**)[{field['array']}])0"
        else:
            slot = f"*({field['type']} **)0"
        # Assigning the member's address to a pointer of the JSON's type is a constraint
        # violation (or a -Wpointer-sign error) unless the declared types agree.
        self.prove(f"sizeof({slot} = &{member}) != 0", f"{tag}__type")
        self.field_type_proofs += 1

    def emit_enum(self, enum):
        name = enum["name"]
        member_of = f"aerogpu_abi_member_of_{name}"
        self.out(f"/* enum {name}: {len(enum['values'])} constants */")
        # In C++ an enumerator converts to no other enum type, so this call only compiles
        # when the constant really belongs to enum NAME; GCC's -Wenum-conversion (in
        # -Wextra) does the same for C.
        self.out(f"char {member_of}(enum {name} value);")
        for item in enum["values"]:
            constant, value = item["name"], item["value"]
            self.prove(f"ABI_IS_NEGATIVE({constant}) == {int(value < 0)} && "
                       f"ABI_MAGNITUDE({constant}) == {abs(value)}ull", f"{constant}__value")
            self.prove(f"sizeof({member_of}({constant})) == 1", f"{constant}__member")
            self.membership_proofs += 1
            self.row("ABI_ENUM_VALUE", name, constant, f"ABI_MAGNITUDE({constant})", value,
                     f"ABI_IS_NEGATIVE({constant})")
        self.emit_enum_switch(enum)
        self.out()

    def emit_enum_switch(self, enum):
        # -Wswitch (an error under -Werror) flags any enumerator of the header missing
        # from this switch and any case value the header's enum does not have, so the
        # header's enum has exactly the JSON's values.
        name = enum["name"]
        function = f"aerogpu_abi_covers_{name}"
        self.out("#if !defined(AEROGPU_ABI_TEST_NO_STATIC_PROOFS)")
        self.out(f"int {function}(enum {name} value);")
        self.out(f"int {function}(enum {name} value)")
        self.out("{")
        self.out(f"    switch (value) {{ /* value set of enum {name} */")
        seen = set()
        for item in enum["values"]:
            if item["value"] not in seen:
                seen.add(item["value"])
                self.out(f"    case {item['name']}:")
        self.out("        return 1;")
        self.out("    }")
        self.out("    return 0;")
        self.out("}")
        self.out("#endif")

    def emit_constant(self, constant):
        name, value = constant["name"], constant["value"]
        self.out(f"#ifndef {name}")
        self.out(f'#error "{name} is not defined by {constant["header"]}"')
        self.out("#endif")
        self.prove(f"ABI_IS_NEGATIVE({name}) == {int(value < 0)} && "
                   f"ABI_MAGNITUDE({name}) == {abs(value)}ull", f"{name}__value")
        self.row("ABI_CONSTANT_VALUE", constant["header"], name, f"ABI_MAGNITUDE({name})", value,
                 f"ABI_IS_NEGATIVE({name})")


PROLOGUE = r"""/* Generated by scripts/gen_abi_test.py from {json_name}; do not edit.
 *
 * Proves that the protocol headers match the ABI JSON: every struct size, alignment,
 * field offset, field size and array count, every enum constant and every #define.
 * The ABI_PROVE lines fail to compile when a fact is false, so a successful compile
 * proves the layout for that target; main() checks and counts the same facts at run
 * time. See the generator for AEROGPU_ABI_TEST_STATIC_ONLY and
 * AEROGPU_ABI_TEST_NO_STATIC_PROOFS. */
{includes}

#if defined(AEROGPU_ABI_TEST_NO_STATIC_PROOFS)
#define ABI_PROVE(cond, tag) typedef char aerogpu_abi_proof_##tag[1]
#else
#define ABI_PROVE(cond, tag) typedef char aerogpu_abi_proof_##tag[(cond) ? 1 : -1]
#endif

/* Sign and magnitude, so that a negative value can never pass for a large unsigned one. */
#define ABI_IS_NEGATIVE(x) (!((x) > 0 || (x) == 0))
#define ABI_MAGNITUDE(x)                                                                    \
    (ABI_IS_NEGATIVE(x) ? 0ull - (unsigned long long)(x) : (unsigned long long)(x))

#define ABI_JSON_STRUCTS {structs}
#define ABI_JSON_FIELDS {fields}
#define ABI_JSON_ARRAY_FIELDS {arrays}
#define ABI_JSON_ENUMS {enums}
#define ABI_JSON_ENUM_CONSTANTS {enum_constants}
#define ABI_JSON_CONSTANTS {constants}
#define ABI_JSON_FACTS {facts}
#define ABI_FIELD_TYPE_PROOFS {type_proofs}
#define ABI_ENUM_MEMBERSHIP_PROOFS {membership_proofs}
"""

RUNTIME = r"""
#if !defined(AEROGPU_ABI_TEST_STATIC_ONLY)
#include <stdio.h>
#include <string.h>

enum abi_fact_kind {
    ABI_STRUCT_SIZE,
    ABI_STRUCT_ALIGN,
    ABI_FIELD_OFFSET,
    ABI_FIELD_SIZE,
    ABI_FIELD_COUNT,
    ABI_ENUM_VALUE,
    ABI_CONSTANT_VALUE,
    ABI_FACT_KIND_COUNT
};

struct abi_fact {
    enum abi_fact_kind kind;
    const char *owner; /* struct, enum, or the header of a #define */
    const char *what;
    unsigned long long got;
    int got_negative;
    unsigned long long want;
    int want_negative;
};

static const struct abi_fact abi_facts[] = {
{rows}
};

#define ABI_FACT_COUNT (sizeof(abi_facts) / sizeof(abi_facts[0]))

static unsigned abi_passed;
static unsigned abi_failed;
static int abi_verbose = 1;

/* Avoids %llu, which older Windows C runtimes do not print. */
static void abi_print_value(unsigned long long value, int negative)
{
    unsigned long high = (unsigned long)(value >> 32);
    unsigned long low = (unsigned long)(value & 0xFFFFFFFFul);
    if (high != 0)
        printf("%s0x%08lX%08lX", negative ? "-" : "", high, low);
    else
        printf("%s%lu", negative ? "-" : "", low);
}

static void abi_report(int ok, const char *owner, const char *what, unsigned long long got,
                       int got_negative, unsigned long long want, int want_negative)
{
    if (ok)
        abi_passed++;
    else
        abi_failed++;
    if (ok && !abi_verbose)
        return;
    printf("%s %s: %s == ", ok ? "ok  " : "FAIL", owner, what);
    abi_print_value(want, want_negative);
    if (!ok) {
        printf(" (got ");
        abi_print_value(got, got_negative);
        printf(")");
    }
    printf("\n");
}

static void abi_check_facts(unsigned long long counted[ABI_FACT_KIND_COUNT])
{
    size_t i;
    for (i = 0; i < ABI_FACT_COUNT; i++) {
        const struct abi_fact *fact = &abi_facts[i];
        int ok = fact->got == fact->want && fact->got_negative == fact->want_negative;
        abi_report(ok, fact->owner, fact->what, fact->got, fact->got_negative, fact->want,
                   fact->want_negative);
        counted[fact->kind]++;
    }
}

static unsigned long long abi_count_owners(enum abi_fact_kind kind)
{
    unsigned long long owners = 0;
    const char *previous = "";
    size_t i;
    for (i = 0; i < ABI_FACT_COUNT; i++) {
        if (abi_facts[i].kind == kind && strcmp(abi_facts[i].owner, previous) != 0) {
            owners++;
            previous = abi_facts[i].owner;
        }
    }
    return owners;
}

static void abi_check_count(const char *what, unsigned long long got, unsigned long long want)
{
    abi_report(got == want, "coverage", what, got, 0, want, 0);
}

/* The facts checked must be exactly as many as the JSON lists, kind by kind. */
static void abi_check_coverage(const unsigned long long counted[ABI_FACT_KIND_COUNT])
{
    abi_check_count("structs sized", counted[ABI_STRUCT_SIZE], ABI_JSON_STRUCTS);
    abi_check_count("structs aligned", counted[ABI_STRUCT_ALIGN], ABI_JSON_STRUCTS);
    abi_check_count("structs with fields", abi_count_owners(ABI_FIELD_OFFSET), ABI_JSON_STRUCTS);
    abi_check_count("field offsets", counted[ABI_FIELD_OFFSET], ABI_JSON_FIELDS);
    abi_check_count("field sizes", counted[ABI_FIELD_SIZE], ABI_JSON_FIELDS);
    abi_check_count("array counts", counted[ABI_FIELD_COUNT], ABI_JSON_ARRAY_FIELDS);
    abi_check_count("enums", abi_count_owners(ABI_ENUM_VALUE), ABI_JSON_ENUMS);
    abi_check_count("enum constants", counted[ABI_ENUM_VALUE], ABI_JSON_ENUM_CONSTANTS);
    abi_check_count("constants", counted[ABI_CONSTANT_VALUE], ABI_JSON_CONSTANTS);
    abi_check_count("facts", ABI_FACT_COUNT, ABI_JSON_FACTS);
}

int main(int argc, char **argv)
{
    unsigned long long counted[ABI_FACT_KIND_COUNT] = {0};
    if (argc > 1 && strcmp(argv[1], "-q") == 0)
        abi_verbose = 0;
    abi_check_facts(counted);
    abi_check_coverage(counted);
    printf("JSON facts checked: %lu (%d structs, %d fields, %d arrays, %d enums with %d "
           "constants, %d #defines)\n",
           (unsigned long)ABI_FACT_COUNT, ABI_JSON_STRUCTS, ABI_JSON_FIELDS,
           ABI_JSON_ARRAY_FIELDS, ABI_JSON_ENUMS, ABI_JSON_ENUM_CONSTANTS, ABI_JSON_CONSTANTS);
    printf("proven at compile time only: %d field types, %d enum value sets, "
           "%d enum memberships\n",
           ABI_FIELD_TYPE_PROOFS, ABI_JSON_ENUMS, ABI_ENUM_MEMBERSHIP_PROOFS);
    printf("%u passed, %u failed\n", abi_passed, abi_failed);
    return abi_failed ? 1 : 0;
}
#endif
"""


def header_order(abi):
    seen = [BASE_HEADER]
    for group in ("constants", "enums", "structs"):
        for item in abi[group]:
            require(HEADER_NAME.match(item["header"]), f"bad header name {item['header']!r}")
            if item["header"] not in seen:
                seen.append(item["header"])
    return seen


def generate(abi, json_name, typedef_headers):
    validate(abi)
    emitter = Emitter(typedef_headers)
    for struct in abi["structs"]:
        emitter.emit_struct(struct)
    for enum in abi["enums"]:
        emitter.emit_enum(enum)
    emitter.out("/* #define constants */")
    for constant in abi["constants"]:
        emitter.emit_constant(constant)
    counts = {
        "structs": len(abi["structs"]),
        "fields": sum(len(s["fields"]) for s in abi["structs"]),
        "arrays": sum(1 for s in abi["structs"] for f in s["fields"] if "array" in f),
        "enums": len(abi["enums"]),
        "enum_constants": sum(len(e["values"]) for e in abi["enums"]),
        "constants": len(abi["constants"]),
    }
    counts["facts"] = (2 * counts["structs"] + 2 * counts["fields"] + counts["arrays"] +
                       counts["enum_constants"] + counts["constants"])
    require(counts["facts"] == len(emitter.rows), "internal: rows disagree with the JSON")
    includes = "\n".join(f'#include "{h}"' for h in header_order(abi))
    prologue = PROLOGUE.format(json_name=json_name, includes=includes,
                               type_proofs=emitter.field_type_proofs,
                               membership_proofs=emitter.membership_proofs, **counts)
    runtime = RUNTIME.replace("{rows}", "\n".join(emitter.rows))
    return prologue + "\n" + "\n".join(emitter.lines) + runtime


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("abi_json")
    parser.add_argument("-o", "--output", required=True)
    parser.add_argument("--typedef-header", action="append",
                        help="header whose structs are named by typedef, not 'struct NAME' "
                             f"(default: {', '.join(DEFAULT_TYPEDEF_HEADERS)})")
    args = parser.parse_args()
    with open(args.abi_json, encoding="utf-8") as handle:
        abi = json.load(handle)
    json_name = args.abi_json.replace("\\", "/").rsplit("/", 1)[-1]
    try:
        source = generate(abi, json_name, args.typedef_header or DEFAULT_TYPEDEF_HEADERS)
    except KeyError as error:
        print(f"gen_abi_test.py: {args.abi_json}: missing key {error}", file=sys.stderr)
        return 1
    except (AbiError, TypeError) as error:
        print(f"gen_abi_test.py: {args.abi_json}: {error}", file=sys.stderr)
        return 1
    with open(args.output, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(source)
    return 0


if __name__ == "__main__":
    sys.exit(main())
