/* SPDX-License-Identifier: MIT */
/* Formatting of single field values for dumps: integers, handles, enum constants, flag
 * sets and floats, each as text or as a JSON value. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dump_internal.h"

uint64_t aerocmd_dump_read_le(const uint8_t *bytes, unsigned size)
{
    uint64_t value = 0;
    unsigned i;
    for (i = size; i > 0; i--)
        value = (value << 8) | bytes[i - 1];
    return value;
}

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
    {
        char upper[64];
        for (i = 0; i + 2 < sizeof(upper) && info->name[i] != '\0'; i++) {
            char c = info->name[i];
            upper[i] = (c >= 'a' && c <= 'z') ? (char)(c - 'a' + 'A') : c;
        }
        upper[i] = '_';
        upper[i + 1] = '\0';
        return shared_word_prefix(info->values[0].name, upper, cut);
    }
}

const char *aerocmd_dump_enum_short_name(const struct aerocmd_enum_info *info, uint32_t value)
{
    uint32_t i;
    size_t prefix;
    if (info == NULL)
        return NULL;
    for (i = 0; i < info->count; i++) {
        const char *name = info->values[i].name;
        if (info->values[i].value != value || name == NULL)
            continue;
        prefix = enum_prefix_len(info);
        return name[prefix] != '\0' ? name + prefix : name;
    }
    return NULL;
}

/* Appends text at *used, never past cap (the result stays NUL-terminated). */
static void append(char *buf, size_t cap, size_t *used, const char *text)
{
    size_t len = strlen(text);
    if (*used + 1 >= cap)
        return;
    if (len > cap - 1 - *used)
        len = cap - 1 - *used;
    memcpy(buf + *used, text, len);
    *used += len;
    buf[*used] = '\0';
}

/* Flag names joined by '|', unknown bits appended as hex; 0 is the zero constant's name
 * when the enum has one. JSON wraps the same spelling in quotes. */
static void format_flags(char *buf, size_t cap, const struct aerocmd_enum_info *info,
                         uint32_t value, int json)
{
    size_t used = 0;
    uint32_t rest = value, i;
    const char *zero_name = aerocmd_dump_enum_short_name(info, 0);
    buf[0] = '\0';
    if (json)
        append(buf, cap, &used, "\"");
    if (value == 0)
        append(buf, cap, &used, zero_name != NULL ? zero_name : "0");
    for (i = 0; info != NULL && i < info->count && rest != 0; i++) {
        uint32_t bits = info->values[i].value;
        if (bits == 0 || (value & bits) != bits || (rest & bits) == 0)
            continue;
        if (rest != value)
            append(buf, cap, &used, "|");
        append(buf, cap, &used, aerocmd_dump_enum_short_name(info, bits));
        rest &= ~bits;
    }
    if (rest != 0) {
        char hex[16];
        snprintf(hex, sizeof(hex), "0x%x", (unsigned)rest);
        if (rest != value)
            append(buf, cap, &used, "|");
        append(buf, cap, &used, hex);
    }
    if (json)
        append(buf, cap, &used, "\"");
}

static void format_enum(char *buf, size_t cap, const struct aerocmd_enum_info *info, uint32_t value,
                        int json)
{
    const char *name = aerocmd_dump_enum_short_name(info, value);
    if (name == NULL)
        snprintf(buf, cap, json ? "%u" : "?%u", (unsigned)value);
    else
        snprintf(buf, cap, json ? "\"%s\"" : "%s", name);
}

/* Shortest decimal spelling that reads back as the same float; non-finite values keep
 * their bits (as a string in JSON, which has no spelling for them). */
static void format_f32(char *buf, size_t cap, uint32_t bits, int json)
{
    float value;
    int digits;
    memcpy(&value, &bits, sizeof(value));
    if (isnan(value) || isinf(value)) {
        const char *word = isnan(value) ? "nan" : (value < 0 ? "-inf" : "inf");
        snprintf(buf, cap, json ? "\"%s(0x%08x)\"" : "%s(0x%08x)", word, (unsigned)bits);
        return;
    }
    for (digits = 1; digits <= 9; digits++) {
        float back;
        uint32_t back_bits;
        snprintf(buf, cap, "%.*g", digits, (double)value);
        back = strtof(buf, NULL);
        memcpy(&back_bits, &back, sizeof(back_bits));
        if (back_bits == bits)
            return;
    }
}

static void format_i32(char *buf, size_t cap, uint32_t raw)
{
    long long value = raw >= 0x80000000u ? (long long)raw - 0x100000000ll : (long long)raw;
    snprintf(buf, cap, "%lld", value);
}

static void format_bool(char *buf, size_t cap, uint64_t value)
{
    if (value <= 1)
        snprintf(buf, cap, "%s", value ? "true" : "false");
    else
        snprintf(buf, cap, "%llu", (unsigned long long)value);
}

void aerocmd_dump_format_value(char *buf, size_t cap, const struct aerocmd_field_info *field,
                               const uint8_t *elem, int json)
{
    unsigned size = field->elem_size >= 1 && field->elem_size <= 8 ? field->elem_size : 4;
    uint64_t value = aerocmd_dump_read_le(elem, size);
    switch (field->kind) {
    case AEROCMD_FIELD_I32:
        format_i32(buf, cap, (uint32_t)value);
        break;
    case AEROCMD_FIELD_F32:
        format_f32(buf, cap, (uint32_t)value, json);
        break;
    case AEROCMD_FIELD_HANDLE:
        snprintf(buf, cap, json ? "%u" : "h:%u", (unsigned)value);
        break;
    case AEROCMD_FIELD_ENUM:
    case AEROCMD_FIELD_STAGE_EX:
        format_enum(buf, cap, field->enum_info, (uint32_t)value, json);
        break;
    case AEROCMD_FIELD_FLAGS:
        format_flags(buf, cap, field->enum_info, (uint32_t)value, json);
        break;
    case AEROCMD_FIELD_BOOL:
        format_bool(buf, cap, value);
        break;
    default:
        snprintf(buf, cap, "%llu", (unsigned long long)value);
        break;
    }
}
