/* SPDX-License-Identifier: MIT */
/* The container's metadata JSON. Only the top-level object is walked, so a key spelled
 * inside a string or a nested value can never satisfy the check; values of other keys
 * are skipped without being interpreted. */
#include <string.h>

#include "trace_internal.h"

#define KEY_ABI      "command_abi_version"
#define KEY_EMULATOR "emulator_version"

struct meta_cursor {
    const char *text;
    uint32_t len;
    uint32_t pos;
};

struct meta_found {
    int emulator_version;
    int command_abi_version;
};

static int peek(const struct meta_cursor *c)
{
    return c->pos < c->len ? (unsigned char)c->text[c->pos] : -1;
}

static void skip_space(struct meta_cursor *c)
{
    int ch = peek(c);
    while (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r') {
        c->pos++;
        ch = peek(c);
    }
}

static int expect_char(struct meta_cursor *c, int want)
{
    if (peek(c) != want)
        return -1;
    c->pos++;
    return 0;
}

/* At an opening quote; leaves the cursor after the closing one. */
static int scan_string(struct meta_cursor *c, uint32_t *body_begin, uint32_t *body_end)
{
    if (expect_char(c, '"') != 0)
        return -1;
    *body_begin = c->pos;
    for (;;) {
        int ch = peek(c);
        if (ch < 0x20) /* end of text (-1) or a raw control character */
            return -1;
        if (ch == '"')
            break;
        if (ch == '\\' && c->len - c->pos < 2)
            return -1;
        c->pos += ch == '\\' ? 2u : 1u;
    }
    *body_end = c->pos;
    c->pos++;
    return 0;
}

static int scan_u32(struct meta_cursor *c, uint32_t *value)
{
    uint32_t begin = c->pos;
    uint64_t v = 0;
    int ch = peek(c);
    while (ch >= '0' && ch <= '9') {
        v = v * 10u + (uint64_t)(ch - '0');
        if (v > UINT32_MAX)
            return -1;
        c->pos++;
        ch = peek(c);
    }
    if (c->pos == begin || (c->text[begin] == '0' && c->pos - begin > 1))
        return -1;
    /* A fraction or exponent would make it something other than this integer. */
    if (ch == '.' || ch == 'e' || ch == 'E')
        return -1;
    *value = (uint32_t)v;
    return 0;
}

static int is_token_char(int ch)
{
    return (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
           ch == '-' || ch == '+' || ch == '.';
}

/* Any value: a string, a bracketed structure (brackets counted, strings respected) or a
 * bare token (number, true, false, null). */
static int skip_value(struct meta_cursor *c)
{
    uint32_t depth = 0, ignored_begin, ignored_end;
    int ch = peek(c);
    if (ch != '"' && ch != '{' && ch != '[') {
        uint32_t begin = c->pos;
        while (is_token_char(peek(c)))
            c->pos++;
        return c->pos > begin ? 0 : -1;
    }
    do {
        ch = peek(c);
        if (ch < 0)
            return -1;
        if (ch == '"') {
            if (scan_string(c, &ignored_begin, &ignored_end) != 0)
                return -1;
            continue;
        }
        if (ch == '{' || ch == '[')
            depth++;
        else if (ch == '}' || ch == ']')
            depth--;
        c->pos++;
    } while (depth > 0);
    return 0;
}

static int key_is(const struct meta_cursor *c, uint32_t begin, uint32_t end, const char *key)
{
    size_t key_len = strlen(key);
    return end - begin == key_len && memcmp(c->text + begin, key, key_len) == 0;
}

static int check_member(struct meta_cursor *c, uint32_t abi, struct meta_found *found)
{
    uint32_t key_begin, key_end, value_begin, value_end, value;
    if (scan_string(c, &key_begin, &key_end) != 0)
        return -1;
    skip_space(c);
    if (expect_char(c, ':') != 0)
        return -1;
    skip_space(c);
    if (key_is(c, key_begin, key_end, KEY_ABI)) {
        value_begin = c->pos;
        if (scan_u32(c, &value) != 0 || value != abi) {
            c->pos = value_begin;
            return -1;
        }
        found->command_abi_version = 1;
        return 0;
    }
    if (key_is(c, key_begin, key_end, KEY_EMULATOR)) {
        if (scan_string(c, &value_begin, &value_end) != 0)
            return -1;
        found->emulator_version = 1;
        return 0;
    }
    return skip_value(c);
}

static int check_object(struct meta_cursor *c, uint32_t abi, struct meta_found *found)
{
    skip_space(c);
    if (expect_char(c, '{') != 0)
        return -1;
    skip_space(c);
    if (peek(c) == '}') {
        c->pos++;
        return 0;
    }
    for (;;) {
        skip_space(c);
        if (check_member(c, abi, found) != 0)
            return -1;
        skip_space(c);
        if (peek(c) == '}') {
            c->pos++;
            return 0;
        }
        if (expect_char(c, ',') != 0)
            return -1;
    }
}

int aerocmd_priv_trace_meta_check(const char *meta, uint32_t meta_len, uint32_t abi,
                                  uint32_t *fault_pos)
{
    struct meta_cursor c;
    struct meta_found found = {0, 0};
    c.text = meta;
    c.len = meta_len;
    c.pos = 0;
    if (check_object(&c, abi, &found) != 0)
        goto fail;
    skip_space(&c);
    if (c.pos != c.len)
        goto fail;
    if (!found.emulator_version || !found.command_abi_version) {
        c.pos = 0;
        goto fail;
    }
    return 0;
fail:
    *fault_pos = c.pos > meta_len ? meta_len : c.pos;
    return -1;
}
