/* SPDX-License-Identifier: MIT */
/* exec_dxbc.c — DXBC containers as the executor sees them: the container (framing,
 * checksum, the one code chunk) read by aerocmd_dxbc_open as the validator reads it, the
 * SM4/SM5 tokens through the token checker (aerocmd/sm4_check.h), signature component
 * types, then vkd3d-shader's compilation in a child process (exec_isolate.c); the
 * declarations the binding model needs (what each t# / u# register holds) and the input
 * signature. vkd3d fails pipeline creation silently on a bad checksum, so nothing reaches
 * D3D12 unchecked. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vkd3d_shader.h>

#include "aerocmd/dxbc.h"
#include "aerocmd/sm4_check.h"
#include "aerocmd/sm4_format.h"
#include "exec_internal.h"

#define FOURCC(a, b, c, d)                                                                         \
    ((uint32_t)(a) | ((uint32_t)(b) << 8) | ((uint32_t)(c) << 16) | ((uint32_t)(d) << 24))
#define TAG_ISGN          FOURCC('I', 'S', 'G', 'N')
#define TAG_OSGN          FOURCC('O', 'S', 'G', 'N')
#define COMPONENT_UINT32  1u /* D3D_REGISTER_COMPONENT_TYPE */
#define COMPONENT_FLOAT32 3u

struct dxbc_code {
    const uint32_t *tokens; /* copied, aligned */
    uint32_t count;         /* the program's length token */
    uint32_t program_type;
};

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

void aerocmd_priv_exec_say(char *why, size_t cap, const char *fmt, ...)
{
    va_list ap;
    if (why == NULL || cap == 0)
        return;
    va_start(ap, fmt);
    vsnprintf(why, cap, fmt, ap);
    va_end(ap);
}

/* An input or output signature: its elements inside the chunk, each with a component
 * type Direct3D defines (uint, sint, float). vkd3d-shader 1.2 asserts on an unknown (0)
 * one when it declares the variable. The container's other rules are the validator's. */
static int signature(const uint8_t *c, uint32_t len, uint32_t tag, char *why, size_t cap)
{
    uint32_t count, i;
    if (len < 8u || (count = rd32(c)) > (len - 8u) / 24u) {
        aerocmd_priv_exec_say(why, cap, "%s chunk of %u bytes does not hold its elements",
                              tag == TAG_ISGN ? "ISGN" : "OSGN", len);
        return -1;
    }
    for (i = 0; i < count; i++) {
        uint32_t type = rd32(c + 8u + 24u * i + 12u);
        if (type < COMPONENT_UINT32 || type > COMPONENT_FLOAT32) {
            aerocmd_priv_exec_say(
                why, cap, "%s element %u has component type %u (Direct3D: 1 uint, 2 sint, 3 float)",
                tag == TAG_ISGN ? "ISGN" : "OSGN", i, type);
            return -1;
        }
    }
    return 0;
}

/* Every signature chunk of a container aerocmd_dxbc_open found sound (dxbc_frame). */
static int signatures(const uint8_t *b, char *why, size_t cap)
{
    uint32_t count = rd32(b + 28), i;
    for (i = 0; i < count; i++) {
        uint32_t at = rd32(b + AEROCMD_DXBC_HEADER_BYTES + 4u * i), tag = rd32(b + at);
        if ((tag == TAG_ISGN || tag == TAG_OSGN) &&
            signature(b + at + 8, rd32(b + at + 4), tag, why, cap) != 0)
            return -1;
    }
    return 0;
}

static void hex16(const uint8_t *b, char out[33])
{
    static const char digits[] = "0123456789abcdef";
    int i;
    for (i = 0; i < 16; i++) {
        out[2 * i] = digits[b[i] >> 4];
        out[2 * i + 1] = digits[b[i] & 15u];
    }
    out[32] = '\0';
}

/* Header, checksum, chunk table and the one code chunk, as the validator reads them
 * (aerocmd/dxbc.h). *code_at / *code_bytes: the code chunk's data. */
