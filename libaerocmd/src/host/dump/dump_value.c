/* SPDX-License-Identifier: MIT */
/* Formatting of single field values for dumps: integers, handles, enum constants, flag
 * sets and floats, each as text or as a JSON value. */
#include <math.h>
#include <stdlib.h>

#include "dump_internal.h"

/* Length of the longest prefix ending in '_' that `a` shares with `b`. */
static size_t shared_word_prefix(const char *a, const char *b, size_t limit)
{
    size_t i, cut = 0;
    for (i = 0; i < limit && a[i] != '\0' && a[i] == b[i]; i++)
        if (a[i] == '_')
            cut = i + 1;
    return cut;
}

/* The prefix to drop from an enum's constants. With several constants it is what they all
 * share (AEROGPU_FORMAT_); a lone constant is only shortened by what it shares with its
 * enum's own name, so it keeps its meaningful words. */
static size_t enum_prefix_len(const struct aerocmd_enum_info *info)
{
    size_t cut, i;
    char upper[64];
    if (info->count == 0 || info->values[0].name == NULL)
        return 0;
    cut = strlen(info->values[0].name);
    if (info->count >= 2) {
        for (i = 1; i < info->count && info->values[i].name != NULL; i++)
            cut = shared_word_prefix(info->values[0].name, info->values[i].name, cut);
        return cut;
    }
    if (info->name == NULL)
        return 0;
    for (i = 0; i + 2 < sizeof(upper) && info->name[i] != '\0'; i++) {
        char c = info->name[i];
        upper[i] = (c >= 'a' && c <= 'z') ? (char)(c - 'a' + 'A') : c;
    }
    upper[i] = '_';
    upper[i + 1] = '\0';
    return shared_word_prefix(info->values[0].name, upper, cut);
}

/* Computing the prefix walks every constant; a small cache keyed by the table keeps that
 * off the per-value path. */
static size_t cached_prefix_len(struct aerocmd_dumper *d, const struct aerocmd_enum_info *info)
{
    size_t slot = ((uintptr_t)info / sizeof(void *)) % AEROCMD_DUMPER_ENUM_CACHE;
    size_t len;
    if (d->enum_keys[slot] == info)
        return d->enum_prefix[slot];
    len = enum_prefix_len(info);
    if (len > UINT8_MAX)
        return len;
    d->enum_keys[slot] = info;
    d->enum_prefix[slot] = (uint8_t)len;
    return len;
}

const char *aerocmd_priv_dump_enum_short_name(struct aerocmd_dumper *d,
                                              const struct aerocmd_enum_info *info, uint32_t value)
{
    const char *name = aerocmd_enum_value_name(info, value);
    size_t prefix;
    if (name == NULL)
        return NULL;
    prefix = cached_prefix_len(d, info);
    return name[prefix] != '\0' ? name + prefix : name;
}

/* Flag names joined by '|', unknown bits appended as hex; 0 is the zero constant's name
 * when the enum has one. JSON wraps the same spelling in quotes. */
static void put_flags(struct aerocmd_dumper *d, const struct aerocmd_enum_info *info,
                      uint32_t value)
{
    uint32_t rest = value, i;
    const char *zero_name = info != NULL ? aerocmd_priv_dump_enum_short_name(d, info, 0) : NULL;
    if (d->json)
        out_char(d, '"');
    if (value == 0)
        out_str(d, zero_name != NULL ? zero_name : "0");
    for (i = 0; info != NULL && i < info->count && rest != 0; i++) {
        uint32_t bits = info->values[i].value;
        if (bits == 0 || (value & bits) != bits || (rest & bits) == 0)
            continue;
        if (rest != value)
            out_char(d, '|');
        out_str(d, aerocmd_priv_dump_enum_short_name(d, info, bits));
        rest &= ~bits;
    }
    if (rest != 0) {
        if (rest != value)
            out_char(d, '|');
        aerocmd_priv_dump_hex(d, rest, 1);
    }
    if (d->json)
        out_char(d, '"');
}

