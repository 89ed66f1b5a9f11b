/* SPDX-License-Identifier: MIT */
/* format.h — DXGI formats, AeroGPU formats and the Direct3D format questions (kernel-safe core).
 *
 * Direct3D names formats with DXGI_FORMAT numbers; the command stream only knows the 21
 * values of `enum aerogpu_format`. Everything that converts between the two, gates formats
 * on the device's ABI minor (RULES.md "Versions") or answers CheckFormatSupport lives here,
 * driven by two constant tables: one row per DXGI_FORMAT value 0..132 and one row per
 * aerogpu_format. No Windows header is needed: the numeric DXGI values are repeated below
 * (a test proves them equal to mingw-w64's dxgiformat.h).
 *
 * ABI versions are passed as the device's `abi_version_u32` ((major << 16) | minor); only
 * the minor is looked at. Refusing a different major is the adapter-open code's job.
 *
 * Decisions where Direct3D is silent or the protocol is narrower than Direct3D:
 * - A typeless resource format is stored as the UNORM (or depth) member of its family:
 *   R8G8B8A8_TYPELESS -> R8G8B8A8_UNORM, B8G8R8A8_TYPELESS -> B8G8R8A8_UNORM,
 *   BCn_TYPELESS -> BCn UNORM, R24G8_TYPELESS and R24_UNORM_X8_TYPELESS ->
 *   D24_UNORM_S8_UINT, R32_TYPELESS -> D32_FLOAT. Views then reinterpret.
 * - R32_TYPELESS is only expressible as depth storage, so an R32_FLOAT SRV of it is the
 *   classic "read the depth buffer" idiom and resolves to D32_FLOAT, exactly like an
 *   R24_UNORM_X8_TYPELESS SRV of R24G8_TYPELESS resolves to D24_UNORM_S8_UINT. An
 *   R32_FLOAT render target, or R32_UINT / R32_SINT views, cannot be expressed.
 * - Stencil-only views (X24_TYPELESS_G8_UINT, X32_TYPELESS_G8X24_UINT) cannot be expressed.
 * - Below ABI 1.2 an sRGB format still encodes (as its UNORM twin, as RULES.md demands) so
 *   that applications that do not ask keep working, but CheckFormatSupport reports nothing
 *   for it: the gamma conversion does not happen, so it does not work end to end.
 * - Vertex (input-layout) formats are the Direct3D 10 input-assembler formats that have a
 *   direct WebGPU vertex format: 1, 2, 3 and 4 x 32-bit float/uint/sint, 2 and 4 x 16-bit
 *   and 8-bit of every type, 1 x 16-bit and 8-bit, R10G10B10A2_UNORM and B8G8R8A8_UNORM.
 *   R10G10B10A2_UINT and R11G11B10_FLOAT have no WebGPU vertex format and are refused. */
#ifndef AEROCMD_FORMAT_H
#define AEROCMD_FORMAT_H

#include <stdint.h>

#include "aerocmd/result.h"
#include "aerogpu_pci.h"

#include "aerocmd/export.h"

