/* SPDX-License-Identifier: MIT */
/* umd_shader.c — shaders and input layouts: host objects with one CREATE packet. */
#include <string.h>

#include "aerocmd/dxbc.h"
#include "umd_internal.h"

#define FNV64_OFFSET 0xCBF29CE484222325ull
#define FNV64_PRIME  0x100000001B3ull

static uint64_t fnv1a64(const uint8_t *p, uint32_t n)
{
    uint64_t h = FNV64_OFFSET;
    uint32_t i;
    for (i = 0; i < n; i++) {
        h ^= p[i];
        h *= FNV64_PRIME;
    }
    return h;
}

size_t aerocmd_umd_shader_size(void)
{
    return sizeof(struct aerocmd_umd_shader);
}

/* What the validator holds CREATE_SHADER_DXBC to (packet_rules.c), so the kernel never
 * sees a container it refuses: a sound container whose program is the kind's. */
static aerocmd_result check_dxbc(enum aerocmd_shader_kind kind, const uint8_t *dxbc, uint32_t size)
{
    static const uint32_t program_of_kind[] = {AEROCMD_DXBC_VERTEX, AEROCMD_DXBC_PIXEL,
                                               AEROCMD_DXBC_GEOMETRY, AEROCMD_DXBC_COMPUTE};
    struct aerocmd_dxbc_program program;
    if (dxbc == NULL || aerocmd_dxbc_open(dxbc, size, &program, NULL) != AEROCMD_OK ||
        program.program_type != program_of_kind[kind])
        return AEROCMD_E_INVALID_ARG;
    return AEROCMD_OK;
}

static aerocmd_result emit_create_shader(struct aerocmd_umd_context *ctx,
                                         const struct aerocmd_umd_shader *sh)
{
    aerocmd_result r;
    do {
        r = umd_ready(ctx);
        if (r == AEROCMD_OK)
            r = aerocmd_append_create_shader_dxbc(
                &ctx->w, sh->handle, (enum aerocmd_shader_kind)sh->kind, sh->dxbc, sh->dxbc_size);
    } while (aerocmd_priv_umd_again(ctx, &r));
    return r;
}

/* Finishes a shader whose container sh->dxbc (from the device's allocator) is in place:
 * hashes it, takes a handle and sends CREATE_SHADER_DXBC; on failure everything is given
 * back. */
static aerocmd_result finish_shader(struct aerocmd_umd_context *ctx, struct aerocmd_umd_shader *sh,
                                    struct aerocmd_umd_shader **out)
{
    struct aerocmd_umd_device *dev = sh->dev;
    aerocmd_result r;
    sh->hash = fnv1a64((const uint8_t *)sh->dxbc, sh->dxbc_size);
    r = UMD_NEW_ID(dev, SHADER_HANDLE, AEROCMD_UMD_ID_HANDLE, &sh->handle);
    if (r == AEROCMD_OK) {
        r = emit_create_shader(ctx, sh);
        if (r != AEROCMD_OK)
            aerocmd_priv_umd_release_id(dev, AEROCMD_UMD_ID_HANDLE, sh->handle);
    }
    if (r != AEROCMD_OK) {
        dev->alloc->release(dev->alloc->user, sh->dxbc, sh->dxbc_size);
        memset(sh, 0, sizeof *sh);
        return r;
    }
    *out = sh;
    return AEROCMD_OK;
}

