/* SPDX-License-Identifier: MIT */
/* dxbc_vkd3d.h — test-only: a DXBC container compiled by vkd3d-shader to SPIR-V, which
 * verifies the checksum, the chunks and every token (an independent consumer). */
#ifndef AEROCMD_TEST_DXBC_VKD3D_H
#define AEROCMD_TEST_DXBC_VKD3D_H

#include <stdio.h>
#include <string.h>

#include <vkd3d_shader.h>

/* 1 when vkd3d-shader compiles the blob; otherwise 0 with its messages on stderr (prefixed
 * by what). */
static int dxbc_vkd3d_ok(const void *dxbc, size_t size, const char *what)
{
    struct vkd3d_shader_compile_info info;
    struct vkd3d_shader_code spirv;
    char *messages = NULL;
    int r;
    memset(&info, 0, sizeof info);
    memset(&spirv, 0, sizeof spirv);
    info.type = VKD3D_SHADER_STRUCTURE_TYPE_COMPILE_INFO;
    info.source.code = dxbc;
    info.source.size = size;
    info.source_type = VKD3D_SHADER_SOURCE_DXBC_TPF;
    info.target_type = VKD3D_SHADER_TARGET_SPIRV_BINARY;
    info.log_level = VKD3D_SHADER_LOG_WARNING;
    r = vkd3d_shader_compile(&info, &spirv, &messages);
    if (r != 0 || (messages != NULL && messages[0] != '\0'))
        fprintf(stderr, "%s: vkd3d-shader result %d: %s\n", what, r,
                messages != NULL ? messages : "");
    vkd3d_shader_free_messages(messages);
    if (r == 0)
        vkd3d_shader_free_shader_code(&spirv);
    return r == 0;
}

#endif /* AEROCMD_TEST_DXBC_VKD3D_H */
