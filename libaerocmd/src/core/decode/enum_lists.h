/* SPDX-License-Identifier: MIT */
/* enum_lists.h — the values of every enum a packet field is checked against, as X-macro
 * lists. enum_tables.c turns each list into its name/value table (for dumps and tools);
 * the fast path turns the same list into compile-time membership bits. One list feeds
 * both, so the two cannot disagree about which values are members.
 *
 * A field names its enum by a tag (FORMAT, TOPOLOGY, ...): AEROCMD_VALUES_<tag>(X) calls
 * X(constant) for every member in ascending order, AEROCMD_ENUM_INFO_<tag> is its table.
 * NOENUM is the tag of a field that has no enum. */
#ifndef AEROCMD_DECODE_ENUM_LISTS_H
#define AEROCMD_DECODE_ENUM_LISTS_H

#include "decode_internal.h"

#define AEROCMD_ENUM_INFO_NOENUM NULL

#define AEROCMD_ENUM_INFO_FORMAT (&aerocmd_enum_format)
#define AEROCMD_VALUES_FORMAT(X)                                                                   \
    X(AEROGPU_FORMAT_INVALID)                                                                      \
    X(AEROGPU_FORMAT_B8G8R8A8_UNORM)                                                               \
    X(AEROGPU_FORMAT_B8G8R8X8_UNORM)                                                               \
    X(AEROGPU_FORMAT_R8G8B8A8_UNORM)                                                               \
    X(AEROGPU_FORMAT_R8G8B8X8_UNORM)                                                               \
    X(AEROGPU_FORMAT_B5G6R5_UNORM)                                                                 \
    X(AEROGPU_FORMAT_B5G5R5A1_UNORM)                                                               \
    X(AEROGPU_FORMAT_B8G8R8A8_UNORM_SRGB)                                                          \
    X(AEROGPU_FORMAT_B8G8R8X8_UNORM_SRGB)                                                          \
    X(AEROGPU_FORMAT_R8G8B8A8_UNORM_SRGB)                                                          \
    X(AEROGPU_FORMAT_R8G8B8X8_UNORM_SRGB)                                                          \
    X(AEROGPU_FORMAT_D24_UNORM_S8_UINT)                                                            \
    X(AEROGPU_FORMAT_D32_FLOAT)                                                                    \
    X(AEROGPU_FORMAT_BC1_RGBA_UNORM)                                                               \
    X(AEROGPU_FORMAT_BC1_RGBA_UNORM_SRGB)                                                          \
    X(AEROGPU_FORMAT_BC2_RGBA_UNORM)                                                               \
    X(AEROGPU_FORMAT_BC2_RGBA_UNORM_SRGB)                                                          \
    X(AEROGPU_FORMAT_BC3_RGBA_UNORM)                                                               \
    X(AEROGPU_FORMAT_BC3_RGBA_UNORM_SRGB)                                                          \
    X(AEROGPU_FORMAT_BC7_RGBA_UNORM)                                                               \
    X(AEROGPU_FORMAT_BC7_RGBA_UNORM_SRGB)

#define AEROCMD_ENUM_INFO_SHADER_STAGE (&aerocmd_enum_shader_stage)
#define AEROCMD_VALUES_SHADER_STAGE(X)                                                             \
    X(AEROGPU_SHADER_STAGE_VERTEX)                                                                 \
    X(AEROGPU_SHADER_STAGE_PIXEL)                                                                  \
    X(AEROGPU_SHADER_STAGE_COMPUTE)                                                                \
    X(AEROGPU_SHADER_STAGE_GEOMETRY)

#define AEROCMD_ENUM_INFO_SHADER_STAGE_EX (&aerocmd_priv_enum_shader_stage_ex)
#define AEROCMD_VALUES_SHADER_STAGE_EX(X)                                                          \
    X(AEROGPU_SHADER_STAGE_EX_NONE)                                                                \
    X(AEROGPU_SHADER_STAGE_EX_GEOMETRY)                                                            \
    X(AEROGPU_SHADER_STAGE_EX_HULL)                                                                \
    X(AEROGPU_SHADER_STAGE_EX_DOMAIN)                                                              \
    X(AEROGPU_SHADER_STAGE_EX_COMPUTE)

