/* SPDX-License-Identifier: MIT */
/* stage.c — how a D3D shader stage is spelled in a stage-bearing packet. */
#include "aerocmd/writer.h"

aerocmd_result aerocmd_shader_stage_encode(uint32_t abi_version, enum aerocmd_shader_kind kind,
                                           uint32_t *stage, uint32_t *stage_ex)
{
    uint32_t ex = AEROGPU_SHADER_STAGE_EX_NONE;
    uint32_t st;

    switch (kind) {
    case AEROCMD_SHADER_VS:
        st = AEROGPU_SHADER_STAGE_VERTEX;
        break;
    case AEROCMD_SHADER_PS:
        st = AEROGPU_SHADER_STAGE_PIXEL;
        break;
    case AEROCMD_SHADER_CS:
        st = AEROGPU_SHADER_STAGE_COMPUTE;
        break;
    case AEROCMD_SHADER_GS:
        /* The plain stage reaches every host; stage_ex GEOMETRY only reaches 1.3+. */
        st = AEROGPU_SHADER_STAGE_GEOMETRY;
        break;
    case AEROCMD_SHADER_HS:
    case AEROCMD_SHADER_DS:
        /* Hull and domain exist only as COMPUTE + stage_ex, which older hosts ignore. */
        if ((abi_version & 0xFFFFu) < AEROGPU_STAGE_EX_MIN_ABI_MINOR)
            return AEROCMD_E_NOT_IMPLEMENTED;
        st = AEROGPU_SHADER_STAGE_COMPUTE;
        ex = kind == AEROCMD_SHADER_HS ? AEROGPU_SHADER_STAGE_EX_HULL
                                       : AEROGPU_SHADER_STAGE_EX_DOMAIN;
        break;
    default:
        return AEROCMD_E_INVALID_ARG;
    }
    *stage = st;
    *stage_ex = ex;
    return AEROCMD_OK;
}