static aerocmd_result check_shader_args(struct aerocmd_umd_context *ctx, void *mem, size_t mem_size,
                                        enum aerocmd_shader_kind kind,
                                        struct aerocmd_umd_shader **out)
{
    if (ctx == NULL || out == NULL ||
        !aerocmd_priv_umd_mem_ok(mem, mem_size, sizeof(struct aerocmd_umd_shader)))
        return AEROCMD_E_INVALID_ARG;
    if (kind == AEROCMD_SHADER_HS || kind == AEROCMD_SHADER_DS)
        return AEROCMD_E_NOT_IMPLEMENTED;
    if ((uint32_t)kind > AEROCMD_SHADER_CS)
        return AEROCMD_E_INVALID_ARG;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_umd_create_shader(struct aerocmd_umd_device *dev, void *mem, size_t mem_size,
                                         enum aerocmd_shader_kind kind, const void *dxbc,
                                         uint32_t dxbc_size, struct aerocmd_umd_shader **out)
{
    struct aerocmd_umd_context *ctx = aerocmd_priv_umd_ctx_of(dev);
    struct aerocmd_umd_shader *sh = (struct aerocmd_umd_shader *)mem;
    aerocmd_result r = check_shader_args(ctx, mem, mem_size, kind, out);
    if (r == AEROCMD_OK)
        r = check_dxbc(kind, (const uint8_t *)dxbc, dxbc_size);
    if (r != AEROCMD_OK)
        return r;
    memset(sh, 0, sizeof *sh);
    sh->dev = dev;
    sh->kind = (uint32_t)kind;
    sh->dxbc_size = dxbc_size;
    sh->dxbc = UMD_ALLOC(dev, SHADER_BYTECODE, dxbc_size);
    if (sh->dxbc == NULL)
        return AEROCMD_E_OUT_OF_MEMORY;
    memcpy(sh->dxbc, dxbc, dxbc_size);
    return finish_shader(ctx, sh, out);
}

aerocmd_result aerocmd_umd_create_shader_from_tokens(
    struct aerocmd_umd_device *dev, void *mem, size_t mem_size, enum aerocmd_shader_kind kind,
    const uint32_t *tokens, uint32_t token_capacity,
    const struct aerocmd_umd_shader_signatures *sigs, struct aerocmd_umd_shader **out)
{
    struct aerocmd_umd_context *ctx = aerocmd_priv_umd_ctx_of(dev);
    struct aerocmd_umd_shader *sh = (struct aerocmd_umd_shader *)mem;
    uint32_t size = 0;
    aerocmd_result r = check_shader_args(ctx, mem, mem_size, kind, out);
    if (r == AEROCMD_OK)
        r = aerocmd_umd_dxbc_from_tokens(kind, tokens, token_capacity, sigs, NULL, 0, &size);
    if (r != AEROCMD_OK)
        return r;
    memset(sh, 0, sizeof *sh);
    sh->dev = dev;
    sh->kind = (uint32_t)kind;
    sh->dxbc_size = size;
    sh->dxbc = UMD_ALLOC(dev, SHADER_CONTAINER, size);
    if (sh->dxbc == NULL)
        return AEROCMD_E_OUT_OF_MEMORY;
    (void)aerocmd_umd_dxbc_from_tokens(kind, tokens, token_capacity, sigs, sh->dxbc, size, &size);
    return finish_shader(ctx, sh, out);
}

/* Unbinds, then the host forgets the handle before its id is reused (umd_retire.c). */
aerocmd_result aerocmd_priv_umd_destroy_host_object(struct aerocmd_umd_device *dev, uint32_t opcode,
                                                    uint32_t handle)
{
    struct aerocmd_umd_context *ctx = aerocmd_priv_umd_ctx_of(dev);
    if (ctx == NULL)
        return AEROCMD_E_INVALID_ARG;
    aerocmd_priv_umd_unbind_handle(ctx, handle);
    return aerocmd_priv_umd_retire_object(ctx, opcode, handle, NULL);
}

aerocmd_result aerocmd_umd_destroy_shader(struct aerocmd_umd_shader *sh)
{
    aerocmd_result r;
    if (sh == NULL || sh->dev == NULL)
        return AEROCMD_E_INVALID_ARG;
    r = aerocmd_priv_umd_destroy_host_object(sh->dev, AEROGPU_CMD_DESTROY_SHADER, sh->handle);
    sh->dev->alloc->release(sh->dev->alloc->user, sh->dxbc, sh->dxbc_size);
    memset(sh, 0, sizeof *sh);
    return r;
}

uint32_t aerocmd_umd_shader_handle(const struct aerocmd_umd_shader *sh)
{
    return sh->handle;
}

uint64_t aerocmd_umd_shader_hash(const struct aerocmd_umd_shader *sh)
{
    return sh->hash;
}

const void *aerocmd_umd_shader_dxbc(const struct aerocmd_umd_shader *sh, uint32_t *size)
{
    if (size != NULL)
        *size = sh->dxbc_size;
    return sh->dxbc;
}

/* ---- input layouts --------------------------------------------------------------------- */

size_t aerocmd_umd_input_layout_size(void)
{
    return sizeof(struct aerocmd_umd_input_layout);
}

static aerocmd_result check_elements(const struct aerocmd_input_element *elements, uint32_t count)
{
    uint32_t i, bytes;
    if (count > 0 && elements == NULL)
        return AEROCMD_E_INVALID_ARG;
    for (i = 0; i < count; i++) {
        aerocmd_result r = aerocmd_dxgi_vertex_format(elements[i].dxgi_format, &bytes);
        if (r != AEROCMD_OK)
            return r;
        if (elements[i].input_slot >= AEROCMD_UMD_MAX_VERTEX_BUFFERS ||
            elements[i].input_slot_class > 1u)
            return AEROCMD_E_INVALID_ARG;
    }
    return AEROCMD_OK;
}

/* D3D11_APPEND_ALIGNED_ELEMENT: right after the previous element of the slot. */
#define UMD_APPEND_ALIGNED 0xFFFFFFFFu

/* What each slot's elements reach (umd_internal.h), for the uploads of umd_stale.c. An
 * appended element is placed at the previous end rounded up to 16 bytes: Direct3D packs
 * to at most that alignment, so the extent found is never short. */
static void note_extents(struct aerocmd_umd_input_layout *il,
                         const struct aerocmd_input_element *elements, uint32_t count)
{
    uint32_t ends[AEROCMD_UMD_MAX_VERTEX_BUFFERS] = {0};
    uint32_t i;
    for (i = 0; i < AEROCMD_UMD_MAX_VERTEX_BUFFERS; i++)
        il->instance_rate[i] = 0xFFFFFFFFu;
    for (i = 0; i < count; i++) {
        const struct aerocmd_input_element *e = &elements[i];
        uint32_t slot = e->input_slot, bytes = 0, at, end, rate;
        (void)aerocmd_dxgi_vertex_format(e->dxgi_format, &bytes); /* checked before */
        at = e->aligned_byte_offset == UMD_APPEND_ALIGNED ? (ends[slot] + 15u) & ~15u
                                                          : e->aligned_byte_offset;
        end = at + bytes < at ? 0xFFFFFFFFu : at + bytes;
        ends[slot] = end;
        il->slots |= 1u << slot;
        if (end > il->extent[slot])
            il->extent[slot] = end;
        if (e->input_slot_class == 0) {
            il->per_vertex |= 1u << slot;
            continue;
        }
        il->instanced |= 1u << slot;
        rate = e->instance_data_step_rate != 0 ? e->instance_data_step_rate : 1u;
        if (rate < il->instance_rate[slot])
            il->instance_rate[slot] = rate;
    }
    if (il->slots != 0 && (il->slots & (il->slots - 1u)) == 0 && il->instanced == 0)
        il->ring_slot = umd_lowest_bit(il->slots) + 1u;
}

aerocmd_result aerocmd_umd_create_input_layout(struct aerocmd_umd_device *dev, void *mem,
                                               size_t mem_size,
                                               const struct aerocmd_input_element *elements,
                                               uint32_t element_count,
                                               struct aerocmd_umd_input_layout **out)
{
    struct aerocmd_umd_context *ctx = aerocmd_priv_umd_ctx_of(dev);
    struct aerocmd_umd_input_layout *il = (struct aerocmd_umd_input_layout *)mem;
    aerocmd_result r;
    if (ctx == NULL || out == NULL || !aerocmd_priv_umd_mem_ok(mem, mem_size, sizeof *il))
        return AEROCMD_E_INVALID_ARG;
    r = check_elements(elements, element_count);
    if (r != AEROCMD_OK)
        return r;
    memset(il, 0, sizeof *il);
    r = UMD_NEW_ID(dev, INPUT_LAYOUT_HANDLE, AEROCMD_UMD_ID_HANDLE, &il->handle);
    if (r != AEROCMD_OK)
        return r;
    do {
        r = umd_ready(ctx);
        if (r == AEROCMD_OK)
            r = aerocmd_append_create_input_layout(&ctx->w, il->handle, elements, element_count);
    } while (aerocmd_priv_umd_again(ctx, &r));
    if (r != AEROCMD_OK) {
        aerocmd_priv_umd_release_id(dev, AEROCMD_UMD_ID_HANDLE, il->handle);
        memset(il, 0, sizeof *il);
        return r;
    }
    il->dev = dev;
    note_extents(il, elements, element_count);
    *out = il;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_umd_create_input_layout_by_register(
    struct aerocmd_umd_device *dev, void *mem, size_t mem_size,
    const struct aerocmd_umd_register_element *elements, uint32_t element_count,
    struct aerocmd_umd_input_layout **out)
{
    struct aerocmd_input_element named[AEROCMD_UMD_MAX_INPUT_ELEMENTS];
    uint32_t i;
    if (element_count > AEROCMD_UMD_MAX_INPUT_ELEMENTS || (element_count > 0 && elements == NULL))
        return AEROCMD_E_INVALID_ARG;
    for (i = 0; i < element_count; i++) {
        if (elements[i].input_register >= AEROCMD_UMD_MAX_SIGNATURE_REGISTERS)
            return AEROCMD_E_INVALID_ARG;
        named[i].semantic_name = AEROCMD_UMD_SYNTH_SEMANTIC;
        named[i].semantic_index = elements[i].input_register;
        named[i].dxgi_format = elements[i].dxgi_format;
        named[i].input_slot = elements[i].input_slot;
        named[i].aligned_byte_offset = elements[i].aligned_byte_offset;
        named[i].input_slot_class = elements[i].input_slot_class;
        named[i].instance_data_step_rate = elements[i].instance_data_step_rate;
    }
    return aerocmd_umd_create_input_layout(dev, mem, mem_size, named, element_count, out);
}

aerocmd_result aerocmd_umd_destroy_input_layout(struct aerocmd_umd_input_layout *il)
{
    aerocmd_result r;
    if (il == NULL || il->dev == NULL)
        return AEROCMD_E_INVALID_ARG;
    r = aerocmd_priv_umd_destroy_host_object(il->dev, AEROGPU_CMD_DESTROY_INPUT_LAYOUT, il->handle);
    memset(il, 0, sizeof *il);
    return r;
}