static void put_enum(struct aerocmd_dumper *d, const struct aerocmd_enum_info *info, uint32_t value)
{
    const char *name = info != NULL ? aerocmd_priv_dump_enum_short_name(d, info, value) : NULL;
    if (name == NULL) {
        if (!d->json)
            out_char(d, '?');
        aerocmd_priv_dump_u64(d, value);
        return;
    }
    if (d->json)
        out_char(d, '"');
    out_str(d, name);
    if (d->json)
        out_char(d, '"');
}

/* Integers below 2^24 without trailing zeros print the same digits as the shortest %g
 * spelling, without the search below. */
static int put_small_integer(struct aerocmd_dumper *d, float value)
{
    long whole;
    if (!(value > -16777216.0f && value < 16777216.0f) || value != (float)(long)value)
        return 0;
    whole = (long)value;
    if (whole == 0) {
        out_str(d, signbit(value) ? "-0" : "0");
        return 1;
    }
    if (whole % 10 == 0)
        return 0; /* %g would write an exponent: let the search spell it */
    aerocmd_priv_dump_i64(d, whole);
    return 1;
}

/* Shortest decimal spelling that reads back as the same float; non-finite values keep
 * their bits, as "nan(0x7fc00000)", "inf(0x7f800000)", "-inf(0xff800000)" (a JSON string,
 * since JSON has no spelling for them). */
static void put_f32(struct aerocmd_dumper *d, uint32_t bits)
{
    char text[32];
    float value;
    int digits;
    memcpy(&value, &bits, sizeof(value));
    if (isnan(value) || isinf(value)) {
        if (d->json)
            out_char(d, '"');
        out_str(d, isnan(value) ? "nan(" : (value < 0 ? "-inf(" : "inf("));
        aerocmd_priv_dump_hex(d, bits, 8);
        out_char(d, ')');
        if (d->json)
            out_char(d, '"');
        return;
    }
    if (put_small_integer(d, value))
        return;
    for (digits = 1; digits <= 9; digits++) {
        float back;
        uint32_t back_bits;
        snprintf(text, sizeof(text), "%.*g", digits, (double)value);
        back = strtof(text, NULL);
        memcpy(&back_bits, &back, sizeof(back_bits));
        if (back_bits == bits)
            break;
    }
    out_str(d, text);
}

static void put_bool(struct aerocmd_dumper *d, uint64_t value)
{
    if (value <= 1)
        out_str(d, value ? "true" : "false");
    else
        aerocmd_priv_dump_u64(d, value);
}

void aerocmd_priv_dump_value(struct aerocmd_dumper *d, const struct aerocmd_field_info *field,
                             const uint8_t *elem)
{
    unsigned size = field->elem_size >= 1 && field->elem_size <= 8 ? field->elem_size : 4;
    uint64_t value = aerocmd_priv_dump_read_le(elem, size);
    switch (field->kind) {
    case AEROCMD_FIELD_I32:
        aerocmd_priv_dump_i64(d, value >= 0x80000000u ? (int64_t)value - 0x100000000ll
                                                      : (int64_t)value);
        break;
    case AEROCMD_FIELD_F32:
        put_f32(d, (uint32_t)value);
        break;
    case AEROCMD_FIELD_HANDLE:
        if (!d->json)
            out_mem(d, "h:", 2);
        aerocmd_priv_dump_u64(d, (uint32_t)value);
        break;
    case AEROCMD_FIELD_ENUM:
    case AEROCMD_FIELD_STAGE_EX:
        put_enum(d, field->enum_info, (uint32_t)value);
        break;
    case AEROCMD_FIELD_FLAGS:
        put_flags(d, field->enum_info, (uint32_t)value);
        break;
    case AEROCMD_FIELD_BOOL:
        put_bool(d, value);
        break;
    default:
        aerocmd_priv_dump_u64(d, value);
        break;
    }
}