#define AEROCMD_ENUM_INFO_INDEX_FORMAT (&aerocmd_priv_enum_index_format)
#define AEROCMD_VALUES_INDEX_FORMAT(X)                                                             \
    X(AEROGPU_INDEX_FORMAT_UINT16)                                                                 \
    X(AEROGPU_INDEX_FORMAT_UINT32)

#define AEROCMD_ENUM_INFO_SAMPLER_FILTER (&aerocmd_priv_enum_sampler_filter)
#define AEROCMD_VALUES_SAMPLER_FILTER(X)                                                           \
    X(AEROGPU_SAMPLER_FILTER_NEAREST)                                                              \
    X(AEROGPU_SAMPLER_FILTER_LINEAR)

#define AEROCMD_ENUM_INFO_SAMPLER_ADDRESS_MODE (&aerocmd_priv_enum_sampler_address_mode)
#define AEROCMD_VALUES_SAMPLER_ADDRESS_MODE(X)                                                     \
    X(AEROGPU_SAMPLER_ADDRESS_CLAMP_TO_EDGE)                                                       \
    X(AEROGPU_SAMPLER_ADDRESS_REPEAT)                                                              \
    X(AEROGPU_SAMPLER_ADDRESS_MIRROR_REPEAT)

#define AEROCMD_ENUM_INFO_TOPOLOGY (&aerocmd_enum_topology)
#define AEROCMD_VALUES_TOPOLOGY(X)                                                                 \
    X(AEROGPU_TOPOLOGY_POINTLIST)                                                                  \
    X(AEROGPU_TOPOLOGY_LINELIST)                                                                   \
    X(AEROGPU_TOPOLOGY_LINESTRIP)                                                                  \
    X(AEROGPU_TOPOLOGY_TRIANGLELIST)                                                               \
    X(AEROGPU_TOPOLOGY_TRIANGLESTRIP)                                                              \
    X(AEROGPU_TOPOLOGY_TRIANGLEFAN)                                                                \
    X(AEROGPU_TOPOLOGY_LINELIST_ADJ)                                                               \
    X(AEROGPU_TOPOLOGY_LINESTRIP_ADJ)                                                              \
    X(AEROGPU_TOPOLOGY_TRIANGLELIST_ADJ)                                                           \
    X(AEROGPU_TOPOLOGY_TRIANGLESTRIP_ADJ)                                                          \
    X(AEROGPU_TOPOLOGY_PATCHLIST_1)                                                                \
    X(AEROGPU_TOPOLOGY_PATCHLIST_2)                                                                \
    X(AEROGPU_TOPOLOGY_PATCHLIST_3)                                                                \
    X(AEROGPU_TOPOLOGY_PATCHLIST_4)                                                                \
    X(AEROGPU_TOPOLOGY_PATCHLIST_5)                                                                \
    X(AEROGPU_TOPOLOGY_PATCHLIST_6)                                                                \
    X(AEROGPU_TOPOLOGY_PATCHLIST_7)                                                                \
    X(AEROGPU_TOPOLOGY_PATCHLIST_8)                                                                \
    X(AEROGPU_TOPOLOGY_PATCHLIST_9)                                                                \
    X(AEROGPU_TOPOLOGY_PATCHLIST_10)                                                               \
    X(AEROGPU_TOPOLOGY_PATCHLIST_11)                                                               \
    X(AEROGPU_TOPOLOGY_PATCHLIST_12)                                                               \
    X(AEROGPU_TOPOLOGY_PATCHLIST_13)                                                               \
    X(AEROGPU_TOPOLOGY_PATCHLIST_14)                                                               \
    X(AEROGPU_TOPOLOGY_PATCHLIST_15)                                                               \
    X(AEROGPU_TOPOLOGY_PATCHLIST_16)                                                               \
    X(AEROGPU_TOPOLOGY_PATCHLIST_17)                                                               \
    X(AEROGPU_TOPOLOGY_PATCHLIST_18)                                                               \
    X(AEROGPU_TOPOLOGY_PATCHLIST_19)                                                               \
    X(AEROGPU_TOPOLOGY_PATCHLIST_20)                                                               \
    X(AEROGPU_TOPOLOGY_PATCHLIST_21)                                                               \
    X(AEROGPU_TOPOLOGY_PATCHLIST_22)                                                               \
    X(AEROGPU_TOPOLOGY_PATCHLIST_23)                                                               \
    X(AEROGPU_TOPOLOGY_PATCHLIST_24)                                                               \
    X(AEROGPU_TOPOLOGY_PATCHLIST_25)                                                               \
    X(AEROGPU_TOPOLOGY_PATCHLIST_26)                                                               \
    X(AEROGPU_TOPOLOGY_PATCHLIST_27)                                                               \
    X(AEROGPU_TOPOLOGY_PATCHLIST_28)                                                               \
    X(AEROGPU_TOPOLOGY_PATCHLIST_29)                                                               \
    X(AEROGPU_TOPOLOGY_PATCHLIST_30)                                                               \
    X(AEROGPU_TOPOLOGY_PATCHLIST_31)                                                               \
    X(AEROGPU_TOPOLOGY_PATCHLIST_32)

