/* SPDX-License-Identifier: MIT */
/* sm4_check.c — the SM4 token checker's walk (sm4_check.h): version and length tokens,
 * each instruction's frame (opcode, length, controls, extended opcode tokens), its operands
 * against the opcode table, control-flow nesting and the final ret.
 *
 * vkd3d-shader 1.2 trusts its input: a register it was not told about, a relative index
 * where it has none, an empty write mask or a program without a closing ret end in an
 * assertion or in SPIR-V that crashes the Vulkan driver. Everything here is checked the
 * way vkd3d will read it, so the two can never disagree about where an instruction ends. */
#include <string.h>

#include "../common/le_bytes.h"
#include "sm4_check_internal.h"

#define VERSION_RESERVED_BITS 0x0000FF00u
#define EXTENDED_SAMPLE_BITS  0x001FFE00u /* texel offsets u, v, w */
#define EXTENDED_TYPE_MASK    0x3Fu
#define RESINFO_LAST_RETURN   2u /* float, rcp_float, uint */
#define SYNC_FLAG_BITS        0xFu
#define CONTROL_BITS          0x1FFFu

static const char *const fault_texts[AEROCMD_SM4_FAULT_COUNT] = {
    "",
    "code chunk is not a whole token stream of at least 2 tokens",
    "version token is not a Shader Model 4.0, 4.1 or 5.0 program",
    "program type or version is not translated by vkd3d-shader 1.2 (hull, domain, 5.1)",
    "length token does not fit the chunk",
    "instruction length is 0, longer than 31 tokens or past the program end",
    "unknown opcode",
    "opcode is not translated by vkd3d-shader 1.2",
    "opcode is not allowed in this program type or version",
    "undefined control bits in the opcode token",
    "extended opcode token not allowed here",
    "operands do not fill the instruction exactly",
    "operand token is not a valid encoding",
    "operand modifier token vkd3d-shader 1.2 cannot read as written",
    "register type not allowed here",
    "index dimension does not match the register type",
    "relative addressing where vkd3d-shader 1.2 has none",
    "selection mode not allowed here, or an empty write mask",
    "register not declared",
    "index outside the declared range",
    "resource declared as another kind",
    "declaration field out of range",
    "register declared twice",
    "declaration after the first instruction",
    "over a Direct3D or executor limit",
    "control flow not properly nested",
    "program does not end with a top-level ret, or goes on after it",
    "a declaration the program type needs is missing",
};

const char *aerocmd_sm4_fault_text(uint32_t fault)
{
    return fault < AEROCMD_SM4_FAULT_COUNT ? fault_texts[fault] : "";
}

uint32_t aerocmd_priv_sm4c_word(const struct sm4_state *s, uint32_t at)
{
    return aerocmd_load_u32(s->code + 4u * (size_t)at);
}

int aerocmd_priv_sm4c_fail(struct sm4_state *s, uint32_t fault, uint32_t operand, uint32_t value,
                           uint32_t limit)
{
    s->out->fault = fault;
    s->out->token = s->at;
    s->out->opcode = s->opcode;
    s->out->operand = operand;
    s->out->value = value;
    s->out->limit = limit;
    return -1;
}

/* Version and length tokens. */
static int check_header(struct sm4_state *s, size_t bytes)
{
    uint32_t version, chunk = (uint32_t)(bytes / 4u);
    if (bytes % 4u != 0 || bytes < 8u)
        return aerocmd_priv_sm4c_fail(s, AEROCMD_SM4_FAULT_CHUNK, 0, (uint32_t)bytes, 8u);
    version = aerocmd_priv_sm4c_word(s, 0);
    s->type = version >> 16;
    s->major = (version >> 4) & 0xFu;
    s->minor = version & 0xFu;
    s->out->program_type = s->type, s->out->major = s->major, s->out->minor = s->minor;
    if (s->type > AEROCMD_SM4_PROGRAM_COMPUTE || (version & VERSION_RESERVED_BITS) != 0 ||
        s->major < 4u || s->major > 5u || s->minor > 1u)
        return aerocmd_priv_sm4c_fail(s, AEROCMD_SM4_FAULT_VERSION, 0, version, 0);
    if (s->type == AEROCMD_SM4_PROGRAM_HULL || s->type == AEROCMD_SM4_PROGRAM_DOMAIN ||
        (s->major == 5u && s->minor != 0))
        return aerocmd_priv_sm4c_fail(s, AEROCMD_SM4_FAULT_PROGRAM_UNSUPPORTED, 0, version, 0);
    s->at = 1;
    s->count = aerocmd_priv_sm4c_word(s, 1);
    if (s->count < 2u || s->count > chunk)
        return aerocmd_priv_sm4c_fail(s, AEROCMD_SM4_FAULT_LENGTH, 0, s->count, chunk);
    return 0;
}

