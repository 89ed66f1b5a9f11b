/* SPDX-License-Identifier: MIT */
/* semantic_pipeline.c — shaders, input layouts and samplers: lifetimes and shader stages;
 * the bound vertex shader and the draws that need it. */
#include "semantic_pass.h"

#include "../common/le_bytes.h"

/* Every CREATE_ and DESTROY_ packet of shaders, input layouts and samplers names its handle
 * first, right after the packet header. */
#define FIRST_HANDLE_OFFSET 8u

static uint32_t first_handle(const void *fixed)
{
    return aerocmd_load_u32((const uint8_t *)fixed + FIRST_HANDLE_OFFSET);
}

/* The stage a shader runs in, from its packet's stage and stage_ex. */
static int shader_stage(const struct aerocmd_stage *s, uint8_t *out)
{
    static const uint8_t from_stage[] = {AEROCMD_SEM_STAGE_VS, AEROCMD_SEM_STAGE_PS,
                                         AEROCMD_SEM_STAGE_CS, AEROCMD_SEM_STAGE_GS};
    switch (s->stage_ex) {
    case AEROGPU_SHADER_STAGE_EX_NONE:
        if (s->stage >= sizeof from_stage)
            return 0;
        *out = from_stage[s->stage];
        return 1;
    case AEROGPU_SHADER_STAGE_EX_GEOMETRY:
        *out = AEROCMD_SEM_STAGE_GS;
        return 1;
    case AEROGPU_SHADER_STAGE_EX_HULL:
        *out = AEROCMD_SEM_STAGE_HS;
        return 1;
    case AEROGPU_SHADER_STAGE_EX_DOMAIN:
        *out = AEROCMD_SEM_STAGE_DS;
        return 1;
    case AEROGPU_SHADER_STAGE_EX_COMPUTE:
        *out = AEROCMD_SEM_STAGE_CS;
        return 1;
    default:
        return 0;
    }
}

aerocmd_result aerocmd_priv_sem_create_shader(const struct aerocmd_sem_pass *pass)
{
    aerocmd_result r;
    struct aerocmd_stage stage;
    struct aerocmd_sem_record *rec;
    uint8_t effective;
    const void *fixed = aerocmd_priv_sem_fixed(pass, &r);
    if (!fixed)
        return r;
    r = aerocmd_priv_sem_check_new(pass, first_handle(fixed));
    if (r != AEROCMD_OK)
        return r;
    if (!aerocmd_packet_stage(pass->stream, pass->packet, &stage) ||
        !shader_stage(&stage, &effective))
        return aerocmd_priv_sem_packet_fail(pass, AEROCMD_R_ENUM_RANGE);
    r = aerocmd_priv_sem_add(pass, AEROCMD_SEM_ROLE_OBJECT, first_handle(fixed), &rec);
    if (r == AEROCMD_OK) {
        rec->kind = AEROCMD_SEM_SHADER;
        rec->stage = effective;
    }
    return r;
}

aerocmd_result aerocmd_priv_sem_create_simple(const struct aerocmd_sem_pass *pass, uint8_t kind)
{
    aerocmd_result r;
    struct aerocmd_sem_record *rec;
    const void *fixed = aerocmd_priv_sem_fixed(pass, &r);
    if (!fixed)
        return r;
    r = aerocmd_priv_sem_check_new(pass, first_handle(fixed));
    if (r == AEROCMD_OK)
        r = aerocmd_priv_sem_add(pass, AEROCMD_SEM_ROLE_OBJECT, first_handle(fixed), &rec);
    if (r == AEROCMD_OK)
        rec->kind = kind;
    return r;
}

aerocmd_result aerocmd_priv_sem_destroy_simple(const struct aerocmd_sem_pass *pass, uint8_t kind)
{
    aerocmd_result r;
    struct aerocmd_sem_record *rec;
    const void *fixed = aerocmd_priv_sem_fixed(pass, &r);
    if (!fixed)
        return r;
    r = aerocmd_sem_require(pass, first_handle(fixed), AEROCMD_SEM_MASK(kind), &rec);
    if (r != AEROCMD_OK)
        return r;
    /* a destroyed object is unbound everywhere, as the host does */
    if (kind == AEROCMD_SEM_SHADER && rec->key == pass->st->vertex_shader)
        pass->st->vertex_shader = 0;
    aerocmd_priv_sem_remove(pass->st, rec);
    return AEROCMD_OK;
}

static aerocmd_result bind_shader(const struct aerocmd_sem_pass *pass, uint32_t handle,
                                  uint8_t stage)
{
    struct aerocmd_sem_record *rec;
    aerocmd_result r;
    if (handle == 0)
        return AEROCMD_OK;
    r = aerocmd_sem_require(pass, handle, AEROCMD_SEM_MASK(AEROCMD_SEM_SHADER), &rec);
    if (r == AEROCMD_OK && rec->stage != stage)
        return aerocmd_priv_sem_packet_fail(pass, AEROCMD_R_HANDLE_KIND);
    return r;
}

aerocmd_result aerocmd_priv_sem_bind_shaders(const struct aerocmd_sem_pass *pass)
{
    struct aerocmd_bound_shaders b;
    aerocmd_result r;
    if (!aerocmd_packet_bind_shaders(pass->packet, &b))
        return aerocmd_priv_sem_packet_fail(pass, AEROCMD_R_PACKET_TOO_SHORT);
    r = bind_shader(pass, b.vs, AEROCMD_SEM_STAGE_VS);
    if (r == AEROCMD_OK)
        r = bind_shader(pass, b.ps, AEROCMD_SEM_STAGE_PS);
    if (r == AEROCMD_OK)
        r = bind_shader(pass, b.cs, AEROCMD_SEM_STAGE_CS);
    if (r == AEROCMD_OK)
        r = bind_shader(pass, b.gs, AEROCMD_SEM_STAGE_GS);
    if (r == AEROCMD_OK)
        r = bind_shader(pass, b.hs, AEROCMD_SEM_STAGE_HS);
    if (r == AEROCMD_OK)
        r = bind_shader(pass, b.ds, AEROCMD_SEM_STAGE_DS);
    if (r == AEROCMD_OK)
        pass->st->vertex_shader = b.vs;
    return r;
}

/* Direct3D draws nothing without a vertex shader: its runtime calls it an error. */
aerocmd_result aerocmd_priv_sem_draw(const struct aerocmd_sem_pass *pass)
{
    if (pass->st->vertex_shader == 0)
        return aerocmd_priv_sem_packet_fail(pass, AEROCMD_R_NO_VERTEX_SHADER);
    return AEROCMD_OK;
}