#define AEROCMD_ENUM_INFO_RESOURCE_USAGE_FLAGS (&aerocmd_priv_enum_resource_usage_flags)
#define AEROCMD_VALUES_RESOURCE_USAGE_FLAGS(X)                                                     \
    X(AEROGPU_RESOURCE_USAGE_NONE)                                                                 \
    X(AEROGPU_RESOURCE_USAGE_VERTEX_BUFFER)                                                        \
    X(AEROGPU_RESOURCE_USAGE_INDEX_BUFFER)                                                         \
    X(AEROGPU_RESOURCE_USAGE_CONSTANT_BUFFER)                                                      \
    X(AEROGPU_RESOURCE_USAGE_TEXTURE)                                                              \
    X(AEROGPU_RESOURCE_USAGE_RENDER_TARGET)                                                        \
    X(AEROGPU_RESOURCE_USAGE_DEPTH_STENCIL)                                                        \
    X(AEROGPU_RESOURCE_USAGE_SCANOUT)                                                              \
    X(AEROGPU_RESOURCE_USAGE_STORAGE)

#define AEROCMD_ENUM_INFO_COPY_FLAGS (&aerocmd_priv_enum_copy_flags)
#define AEROCMD_VALUES_COPY_FLAGS(X)                                                               \
    X(AEROGPU_COPY_FLAG_NONE)                                                                      \
    X(AEROGPU_COPY_FLAG_WRITEBACK_DST)

#define AEROCMD_ENUM_INFO_BLEND_FACTOR (&aerocmd_priv_enum_blend_factor)
#define AEROCMD_VALUES_BLEND_FACTOR(X)                                                             \
    X(AEROGPU_BLEND_ZERO)                                                                          \
    X(AEROGPU_BLEND_ONE)                                                                           \
    X(AEROGPU_BLEND_SRC_ALPHA)                                                                     \
    X(AEROGPU_BLEND_INV_SRC_ALPHA)                                                                 \
    X(AEROGPU_BLEND_DEST_ALPHA)                                                                    \
    X(AEROGPU_BLEND_INV_DEST_ALPHA)                                                                \
    X(AEROGPU_BLEND_CONSTANT)                                                                      \
    X(AEROGPU_BLEND_INV_CONSTANT)

#define AEROCMD_ENUM_INFO_BLEND_OP (&aerocmd_priv_enum_blend_op)
#define AEROCMD_VALUES_BLEND_OP(X)                                                                 \
    X(AEROGPU_BLEND_OP_ADD)                                                                        \
    X(AEROGPU_BLEND_OP_SUBTRACT)                                                                   \
    X(AEROGPU_BLEND_OP_REV_SUBTRACT)                                                               \
    X(AEROGPU_BLEND_OP_MIN)                                                                        \
    X(AEROGPU_BLEND_OP_MAX)

#define AEROCMD_ENUM_INFO_COMPARE_FUNC (&aerocmd_priv_enum_compare_func)
#define AEROCMD_VALUES_COMPARE_FUNC(X)                                                             \
    X(AEROGPU_COMPARE_NEVER)                                                                       \
    X(AEROGPU_COMPARE_LESS)                                                                        \
    X(AEROGPU_COMPARE_EQUAL)                                                                       \
    X(AEROGPU_COMPARE_LESS_EQUAL)                                                                  \
    X(AEROGPU_COMPARE_GREATER)                                                                     \
    X(AEROGPU_COMPARE_NOT_EQUAL)                                                                   \
    X(AEROGPU_COMPARE_GREATER_EQUAL)                                                               \
    X(AEROGPU_COMPARE_ALWAYS)