static int dxbc_frame(const uint8_t *b, size_t size, const uint8_t **code_at, uint32_t *code_bytes,
                      char *why, size_t cap)
{
    struct aerocmd_dxbc_program program;
    enum aerocmd_dxbc_fault fault;
    if (aerocmd_dxbc_open(b, size, &program, &fault) != AEROCMD_OK) {
        uint8_t sum[16];
        char stored[33], computed[33];
        if (fault != AEROCMD_DXBC_FAULT_CHECKSUM) {
            aerocmd_priv_exec_say(why, cap, "%s", aerocmd_dxbc_fault_text(fault));
            return -1;
        }
        aerocmd_dxbc_checksum(b, (uint32_t)size, sum);
        hex16(b + 4, stored);
        hex16(sum, computed);
        aerocmd_priv_exec_say(why, cap, "%s (stored %s, computed %s)",
                              aerocmd_dxbc_fault_text(fault), stored, computed);
        return -1;
    }
    *code_at = b + program.code_offset;
    *code_bytes = program.code_bytes;
    return 0;
}

/* Where the token checker stopped, and why, on one line. */
static void token_reason(const struct aerocmd_sm4_check *c, char *why, size_t cap)
{
    const char *name = aerocmd_sm4_opcode_name(c->opcode);
    char where[96], op[24] = "", limit[24] = "";
    if (c->opcode == AEROCMD_SM4_NO_OPCODE)
        snprintf(where, sizeof(where), "token %u", c->token);
    else
        snprintf(where, sizeof(where), "instruction at token %u (%s, opcode %u)", c->token,
                 name != NULL ? name : "unknown", c->opcode);
    if (c->operand != 0)
        snprintf(op, sizeof(op), ", operand %u", c->operand);
    if (c->limit != 0)
        snprintf(limit, sizeof(limit), ", limit %u", c->limit);
    aerocmd_priv_exec_say(why, cap, "%s%s: %s (value %u = 0x%x%s)", where, op,
                          aerocmd_sm4_fault_text(c->fault), c->value, c->value, limit);
}

/* The program's tokens, copied aligned for the declaration scan, then the token checker
 * (aerocmd/sm4_check.h): exactly what vkd3d-shader 1.2 translates. */
static aerocmd_result token_check(const uint8_t *at, uint32_t bytes, struct dxbc_code *code,
                                  char *why, size_t cap)
{
    struct aerocmd_sm4_check c;
    aerocmd_result r = aerocmd_sm4_check(at, bytes, &c);
    uint32_t *t, n = bytes / 4u, pos;
    if (r != AEROCMD_OK) {
        token_reason(&c, why, cap);
        return r;
    }
    t = malloc((size_t)n * 4u);
    if (t == NULL) {
        aerocmd_priv_exec_say(why, cap, "out of memory");
        return AEROCMD_E_OUT_OF_MEMORY;
    }
    for (pos = 0; pos < n; pos++)
        t[pos] = rd32(at + 4u * pos);
    code->tokens = t;
    code->program_type = c.program_type;
    code->count = t[1];
    return AEROCMD_OK;
}

/* Container (aerocmd_dxbc_open: a bad checksum is reported alone, as nothing else in such
 * a container can be trusted), tokens, signatures: everything before vkd3d-shader sees the
 * blob. */
static aerocmd_result dxbc_check(const uint8_t *b, size_t size, struct dxbc_code *code, char *why,
                                 size_t cap)
{
    const uint8_t *at = NULL;
    uint32_t bytes = 0;
    char token_why[224] = "";
    aerocmd_result tokens;
    if (dxbc_frame(b, size, &at, &bytes, why, cap) != 0)
        return AEROCMD_E_MALFORMED;
    tokens = token_check(at, bytes, code, token_why, sizeof(token_why));
    if (tokens != AEROCMD_OK) {
        aerocmd_priv_exec_say(
            why, cap, "%s%s",
            tokens == AEROCMD_E_NOT_IMPLEMENTED ? "" : "tokens are not valid SM4/SM5: ", token_why);
        return tokens;
    }
    return signatures(b, why, cap) == 0 ? AEROCMD_OK : AEROCMD_E_MALFORMED;
}

aerocmd_result aerocmd_exec_check_dxbc(const void *dxbc, size_t size, char *why,
                                       size_t why_capacity)
{
    struct dxbc_code code;
    aerocmd_result r;
    aerocmd_priv_exec_say(why, why_capacity, "%s", "");
    if (dxbc == NULL || size > 0x7FFFFFFFu) {
        aerocmd_priv_exec_say(why, why_capacity, "no blob");
        return AEROCMD_E_MALFORMED;
    }
    memset(&code, 0, sizeof(code));
    r = dxbc_check(dxbc, size, &code, why, why_capacity);
    free((void *)code.tokens);
    if (r == AEROCMD_OK)
        r = aerocmd_priv_exec_compile_checked(NULL, dxbc, size, why, why_capacity);
    return r == AEROCMD_OK || r == AEROCMD_E_OUT_OF_MEMORY ? r : AEROCMD_E_MALFORMED;
}

