/* SPDX-License-Identifier: MIT */
/* prior_vs.h — a vertex shader bound by an earlier submission, for tests whose streams draw
 * without binding one themselves (their draws stand for any work): Direct3D draws nothing
 * without a vertex shader and the semantic checker refuses such a draw (no_vertex_shader),
 * but binding state persists across submissions, so a tracker that has seen this one
 * accepts them. The shader's handle is one no test uses. */
#ifndef AEROCMD_TEST_PRIOR_VS_H
#define AEROCMD_TEST_PRIOR_VS_H

#include <string.h>

#include "aerocmd/decode.h"
#include "aerocmd/semantic.h"
#include "min_dxbc.h"

#define PRIOR_VS_HANDLE  0x7FFFFF00u
#define PRIOR_VS_RECORDS 1u /* the shader's record in the tracker */

/* Runs CREATE_SHADER_DXBC (a vertex program) + BIND_SHADERS through the tracker. */
static aerocmd_result prior_vs_bind(struct aerocmd_semantic *st)
{
    struct {
        struct aerogpu_cmd_stream_header header;
        struct aerogpu_cmd_create_shader_dxbc create;
        uint8_t dxbc[MIN_DXBC_BYTES];
        struct aerogpu_cmd_bind_shaders bind;
    } s;
    struct aerocmd_stream stream;
    struct aerocmd_diag diag;
    memset(&s, 0, sizeof s);
    s.header.magic = AEROGPU_CMD_STREAM_MAGIC;
    s.header.abi_version = AEROGPU_ABI_VERSION_U32;
    s.header.size_bytes = sizeof s;
    s.create.hdr.opcode = AEROGPU_CMD_CREATE_SHADER_DXBC;
    s.create.hdr.size_bytes = sizeof s.create + sizeof s.dxbc;
    s.create.shader_handle = PRIOR_VS_HANDLE;
    s.create.stage = AEROGPU_SHADER_STAGE_VERTEX;
    s.create.dxbc_size_bytes = sizeof s.dxbc;
    min_dxbc(s.dxbc, AEROCMD_DXBC_VERTEX);
    s.bind.hdr.opcode = AEROGPU_CMD_BIND_SHADERS;
    s.bind.hdr.size_bytes = sizeof s.bind;
    s.bind.vs = PRIOR_VS_HANDLE;
    if (aerocmd_stream_open(&stream, &s, sizeof s, &diag) != AEROCMD_OK)
        return AEROCMD_E_MALFORMED;
    return aerocmd_semantic_check_stream(st, &stream, NULL, &diag);
}

#endif /* AEROCMD_TEST_PRIOR_VS_H */