#define AEROCMD_ENUM_INFO_FILL_MODE (&aerocmd_priv_enum_fill_mode)
#define AEROCMD_VALUES_FILL_MODE(X)                                                                \
    X(AEROGPU_FILL_SOLID)                                                                          \
    X(AEROGPU_FILL_WIREFRAME)

#define AEROCMD_ENUM_INFO_CULL_MODE (&aerocmd_priv_enum_cull_mode)
#define AEROCMD_VALUES_CULL_MODE(X)                                                                \
    X(AEROGPU_CULL_NONE)                                                                           \
    X(AEROGPU_CULL_FRONT)                                                                          \
    X(AEROGPU_CULL_BACK)

#define AEROCMD_ENUM_INFO_RASTERIZER_FLAGS (&aerocmd_priv_enum_rasterizer_flags)
#define AEROCMD_VALUES_RASTERIZER_FLAGS(X)                                                         \
    X(AEROGPU_RASTERIZER_FLAG_NONE)                                                                \
    X(AEROGPU_RASTERIZER_FLAG_DEPTH_CLIP_DISABLE)

#define AEROCMD_ENUM_INFO_CLEAR_FLAGS (&aerocmd_priv_enum_clear_flags)
#define AEROCMD_VALUES_CLEAR_FLAGS(X)                                                              \
    X(AEROGPU_CLEAR_COLOR)                                                                         \
    X(AEROGPU_CLEAR_DEPTH)                                                                         \
    X(AEROGPU_CLEAR_STENCIL)

#define AEROCMD_ENUM_INFO_PRESENT_FLAGS (&aerocmd_priv_enum_present_flags)
#define AEROCMD_VALUES_PRESENT_FLAGS(X)                                                            \
    X(AEROGPU_PRESENT_FLAG_NONE)                                                                   \
    X(AEROGPU_PRESENT_FLAG_VSYNC)

/* Membership as two 64-bit words, for values 0..63 and 64..127. A member of 128 or more
 * has no bit, so a set built this way can only under-report: the fast path then asks the
 * generic check, which knows. ORing the values gives a flag set's allowed bits. */
#define AEROCMD_ENUM_BIT_LO_(c) | ((c) < 64u ? (uint64_t)1 << ((c) % 64u) : 0u)
#define AEROCMD_ENUM_BIT_HI_(c) | ((c) >= 64u && (c) < 128u ? (uint64_t)1 << ((c) % 64u) : 0u)
#define AEROCMD_ENUM_OR_(c)     | (uint64_t)(c)
#define AEROCMD_ENUM_ONE_(c)    +1u

#define AEROCMD_ENUM_MEMBERS_LO(tag) ((uint64_t)0 AEROCMD_VALUES_##tag(AEROCMD_ENUM_BIT_LO_))
#define AEROCMD_ENUM_MEMBERS_HI(tag) ((uint64_t)0 AEROCMD_VALUES_##tag(AEROCMD_ENUM_BIT_HI_))
/* The first listed value (the lists ascend, so the smallest). */
#define AEROCMD_ENUM_COMMA_(c)         (c),
#define AEROCMD_ENUM_HEAD_(first, ...) first
#define AEROCMD_ENUM_HEAD_OF_(...)     AEROCMD_ENUM_HEAD_(__VA_ARGS__)
#define AEROCMD_ENUM_FIRST(tag)        AEROCMD_ENUM_HEAD_OF_(AEROCMD_VALUES_##tag(AEROCMD_ENUM_COMMA_))
#define AEROCMD_ENUM_COUNT(tag)        (0u AEROCMD_VALUES_##tag(AEROCMD_ENUM_ONE_))
#define AEROCMD_ENUM_FLAG_BITS(tag)    ((uint64_t)0 AEROCMD_VALUES_##tag(AEROCMD_ENUM_OR_))

#endif /* AEROCMD_DECODE_ENUM_LISTS_H */