/* ---- declarations ------------------------------------------------------------------- */

/* Register number of the operand starting at t[pos] (1D immediate index), or -1. */
static int64_t operand_register(const struct dxbc_code *code, uint32_t pos, uint32_t end,
                                uint32_t *next)
{
    uint32_t tok, p = pos;
    if (p >= end)
        return -1;
    tok = code->tokens[p++];
    while ((code->tokens[p - 1] >> 31) != 0) { /* extended operand tokens */
        if (p >= end)
            return -1;
        p++;
    }
    if (((tok >> 20) & 3u) != 1u || ((tok >> 22) & 7u) != 0u || p >= end)
        return -1; /* not a 1D immediate index */
    *next = p + 1u;
    return code->tokens[p];
}

static void declare(struct exec_shader *sh, uint32_t op, uint32_t dim, int64_t reg, uint32_t stride)
{
    int uav = op == AEROCMD_SM4_OP_DCL_UAV_TYPED || op == AEROCMD_SM4_OP_DCL_UAV_RAW ||
              op == AEROCMD_SM4_OP_DCL_UAV_STRUCTURED;
    uint8_t kind = EXEC_DECL_OTHER;
    if (op == AEROCMD_SM4_OP_DCL_RESOURCE_RAW || op == AEROCMD_SM4_OP_DCL_UAV_RAW)
        kind = EXEC_DECL_BUFFER_RAW;
    else if (op == AEROCMD_SM4_OP_DCL_RESOURCE_STRUCTURED ||
             op == AEROCMD_SM4_OP_DCL_UAV_STRUCTURED)
        kind = EXEC_DECL_BUFFER_STRUCTURED;
    else if (dim == AEROCMD_SM4_DIM_BUFFER)
        kind = EXEC_DECL_BUFFER_TYPED;
    else if (dim == AEROCMD_SM4_DIM_TEXTURE2D)
        kind = EXEC_DECL_TEX2D;
    else if (dim == AEROCMD_SM4_DIM_TEXTURE2DARRAY)
        kind = EXEC_DECL_TEX2D_ARRAY;
    if (reg < 0)
        return;
    if (uav && reg < (int64_t)EXEC_MAX_UAVS) {
        sh->uav_decl[reg] = kind;
        sh->uav_stride[reg] = stride;
    } else if (!uav && reg < (int64_t)EXEC_MAX_SRVS) {
        sh->srv_decl[reg] = kind;
        sh->srv_stride[reg] = stride;
    }
}

static void scan_declarations(struct exec_shader *sh, const struct dxbc_code *code)
{
    uint32_t pos = 2;
    while (pos < code->count) {
        uint32_t tok = code->tokens[pos], op = tok & AEROCMD_SM4_OPCODE_MASK;
        uint32_t len = op == AEROCMD_SM4_OP_CUSTOMDATA
                           ? code->tokens[pos + 1u]
                           : (tok >> AEROCMD_SM4_LENGTH_SHIFT) & AEROCMD_SM4_LENGTH_MASK;
        uint32_t end = pos + len, next = end;
        int64_t reg;
        if (op == AEROCMD_SM4_OP_DCL_RESOURCE || op == AEROCMD_SM4_OP_DCL_UAV_TYPED ||
            op == AEROCMD_SM4_OP_DCL_UAV_RAW || op == AEROCMD_SM4_OP_DCL_UAV_STRUCTURED ||
            op == AEROCMD_SM4_OP_DCL_RESOURCE_RAW || op == AEROCMD_SM4_OP_DCL_RESOURCE_STRUCTURED) {
            reg = operand_register(code, pos + 1u + ((tok >> 31) != 0), end, &next);
            /* structured: the stride follows; typed: the return types (x in bits 0..3) */
            declare(sh, op, (tok >> 11) & 0x1Fu, reg,
                    next >= end ? 0u
                    : op == AEROCMD_SM4_OP_DCL_UAV_STRUCTURED ||
                            op == AEROCMD_SM4_OP_DCL_RESOURCE_STRUCTURED
                        ? code->tokens[next]
                    : op == AEROCMD_SM4_OP_DCL_RESOURCE || op == AEROCMD_SM4_OP_DCL_UAV_TYPED
                        ? code->tokens[next] & 0xFu
                        : 0u);
        }
        pos = end;
    }
}