#ifdef __cplusplus
extern "C" {
#endif

AEROCMD_EXPORT_BEGIN

/* ---- DXGI_FORMAT numbers (same values as dxgiformat.h) ------------------------------- */

enum aerocmd_dxgi_format {
    AEROCMD_DXGI_FORMAT_UNKNOWN = 0,
    AEROCMD_DXGI_FORMAT_R32G32B32A32_TYPELESS = 1,
    AEROCMD_DXGI_FORMAT_R32G32B32A32_FLOAT = 2,
    AEROCMD_DXGI_FORMAT_R32G32B32A32_UINT = 3,
    AEROCMD_DXGI_FORMAT_R32G32B32A32_SINT = 4,
    AEROCMD_DXGI_FORMAT_R32G32B32_TYPELESS = 5,
    AEROCMD_DXGI_FORMAT_R32G32B32_FLOAT = 6,
    AEROCMD_DXGI_FORMAT_R32G32B32_UINT = 7,
    AEROCMD_DXGI_FORMAT_R32G32B32_SINT = 8,
    AEROCMD_DXGI_FORMAT_R16G16B16A16_TYPELESS = 9,
    AEROCMD_DXGI_FORMAT_R16G16B16A16_FLOAT = 10,
    AEROCMD_DXGI_FORMAT_R16G16B16A16_UNORM = 11,
    AEROCMD_DXGI_FORMAT_R16G16B16A16_UINT = 12,
    AEROCMD_DXGI_FORMAT_R16G16B16A16_SNORM = 13,
    AEROCMD_DXGI_FORMAT_R16G16B16A16_SINT = 14,
    AEROCMD_DXGI_FORMAT_R32G32_TYPELESS = 15,
    AEROCMD_DXGI_FORMAT_R32G32_FLOAT = 16,
    AEROCMD_DXGI_FORMAT_R32G32_UINT = 17,
    AEROCMD_DXGI_FORMAT_R32G32_SINT = 18,
    AEROCMD_DXGI_FORMAT_R32G8X24_TYPELESS = 19,
    AEROCMD_DXGI_FORMAT_D32_FLOAT_S8X24_UINT = 20,
    AEROCMD_DXGI_FORMAT_R32_FLOAT_X8X24_TYPELESS = 21,
    AEROCMD_DXGI_FORMAT_X32_TYPELESS_G8X24_UINT = 22,
    AEROCMD_DXGI_FORMAT_R10G10B10A2_TYPELESS = 23,
    AEROCMD_DXGI_FORMAT_R10G10B10A2_UNORM = 24,
    AEROCMD_DXGI_FORMAT_R10G10B10A2_UINT = 25,
    AEROCMD_DXGI_FORMAT_R11G11B10_FLOAT = 26,
    AEROCMD_DXGI_FORMAT_R8G8B8A8_TYPELESS = 27,
    AEROCMD_DXGI_FORMAT_R8G8B8A8_UNORM = 28,
    AEROCMD_DXGI_FORMAT_R8G8B8A8_UNORM_SRGB = 29,
    AEROCMD_DXGI_FORMAT_R8G8B8A8_UINT = 30,
    AEROCMD_DXGI_FORMAT_R8G8B8A8_SNORM = 31,
    AEROCMD_DXGI_FORMAT_R8G8B8A8_SINT = 32,
    AEROCMD_DXGI_FORMAT_R16G16_TYPELESS = 33,
    AEROCMD_DXGI_FORMAT_R16G16_FLOAT = 34,
    AEROCMD_DXGI_FORMAT_R16G16_UNORM = 35,
    AEROCMD_DXGI_FORMAT_R16G16_UINT = 36,
    AEROCMD_DXGI_FORMAT_R16G16_SNORM = 37,
    AEROCMD_DXGI_FORMAT_R16G16_SINT = 38,
    AEROCMD_DXGI_FORMAT_R32_TYPELESS = 39,
    AEROCMD_DXGI_FORMAT_D32_FLOAT = 40,
    AEROCMD_DXGI_FORMAT_R32_FLOAT = 41,
    AEROCMD_DXGI_FORMAT_R32_UINT = 42,
    AEROCMD_DXGI_FORMAT_R32_SINT = 43,
    AEROCMD_DXGI_FORMAT_R24G8_TYPELESS = 44,
    AEROCMD_DXGI_FORMAT_D24_UNORM_S8_UINT = 45,
    AEROCMD_DXGI_FORMAT_R24_UNORM_X8_TYPELESS = 46,
    AEROCMD_DXGI_FORMAT_X24_TYPELESS_G8_UINT = 47,
    AEROCMD_DXGI_FORMAT_R8G8_TYPELESS = 48,
    AEROCMD_DXGI_FORMAT_R8G8_UNORM = 49,
    AEROCMD_DXGI_FORMAT_R8G8_UINT = 50,
    AEROCMD_DXGI_FORMAT_R8G8_SNORM = 51,
    AEROCMD_DXGI_FORMAT_R8G8_SINT = 52,
    AEROCMD_DXGI_FORMAT_R16_TYPELESS = 53,
    AEROCMD_DXGI_FORMAT_R16_FLOAT = 54,
    AEROCMD_DXGI_FORMAT_D16_UNORM = 55,
    AEROCMD_DXGI_FORMAT_R16_UNORM = 56,
    AEROCMD_DXGI_FORMAT_R16_UINT = 57,
    AEROCMD_DXGI_FORMAT_R16_SNORM = 58,
    AEROCMD_DXGI_FORMAT_R16_SINT = 59,
    AEROCMD_DXGI_FORMAT_R8_TYPELESS = 60,
    AEROCMD_DXGI_FORMAT_R8_UNORM = 61,
    AEROCMD_DXGI_FORMAT_R8_UINT = 62,
    AEROCMD_DXGI_FORMAT_R8_SNORM = 63,
    AEROCMD_DXGI_FORMAT_R8_SINT = 64,
    AEROCMD_DXGI_FORMAT_A8_UNORM = 65,
    AEROCMD_DXGI_FORMAT_R1_UNORM = 66,
    AEROCMD_DXGI_FORMAT_R9G9B9E5_SHAREDEXP = 67,
    AEROCMD_DXGI_FORMAT_R8G8_B8G8_UNORM = 68,
    AEROCMD_DXGI_FORMAT_G8R8_G8B8_UNORM = 69,
    AEROCMD_DXGI_FORMAT_BC1_TYPELESS = 70,
    AEROCMD_DXGI_FORMAT_BC1_UNORM = 71,
    AEROCMD_DXGI_FORMAT_BC1_UNORM_SRGB = 72,
    AEROCMD_DXGI_FORMAT_BC2_TYPELESS = 73,
    AEROCMD_DXGI_FORMAT_BC2_UNORM = 74,
    AEROCMD_DXGI_FORMAT_BC2_UNORM_SRGB = 75,
    AEROCMD_DXGI_FORMAT_BC3_TYPELESS = 76,
    AEROCMD_DXGI_FORMAT_BC3_UNORM = 77,
    AEROCMD_DXGI_FORMAT_BC3_UNORM_SRGB = 78,
    AEROCMD_DXGI_FORMAT_BC4_TYPELESS = 79,
    AEROCMD_DXGI_FORMAT_BC4_UNORM = 80,
    AEROCMD_DXGI_FORMAT_BC4_SNORM = 81,
    AEROCMD_DXGI_FORMAT_BC5_TYPELESS = 82,
    AEROCMD_DXGI_FORMAT_BC5_UNORM = 83,
    AEROCMD_DXGI_FORMAT_BC5_SNORM = 84,
    AEROCMD_DXGI_FORMAT_B5G6R5_UNORM = 85,
    AEROCMD_DXGI_FORMAT_B5G5R5A1_UNORM = 86,
    AEROCMD_DXGI_FORMAT_B8G8R8A8_UNORM = 87,
    AEROCMD_DXGI_FORMAT_B8G8R8X8_UNORM = 88,
    AEROCMD_DXGI_FORMAT_R10G10B10_XR_BIAS_A2_UNORM = 89,
    AEROCMD_DXGI_FORMAT_B8G8R8A8_TYPELESS = 90,
    AEROCMD_DXGI_FORMAT_B8G8R8A8_UNORM_SRGB = 91,
    AEROCMD_DXGI_FORMAT_B8G8R8X8_TYPELESS = 92,
    AEROCMD_DXGI_FORMAT_B8G8R8X8_UNORM_SRGB = 93,
    AEROCMD_DXGI_FORMAT_BC6H_TYPELESS = 94,
    AEROCMD_DXGI_FORMAT_BC6H_UF16 = 95,
    AEROCMD_DXGI_FORMAT_BC6H_SF16 = 96,
    AEROCMD_DXGI_FORMAT_BC7_TYPELESS = 97,
    AEROCMD_DXGI_FORMAT_BC7_UNORM = 98,
    AEROCMD_DXGI_FORMAT_BC7_UNORM_SRGB = 99,
    AEROCMD_DXGI_FORMAT_AYUV = 100,
    AEROCMD_DXGI_FORMAT_Y410 = 101,
    AEROCMD_DXGI_FORMAT_Y416 = 102,
    AEROCMD_DXGI_FORMAT_NV12 = 103,
    AEROCMD_DXGI_FORMAT_P010 = 104,
    AEROCMD_DXGI_FORMAT_P016 = 105,
    AEROCMD_DXGI_FORMAT_420_OPAQUE = 106,
    AEROCMD_DXGI_FORMAT_YUY2 = 107,
    AEROCMD_DXGI_FORMAT_Y210 = 108,
    AEROCMD_DXGI_FORMAT_Y216 = 109,
    AEROCMD_DXGI_FORMAT_NV11 = 110,
    AEROCMD_DXGI_FORMAT_AI44 = 111,
    AEROCMD_DXGI_FORMAT_IA44 = 112,
    AEROCMD_DXGI_FORMAT_P8 = 113,
    AEROCMD_DXGI_FORMAT_A8P8 = 114,
    AEROCMD_DXGI_FORMAT_B4G4R4A4_UNORM = 115,
    AEROCMD_DXGI_FORMAT_P208 = 130,
    AEROCMD_DXGI_FORMAT_V208 = 131,
    AEROCMD_DXGI_FORMAT_V408 = 132,
};

/* Table rows cover 0 .. AEROCMD_DXGI_FORMAT_COUNT - 1; 116..129 are unassigned numbers. */
#define AEROCMD_DXGI_FORMAT_COUNT 133u

/* ---- D3D10/D3D11 FORMAT_SUPPORT bits (same values as d3d10.h / d3d11.h) ---------------- */

#define AEROCMD_FORMAT_SUPPORT_BUFFER                      0x1u
#define AEROCMD_FORMAT_SUPPORT_IA_VERTEX_BUFFER            0x2u
#define AEROCMD_FORMAT_SUPPORT_IA_INDEX_BUFFER             0x4u
#define AEROCMD_FORMAT_SUPPORT_SO_BUFFER                   0x8u
#define AEROCMD_FORMAT_SUPPORT_TEXTURE1D                   0x10u
#define AEROCMD_FORMAT_SUPPORT_TEXTURE2D                   0x20u
#define AEROCMD_FORMAT_SUPPORT_TEXTURE3D                   0x40u
#define AEROCMD_FORMAT_SUPPORT_TEXTURECUBE                 0x80u
#define AEROCMD_FORMAT_SUPPORT_SHADER_LOAD                 0x100u
#define AEROCMD_FORMAT_SUPPORT_SHADER_SAMPLE               0x200u
#define AEROCMD_FORMAT_SUPPORT_SHADER_SAMPLE_COMPARISON    0x400u
#define AEROCMD_FORMAT_SUPPORT_SHADER_SAMPLE_MONO_TEXT     0x800u
#define AEROCMD_FORMAT_SUPPORT_MIP                         0x1000u
#define AEROCMD_FORMAT_SUPPORT_MIP_AUTOGEN                 0x2000u
#define AEROCMD_FORMAT_SUPPORT_RENDER_TARGET               0x4000u
#define AEROCMD_FORMAT_SUPPORT_BLENDABLE                   0x8000u
#define AEROCMD_FORMAT_SUPPORT_DEPTH_STENCIL               0x10000u
#define AEROCMD_FORMAT_SUPPORT_CPU_LOCKABLE                0x20000u
#define AEROCMD_FORMAT_SUPPORT_MULTISAMPLE_RESOLVE         0x40000u
#define AEROCMD_FORMAT_SUPPORT_DISPLAY                     0x80000u
#define AEROCMD_FORMAT_SUPPORT_CAST_WITHIN_BIT_LAYOUT      0x100000u
#define AEROCMD_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET    0x200000u
#define AEROCMD_FORMAT_SUPPORT_MULTISAMPLE_LOAD            0x400000u
#define AEROCMD_FORMAT_SUPPORT_SHADER_GATHER               0x800000u
#define AEROCMD_FORMAT_SUPPORT_BACK_BUFFER_CAST            0x1000000u
#define AEROCMD_FORMAT_SUPPORT_TYPED_UNORDERED_ACCESS_VIEW 0x2000000u
#define AEROCMD_FORMAT_SUPPORT_SHADER_GATHER_COMPARISON    0x4000000u

/* ---- aerogpu_format facts ------------------------------------------------------------ */

/* What the host can do with a texture of this format, end to end. */
enum aerocmd_format_cap {
    AEROCMD_FORMAT_CAP_RENDER_TARGET = 1u << 0,
    AEROCMD_FORMAT_CAP_DEPTH_TARGET = 1u << 1,
    AEROCMD_FORMAT_CAP_SHADER_RESOURCE = 1u << 2, /* depth formats: read through a depth view */
    AEROCMD_FORMAT_CAP_COPY_WRITEBACK = 1u << 3,  /* COPY_* with WRITEBACK_DST into it */
    AEROCMD_FORMAT_CAP_BLENDABLE = 1u << 4,
    AEROCMD_FORMAT_CAP_DISPLAY = 1u << 5 /* a swap-chain / scanout format */
};

struct aerocmd_format_info {
    uint32_t format;      /* the aerogpu_format this row describes */
    uint32_t block_bytes; /* bytes per pixel, or per 4x4 block for BC formats */
    uint8_t block_width;  /* 1, or 4 for BC formats */
    uint8_t block_height; /* 1, or 4 for BC formats */
    uint8_t depth_bits;   /* 0 for colour formats */
    uint8_t stencil_bits;
    uint8_t is_srgb;
    uint8_t min_abi_minor; /* the device ABI minor from which the stream may carry it */
    uint16_t caps;         /* enum aerocmd_format_cap bits */
    uint32_t unorm_twin;   /* the UNORM format with the same bytes; itself when not sRGB */
};

/* The row of an aerogpu_format; NULL for INVALID and for values the ABI does not define. */
const struct aerocmd_format_info *aerocmd_format_info(uint32_t aerogpu_format);

/* 1 when a texture view of `view_format` may read a texture of `texture_format`: the two
 * have the same bytes, i.e. share one UNORM twin (a format and its sRGB variant; Direct3D's
 * cast families, in which X8 and A8 formats are apart). 0 for anything else, including
 * values that are no aerogpu_format. */
int aerocmd_format_view_compatible(uint32_t texture_format, uint32_t view_format);

/* The format an encoder may put in the stream for a device of `abi_version`: the format
 * itself when the minor allows it, the UNORM twin for sRGB below 1.2.
 * AEROCMD_E_NOT_IMPLEMENTED: a BC format below 1.2. AEROCMD_E_INVALID_ARG: not a format. */
aerocmd_result aerocmd_format_for_abi(uint32_t aerogpu_format, uint32_t abi_version,
                                      uint32_t *out_format);

/* ---- DXGI_FORMAT facts --------------------------------------------------------------- */

enum aerocmd_dxgi_class {
    AEROCMD_DXGI_CLASS_COLOR = 1,       /* a typed colour (or video) format */
    AEROCMD_DXGI_CLASS_TYPELESS = 2,    /* resource-only root of a cast family */
    AEROCMD_DXGI_CLASS_DEPTH = 3,       /* a depth-stencil view / resource format */
    AEROCMD_DXGI_CLASS_DEPTH_READ = 4,  /* reads the depth bits through an SRV */
    AEROCMD_DXGI_CLASS_STENCIL_READ = 5 /* reads the stencil bits through an SRV */
};

#define AEROCMD_DXGI_FLAG_VERTEX 1u /* valid in an input layout */
#define AEROCMD_DXGI_FLAG_INDEX  2u /* valid as an index-buffer format */
#define AEROCMD_DXGI_FLAG_BLOCK  4u /* block-compressed (BC1..BC7, any type) */

struct aerocmd_dxgi_info {
    uint8_t texture_format; /* aerogpu_format a resource of this format is stored as; 0 none */
    uint8_t dxgi_class;     /* enum aerocmd_dxgi_class */
    uint8_t family;         /* cast family (0 = none): views of a typeless resource must share it */
    uint8_t flags;          /* AEROCMD_DXGI_FLAG_* */
    uint8_t vertex_bytes;   /* size of one input-layout element; 0 unless FLAG_VERTEX */
};

/* The row of a DXGI_FORMAT; NULL for UNKNOWN (0), unassigned numbers and values >= 133. */
const struct aerocmd_dxgi_info *aerocmd_dxgi_info(uint32_t dxgi_format);

/* The aerogpu_format a Texture2D created with `dxgi_format` is encoded as on a device of
 * `abi_version` (sRGB falls back to UNORM below 1.2). AEROCMD_E_NOT_IMPLEMENTED: a real
 * format the protocol cannot store (or BC below 1.2). AEROCMD_E_INVALID_ARG: UNKNOWN or not
 * a DXGI_FORMAT. */
aerocmd_result aerocmd_dxgi_texture_format(uint32_t dxgi_format, uint32_t abi_version,
                                           uint32_t *out_format);

enum aerocmd_view_kind {
    AEROCMD_VIEW_SHADER_RESOURCE = 0,
    AEROCMD_VIEW_RENDER_TARGET = 1,
    AEROCMD_VIEW_DEPTH_STENCIL = 2
};

/* The aerogpu_format of a view with format `view_dxgi` of a resource created with
 * `resource_dxgi` (view UNKNOWN = the resource's format, legal only for a typed resource).
 * Direct3D's rules come first and fail with AEROCMD_E_INVALID_ARG: a typed resource takes
 * only its own format, a typeless one any typed member of its family; RTVs need a colour
 * format that is not block-compressed, DSVs a depth format, SRVs a colour, depth-read or
 * stencil-read format. A legal pair the protocol cannot express (R8G8B8A8_UINT, D16_UNORM,
 * stencil reads, R32_FLOAT as a render target, BC below 1.2, ...) fails with
 * AEROCMD_E_NOT_IMPLEMENTED. sRGB views fall back to UNORM below 1.2. */
aerocmd_result aerocmd_dxgi_view_format(uint32_t resource_dxgi, uint32_t view_dxgi,
                                        enum aerocmd_view_kind kind, uint32_t abi_version,
                                        uint32_t *out_format);

/* Input-layout element: AEROCMD_OK and its size in bytes for a vertex format;
 * AEROCMD_E_NOT_IMPLEMENTED for other formats; AEROCMD_E_INVALID_ARG for UNKNOWN or a number
 * that is not a DXGI_FORMAT. */
aerocmd_result aerocmd_dxgi_vertex_format(uint32_t dxgi_format, uint32_t *out_bytes);

/* IASetIndexBuffer format -> aerogpu_index_format. Direct3D allows only R16_UINT and
 * R32_UINT; anything else is AEROCMD_E_INVALID_ARG. */
aerocmd_result aerocmd_dxgi_index_format(uint32_t dxgi_format, uint32_t *out_index_format);

/* CheckFormatSupport: the AEROCMD_FORMAT_SUPPORT_* bits that work end to end for
 * `dxgi_format` on a device of `abi_version`; 0 for formats that cannot be used at all. */
uint32_t aerocmd_dxgi_format_support(uint32_t dxgi_format, uint32_t abi_version);

AEROCMD_EXPORT_END

#ifdef __cplusplus
}
#endif

#endif /* AEROCMD_FORMAT_H */
