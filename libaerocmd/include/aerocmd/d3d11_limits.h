/* SPDX-License-Identifier: MIT */
/* d3d11_limits.h — the Direct3D 11 limits the stream validator holds packets to
 * (doc/validation-rules.md "Direct3D 11 limits"). Each value is the constant of the same name
 * without the AEROCMD_ prefix in mingw-w64's d3d11.h; a compile-time test
 * (test/unit/decode/mingw_limits_check.c) proves they agree. The library never includes
 * Windows headers. */
#ifndef AEROCMD_D3D11_LIMITS_H
#define AEROCMD_D3D11_LIMITS_H

#include "aerocmd/export.h"

/* With only macros between them, clang-format reads the pair as one statement. */
/* clang-format off */
AEROCMD_EXPORT_BEGIN /* constants only; the pair keeps every installed header alike */

/* Binding slots and registers of one shader stage (or the input assembler). */
#define AEROCMD_D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT         32u
#define AEROCMD_D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT 14u
#define AEROCMD_D3D11_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT      128u
#define AEROCMD_D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT             16u
#define AEROCMD_D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT            8u
/* UAV slots of Direct3D 11.0 (pixel and compute stages); 11.1's 64 needs a newer runtime
 * than Windows 7's. */
#define AEROCMD_D3D11_PS_CS_UAV_REGISTER_COUNT 8u
/* vec4 constants one constant buffer can hold, and so the most registers a shader reads. */
#define AEROCMD_D3D11_REQ_CONSTANT_BUFFER_ELEMENT_COUNT 4096u

/* Texture2D sizes. */
#define AEROCMD_D3D11_REQ_TEXTURE2D_U_OR_V_DIMENSION     16384u
#define AEROCMD_D3D11_REQ_TEXTURE2D_ARRAY_AXIS_DIMENSION 2048u
#define AEROCMD_D3D11_REQ_MIP_LEVELS                     15u

/* The largest resource any Direct3D 11 device creates: min(max(128, VRAM / 4), 2048) MB, so
 * never more than this term (2 GiB); the device-dependent part is a host's to judge. */
#define AEROCMD_D3D11_REQ_RESOURCE_SIZE_IN_MEGABYTES_EXPRESSION_C_TERM 2048u

/* Compute. */
#define AEROCMD_D3D11_CS_DISPATCH_MAX_THREAD_GROUPS_PER_DIMENSION 65535u

AEROCMD_EXPORT_END
/* clang-format on */

#endif /* AEROCMD_D3D11_LIMITS_H */