/* One declared register into the layout's ascending list; -1 when out of range. */
static int add_register(uint8_t *list, uint32_t *count, uint32_t limit, unsigned int reg)
{
    uint32_t i;
    if (reg >= limit)
        return -1;
    for (i = 0; i < *count; i++)
        if (list[i] == reg)
            return 0;
    for (i = *count; i > 0 && list[i - 1u] > reg; i--)
        list[i] = list[i - 1u];
    list[i] = (uint8_t)reg;
    (*count)++;
    return 0;
}

static int add_descriptor(struct exec_shader *sh, const struct vkd3d_shader_descriptor_info *d,
                          unsigned int reg)
{
    struct exec_stage_layout *l = &sh->layout;
    switch (d->type) {
    case VKD3D_SHADER_DESCRIPTOR_TYPE_CBV:
        return add_register(l->cbs, &l->cb_count, EXEC_MAX_CBS, reg);
    case VKD3D_SHADER_DESCRIPTOR_TYPE_SRV:
        return add_register(l->srvs, &l->srv_count, EXEC_MAX_SRVS, reg);
    case VKD3D_SHADER_DESCRIPTOR_TYPE_SAMPLER:
        return add_register(l->samplers, &l->sampler_count, EXEC_MAX_SAMPLERS, reg);
    default:
        if (reg < EXEC_MAX_UAVS && (d->flags & VKD3D_SHADER_DESCRIPTOR_INFO_FLAG_UAV_COUNTER))
            sh->uav_counter_mask |= 1u << reg;
        return add_register(l->uavs, &l->uav_count, EXEC_MAX_UAVS, reg);
    }
}

/* The registers the shader declares (vkd3d-shader's scan), within Direct3D 11's per-stage
 * limits and the executor's (EXEC_MAX_STAGE_SRVS). */
static int scan_descriptors(struct exec_shader *sh, char *why, size_t cap)
{
    static const char kinds[] = "tubs"; /* SRV, UAV, CBV, sampler */
    struct vkd3d_shader_compile_info info;
    struct vkd3d_shader_scan_descriptor_info scan;
    unsigned int i, k;
    int ok = 1;
    memset(&info, 0, sizeof(info));
    memset(&scan, 0, sizeof(scan));
    scan.type = VKD3D_SHADER_STRUCTURE_TYPE_SCAN_DESCRIPTOR_INFO;
    info.type = VKD3D_SHADER_STRUCTURE_TYPE_COMPILE_INFO;
    info.next = &scan;
    info.source.code = sh->dxbc;
    info.source.size = sh->dxbc_size;
    info.source_type = VKD3D_SHADER_SOURCE_DXBC_TPF;
    info.target_type = VKD3D_SHADER_TARGET_SPIRV_BINARY;
    info.log_level = VKD3D_SHADER_LOG_NONE;
    if (vkd3d_shader_scan(&info, NULL) < 0) {
        aerocmd_priv_exec_say(why, cap, "libvkd3d-shader cannot scan its declarations");
        return -1;
    }
    for (i = 0; ok && i < scan.descriptor_count; i++) {
        const struct vkd3d_shader_descriptor_info *d = &scan.descriptors[i];
        for (k = 0; ok && k < (d->count != 0 ? d->count : 1u); k++)
            if (d->register_space != 0 || add_descriptor(sh, d, d->register_index + k) != 0) {
                aerocmd_priv_exec_say(
                    why, cap, "declares %c%u (space %u), outside Direct3D 11's registers",
                    kinds[d->type < 4u ? d->type : 0], d->register_index + k, d->register_space);
                ok = 0;
            }
    }
    vkd3d_shader_free_scan_descriptor_info(&scan);
    if (ok && sh->layout.srv_count > EXEC_MAX_STAGE_SRVS) {
        aerocmd_priv_exec_say(
            why, cap,
            "declares %u shader resources; vkd3d 1.2 on lavapipe crashes with more than %u in "
            "a stage",
            sh->layout.srv_count, EXEC_MAX_STAGE_SRVS);
        ok = 0;
    }
    return ok ? 0 : -1;
}