/* Program type and version the opcode's flags ask for. */
static int opcode_allowed(const struct sm4_state *s, uint32_t flags)
{
    int sm5 = s->major >= 5u, cs = s->type == AEROCMD_SM4_PROGRAM_COMPUTE;
    if ((flags & SM4_F_PS) && s->type != AEROCMD_SM4_PROGRAM_PIXEL)
        return 0;
    if ((flags & SM4_F_GS) && s->type != AEROCMD_SM4_PROGRAM_GEOMETRY)
        return 0;
    if ((flags & SM4_F_CS) && !cs)
        return 0;
    if ((flags & SM4_F_UAV) && !cs && s->type != AEROCMD_SM4_PROGRAM_PIXEL)
        return 0;
    if ((flags & SM4_F_41) && !sm5 && s->minor < 1u)
        return 0;
    if ((flags & SM4_F_50) && !sm5 && !((flags & SM4_F_CS4) && cs))
        return 0;
    return 1;
}

/* The control bits (11..23) an instruction may set. */
static uint32_t allowed_controls(const struct sm4_state *s, const struct sm4_opinfo *info,
                                 uint32_t controls)
{
    uint32_t allowed = 0;
    if (info->flags & SM4_F_SAT)
        allowed |= AEROCMD_SM4_SATURATE >> AEROCMD_SM4_CONTROL_SHIFT;
    if (info->flags & SM4_F_COND)
        allowed |= AEROCMD_SM4_TEST_NONZERO >> AEROCMD_SM4_CONTROL_SHIFT;
    if (info->kind == SM4_K_ALU && s->major >= 5u)
        allowed |= AEROCMD_SM4_PRECISE_MASK >> AEROCMD_SM4_CONTROL_SHIFT;
    if (info->kind == SM4_K_RESINFO && (controls & 3u) <= RESINFO_LAST_RETURN)
        allowed |= 3u;
    if (info->kind == SM4_K_SYNC)
        allowed |= SYNC_FLAG_BITS;
    return allowed;
}

/* Extended opcode tokens from *pos: each a known type, once, where the opcode reads it. */
static int extended_opcode(struct sm4_state *s, const struct sm4_opinfo *info, uint32_t *pos,
                           uint32_t end)
{
    uint32_t seen = 0, tok;
    do {
        uint32_t type;
        if (*pos >= end)
            return aerocmd_priv_sm4c_fail(s, AEROCMD_SM4_FAULT_OPERAND_COUNT, 0, *pos, end);
        tok = aerocmd_priv_sm4c_word(s, (*pos)++);
        type = tok & EXTENDED_TYPE_MASK;
        if (type == 0 || type > AEROCMD_SM4_EXT_RETURN_TYPE || (seen & (1u << type)) != 0 ||
            (type == AEROCMD_SM4_EXT_SAMPLE_CONTROLS &&
             (!(info->flags & SM4_F_TEXOFF) ||
              (tok & ~(AEROCMD_SM4_EXTENDED | EXTENDED_SAMPLE_BITS | type)) != 0)) ||
            ((type == AEROCMD_SM4_EXT_RESOURCE_DIM || type == AEROCMD_SM4_EXT_RETURN_TYPE) &&
             !(info->flags & SM4_F_RESEXT)))
            return aerocmd_priv_sm4c_fail(s, AEROCMD_SM4_FAULT_EXTENDED_OPCODE, 0, tok, 0);
        seen |= 1u << type;
    } while ((tok & AEROCMD_SM4_EXTENDED) != 0);
    return 0;
}

/* The operands of the table's positions, filling [pos, end) exactly. */
static int push(struct sm4_state *s, uint8_t kind)
{
    if (s->depth >= SM4_MAX_NESTING)
        return aerocmd_priv_sm4c_fail(s, AEROCMD_SM4_FAULT_LIMIT, 0, s->depth + 1u,
                                      SM4_MAX_NESTING);
    s->flow[s->depth++] = kind;
    return 0;
}

/* 1 when a block of `kind` is open. */
static int inside(const struct sm4_state *s, uint8_t kind)
{
    uint32_t i;
    for (i = s->depth; i > 0; i--)
        if (s->flow[i - 1u] == kind)
            return 1;
    return 0;
}

/* Closes the innermost block when it is `kind` (a switch closes its open label first). */
static int close_block(struct sm4_state *s, uint8_t kind)
{
    uint8_t top = s->depth > 0 ? s->flow[s->depth - 1u] : 0xFFu;
    if (kind == SM4_K_ENDSWITCH && top == SM4_K_CASE && s->depth >= 2u)
        top = s->flow[--s->depth - 1u];
    else if (kind == SM4_K_ENDSWITCH)
        return -1; /* a switch without a case or default label */
    if ((kind == SM4_K_ENDIF && top != SM4_K_IF && top != SM4_K_ELSE) ||
        (kind == SM4_K_ENDLOOP && top != SM4_K_LOOP) ||
        (kind == SM4_K_ENDSWITCH && top != SM4_K_SWITCH))
        return -1;
    s->depth--;
    return 0;
}

/* Nesting of if / loop / switch; a case or default label opens the switch's body. After
 * an unconditional ret, break or continue only the end of its block may follow: vkd3d
 * 1.2 would put the next instruction after the block's terminator. */
static int flow(struct sm4_state *s, uint8_t kind)
{
    uint8_t top = s->depth > 0 ? s->flow[s->depth - 1u] : 0xFFu;
    int ends_block = kind == SM4_K_ELSE || kind == SM4_K_ENDIF || kind == SM4_K_ENDLOOP ||
                     kind == SM4_K_ENDSWITCH || kind == SM4_K_CASE || kind == SM4_K_DEFAULT;
    int ok = (!s->jumped || ends_block) && (top != SM4_K_SWITCH || kind == SM4_K_CASE ||
                                            kind == SM4_K_DEFAULT || kind == SM4_K_ENDSWITCH);
    s->jumped = s->opcode == AEROCMD_SM4_OP_BREAK || s->opcode == AEROCMD_SM4_OP_CONTINUE ||
                s->opcode == AEROCMD_SM4_OP_RET;
    if (ok && (kind == SM4_K_IF || kind == SM4_K_LOOP || kind == SM4_K_SWITCH))
        return push(s, kind);
    if (ok && kind == SM4_K_ELSE) {
        ok = top == SM4_K_IF;
        if (ok)
            s->flow[s->depth - 1u] = SM4_K_ELSE;
    } else if (ok && (kind == SM4_K_ENDIF || kind == SM4_K_ENDLOOP || kind == SM4_K_ENDSWITCH)) {
        ok = close_block(s, kind) == 0;
    } else if (ok && (kind == SM4_K_CASE || kind == SM4_K_DEFAULT)) {
        ok = top == SM4_K_CASE || top == SM4_K_SWITCH;
        if (ok && top == SM4_K_SWITCH)
            return push(s, SM4_K_CASE);
    } else if (ok && kind == SM4_K_BREAK) {
        ok = inside(s, SM4_K_LOOP) || inside(s, SM4_K_CASE);
    } else if (ok && kind == SM4_K_CONTINUE) {
        ok = inside(s, SM4_K_LOOP);
    }
    return ok ? 0 : aerocmd_priv_sm4c_fail(s, AEROCMD_SM4_FAULT_FLOW, 0, s->depth, 0);
}

/* CUSTOMDATA: its length is the next token; an immediate constant buffer is a declaration. */
static int customdata(struct sm4_state *s, uint32_t tok, uint32_t *len)
{
    uint32_t cls = tok >> AEROCMD_SM4_CONTROL_SHIFT;
    *len = s->at + 1u < s->count ? aerocmd_priv_sm4c_word(s, s->at + 1u) : 0u;
    if (*len < 2u || *len > s->count - s->at)
        return aerocmd_priv_sm4c_fail(s, AEROCMD_SM4_FAULT_INSTRUCTION_LENGTH, 0, *len,
                                      s->count - s->at);
    if (cls > 5u) /* comment, debug info, opaque, icb, message, clip-plane mappings */
        return aerocmd_priv_sm4c_fail(s, AEROCMD_SM4_FAULT_CONTROLS, 0, cls, 0);
    if (cls != AEROCMD_SM4_CUSTOMDATA_ICB)
        return 0;
    return aerocmd_priv_sm4c_declaration(s, tok, s->at + *len);
}