static int copy_signature(struct exec_shader *sh, const struct vkd3d_shader_signature *sig)
{
    size_t bytes = 0, at = 0;
    unsigned int i;
    for (i = 0; i < sig->element_count; i++)
        bytes += strlen(sig->elements[i].semantic_name) + 1u;
    sh->inputs = calloc(sig->element_count + 1u, sizeof(*sh->inputs));
    sh->names = malloc(bytes + 1u);
    if (sh->inputs == NULL || sh->names == NULL)
        return -1;
    for (i = 0; i < sig->element_count; i++) {
        const struct vkd3d_shader_signature_element *e = &sig->elements[i];
        size_t len = strlen(e->semantic_name) + 1u;
        memcpy(sh->names + at, e->semantic_name, len);
        sh->inputs[i].name = sh->names + at;
        sh->inputs[i].index = e->semantic_index;
        sh->inputs[i].reg = e->register_index;
        sh->inputs[i].sysval = (uint32_t)e->sysval_semantic;
        sh->inputs[i].mask = e->mask;
        at += len;
    }
    sh->input_count = sig->element_count;
    return 0;
}

static int load_signature(struct exec_shader *sh, char *why, size_t cap)
{
    struct vkd3d_shader_code code;
    struct vkd3d_shader_signature sig;
    char *msgs = NULL;
    int ret;
    code.code = sh->dxbc;
    code.size = sh->dxbc_size;
    memset(&sig, 0, sizeof(sig));
    ret = vkd3d_shader_parse_input_signature(&code, &sig, &msgs);
    if (ret < 0) {
        aerocmd_priv_exec_say(why, cap, "cannot read the input signature (vkd3d-shader error %d)",
                              ret);
        vkd3d_shader_free_messages(msgs);
        return -1;
    }
    vkd3d_shader_free_messages(msgs);
    ret = copy_signature(sh, &sig);
    vkd3d_shader_free_shader_signature(&sig);
    if (ret != 0)
        aerocmd_priv_exec_say(why, cap, "out of memory");
    return ret;
}

aerocmd_result aerocmd_priv_exec_dxbc_load(struct aerocmd_exec *ex, struct exec_shader *shader,
                                           const uint8_t *dxbc, size_t size, char *why,
                                           size_t why_cap)
{
    struct dxbc_code code;
    aerocmd_result r;
    int ok;
    memset(&code, 0, sizeof(code));
    r = dxbc_check(dxbc, size, &code, why, why_cap);
    if (r != AEROCMD_OK) {
        free((void *)code.tokens);
        return r;
    }
    shader->program_type = code.program_type;
    shader->dxbc = malloc(size);
    ok = shader->dxbc != NULL;
    if (!ok) {
        aerocmd_priv_exec_say(why, why_cap, "out of memory");
        r = AEROCMD_E_OUT_OF_MEMORY;
    } else {
        memcpy(shader->dxbc, dxbc, size);
        shader->dxbc_size = size;
        aerocmd_priv_exec_dxbc_fixup(shader->dxbc, size);
        /* vkd3d-shader sees the blob in this process only after a child saw it whole */
        r = aerocmd_priv_exec_compile_checked(ex, shader->dxbc, size, why, why_cap);
        scan_declarations(shader, &code);
        ok = r == AEROCMD_OK && scan_descriptors(shader, why, why_cap) == 0 &&
             load_signature(shader, why, why_cap) == 0;
    }
    free((void *)code.tokens);
    if (!ok && r == AEROCMD_OK)
        r = AEROCMD_E_MALFORMED;
    return ok ? AEROCMD_OK : r;
}

void aerocmd_priv_exec_shader_free(struct exec_shader *shader)
{
    if (shader == NULL)
        return;
    free(shader->dxbc);
    free(shader->inputs);
    free(shader->names);
    free(shader);
}

uint32_t aerocmd_priv_exec_fnv1a_upper(const char *name)
{
    uint32_t h = 2166136261u;
    for (; *name != '\0'; name++) {
        unsigned char c = (unsigned char)*name;
        if (c >= 'a' && c <= 'z')
            c = (unsigned char)(c - 'a' + 'A');
        h = (h ^ c) * 16777619u;
    }
    return h;
}