/* The instruction at s->at: its frame, then what its kind needs. *len: its length. */
static int instruction(struct sm4_state *s, uint32_t *len)
{
    uint32_t tok = aerocmd_priv_sm4c_word(s, s->at), pos = s->at + 1u, controls;
    const struct sm4_opinfo *info;
    s->opcode = tok & AEROCMD_SM4_OPCODE_MASK;
    info = aerocmd_priv_sm4c_opinfo(s->opcode);
    if (info == NULL)
        return aerocmd_priv_sm4c_fail(s, AEROCMD_SM4_FAULT_OPCODE, 0, s->opcode, 0);
    if (info->flags & SM4_F_UNSUP)
        return aerocmd_priv_sm4c_fail(s, AEROCMD_SM4_FAULT_OPCODE_UNSUPPORTED, 0, s->opcode, 0);
    if (!opcode_allowed(s, info->flags))
        return aerocmd_priv_sm4c_fail(s, AEROCMD_SM4_FAULT_OPCODE_PROGRAM, 0, s->type, 0);
    if (info->kind == SM4_K_CUSTOMDATA)
        return customdata(s, tok, len);
    *len = (tok >> AEROCMD_SM4_LENGTH_SHIFT) & AEROCMD_SM4_LENGTH_MASK;
    if (*len == 0 || *len > SM4_MAX_INSTRUCTION || *len > s->count - s->at)
        return aerocmd_priv_sm4c_fail(s, AEROCMD_SM4_FAULT_INSTRUCTION_LENGTH, 0, *len,
                                      s->count - s->at);
    if (info->kind == SM4_K_DCL)
        return (tok & AEROCMD_SM4_EXTENDED) != 0
                   ? aerocmd_priv_sm4c_fail(s, AEROCMD_SM4_FAULT_EXTENDED_OPCODE, 0, tok, 0)
                   : aerocmd_priv_sm4c_declaration(s, tok, s->at + *len);
    controls = (tok >> AEROCMD_SM4_CONTROL_SHIFT) & CONTROL_BITS;
    controls &= ~allowed_controls(s, info, controls);
    if (controls != 0)
        return aerocmd_priv_sm4c_fail(s, AEROCMD_SM4_FAULT_CONTROLS, 0, controls, 0);
    if ((tok & AEROCMD_SM4_EXTENDED) != 0) {
        if ((info->flags & (SM4_F_TEXOFF | SM4_F_RESEXT)) == 0)
            return aerocmd_priv_sm4c_fail(s, AEROCMD_SM4_FAULT_EXTENDED_OPCODE, 0, tok, 0);
        if (extended_opcode(s, info, &pos, s->at + *len) != 0)
            return -1;
    }
    s->body = 1;
    if (aerocmd_priv_sm4c_operands(s, info, pos, s->at + *len) != 0)
        return -1;
    return flow(s, info->kind);
}

static int walk(struct sm4_state *s)
{
    uint32_t len = 0;
    for (s->at = 2; s->at < s->count; s->at += len) {
        int top_ret;
        s->opcode = aerocmd_priv_sm4c_word(s, s->at) & AEROCMD_SM4_OPCODE_MASK;
        if (s->ended) /* nothing may follow the closing ret */
            return aerocmd_priv_sm4c_fail(s, AEROCMD_SM4_FAULT_NO_RET, 0, s->at, 0);
        if (instruction(s, &len) != 0)
            return -1;
        s->out->instructions++;
        top_ret =
            (aerocmd_priv_sm4c_word(s, s->at) & AEROCMD_SM4_OPCODE_MASK) == AEROCMD_SM4_OP_RET;
        s->ended = top_ret && s->depth == 0;
    }
    s->at = s->count;
    s->opcode = AEROCMD_SM4_NO_OPCODE;
    if (s->depth != 0)
        return aerocmd_priv_sm4c_fail(s, AEROCMD_SM4_FAULT_FLOW, 0, s->depth, 0);
    if (!s->ended)
        return aerocmd_priv_sm4c_fail(s, AEROCMD_SM4_FAULT_NO_RET, 0, 0, 0);
    return aerocmd_priv_sm4c_required_declarations(s);
}

static int unsupported(uint32_t fault)
{
    return fault == AEROCMD_SM4_FAULT_PROGRAM_UNSUPPORTED ||
           fault == AEROCMD_SM4_FAULT_OPCODE_UNSUPPORTED;
}

aerocmd_result aerocmd_sm4_check(const void *code, size_t bytes, struct aerocmd_sm4_check *out)
{
    struct sm4_state s;
    if (code == NULL || out == NULL)
        return AEROCMD_E_INVALID_ARG;
    memset(out, 0, sizeof(*out));
    memset(&s, 0, sizeof(s));
    s.code = (const uint8_t *)code;
    s.out = out;
    s.opcode = AEROCMD_SM4_NO_OPCODE;
    if (bytes > 0xFFFFFFF0u) /* no 32-bit token offset past this */
        bytes = 0xFFFFFFF0u;
    if (check_header(&s, bytes) != 0 || walk(&s) != 0)
        return unsupported(out->fault) ? AEROCMD_E_NOT_IMPLEMENTED : AEROCMD_E_MALFORMED;
    return AEROCMD_OK;
}
