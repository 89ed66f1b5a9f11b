/* SPDX-License-Identifier: MIT */
/* result_names.c — names and descriptions of results and reasons for tools, logs and
 * tests. The names are stable identifiers (the enum constant, lower-cased, without its
 * prefix); scripts match them, so they never change once published. */
#include "aerocmd/result.h"

#define UNKNOWN_NAME "unknown"

static const char *const result_names[] = {
    [AEROCMD_OK] = "ok",
    [AEROCMD_E_INVALID_ARG] = "invalid_arg",
    [AEROCMD_E_NOT_IMPLEMENTED] = "not_implemented",
    [AEROCMD_E_OUT_OF_MEMORY] = "out_of_memory",
    [AEROCMD_E_BUFFER_FULL] = "buffer_full",
    [AEROCMD_E_STILL_DRAWING] = "still_drawing",
    [AEROCMD_E_DEVICE_REMOVED] = "device_removed",
    [AEROCMD_E_MALFORMED] = "malformed",
};

struct reason_entry {
    const char *name;
    const char *text;
};

static const struct reason_entry reasons[AEROCMD_R_COUNT_] = {
    [AEROCMD_R_NONE] = {"none", "No fault was found."},

    [AEROCMD_R_SHORT_BUFFER] = {"short_buffer",
                                "The buffer is shorter than a command stream header."},
    [AEROCMD_R_BAD_MAGIC] = {"bad_magic", "The stream header's magic is not \"ACMD\"."},
    [AEROCMD_R_ABI_MAJOR] = {"abi_major",
                             "The stream's ABI major version differs from the one supported."},
    [AEROCMD_R_STREAM_SIZE_UNALIGNED] = {"stream_size_unaligned",
                                         "The stream's size_bytes is not a multiple of 4."},
    [AEROCMD_R_STREAM_SIZE_TOO_SMALL] = {"stream_size_too_small",
                                         "The stream's size_bytes is smaller than its header."},
    [AEROCMD_R_STREAM_SIZE_PAST_BUFFER] = {"stream_size_past_buffer",
                                           "The stream's size_bytes is larger than the buffer "
                                           "that holds it."},

    [AEROCMD_R_PACKET_HEADER_TRUNCATED] = {"packet_header_truncated",
                                           "Fewer than 8 bytes are left in the stream for the "
                                           "next packet header."},
    [AEROCMD_R_PACKET_SIZE_TOO_SMALL] = {"packet_size_too_small",
                                         "A packet's size_bytes is smaller than its 8-byte "
                                         "header."},
    [AEROCMD_R_PACKET_SIZE_UNALIGNED] = {"packet_size_unaligned",
                                         "A packet's size_bytes is not a multiple of 4."},
    [AEROCMD_R_PACKET_PAST_END] = {"packet_past_end", "A packet runs past the end of the stream."},
    [AEROCMD_R_PACKET_TOO_SHORT] = {"packet_too_short",
                                    "A packet is smaller than its opcode's fixed struct."},

    [AEROCMD_R_PAYLOAD_LENGTH] = {"payload_length",
                                  "A packet's payload is shorter than its count or size field "
                                  "says."},
    [AEROCMD_R_COUNT_OVERFLOW] = {"count_overflow",
                                  "A count times its element size does not fit in 32 bits."},
    [AEROCMD_R_ENUM_RANGE] = {"enum_range",
                              "An enum or flag field holds a value the ABI does not define."},
    [AEROCMD_R_RESERVED_NONZERO] = {"reserved_nonzero",
                                    "A reserved field is not zero where the rules require "
                                    "zero."},
    [AEROCMD_R_STAGE_EX_INVALID] = {"stage_ex_invalid",
                                    "A stage_ex value is not one the ABI allows."},
    [AEROCMD_R_FIELD_INVALID] = {"field_invalid", "A field breaks a rule of its packet."},

    [AEROCMD_R_HANDLE_ZERO] = {"handle_zero", "An object is created with handle 0."},
    [AEROCMD_R_HANDLE_UNKNOWN] = {"handle_unknown",
                                  "A handle is used before it was created or after it was "
                                  "destroyed."},
    [AEROCMD_R_HANDLE_EXISTS] = {"handle_exists", "An object is created with a handle that "
                                                  "is already in use."},
    [AEROCMD_R_HANDLE_KIND] = {"handle_kind",
                               "A handle names the wrong kind of object for its slot."},
    [AEROCMD_R_ALLOC_MISSING] = {"alloc_missing",
                                 "A backing alloc_id is not in the submission's allocation "
                                 "table."},
    [AEROCMD_R_WRITEBACK_READONLY] = {"writeback_readonly",
                                      "A WRITEBACK_DST copy targets a read-only allocation."},
    [AEROCMD_R_WRITEBACK_UNBACKED] = {"writeback_unbacked",
                                      "A WRITEBACK_DST copy targets a resource without guest "
                                      "backing."},
    [AEROCMD_R_COPY_OUT_OF_BOUNDS] = {"copy_out_of_bounds",
                                      "A copy reads or writes outside its resources."},
    [AEROCMD_R_VIEW_OUT_OF_RANGE] = {"view_out_of_range",
                                     "A texture view's mip or layer range lies outside its "
                                     "texture."},
    [AEROCMD_R_TRACKER_FULL] = {"tracker_full",
                                "The caller's memory for semantic tracking is exhausted."},
    [AEROCMD_R_BACKING_OUT_OF_RANGE] = {"backing_out_of_range",
                                        "A resource does not fit inside its backing "
                                        "allocation."},

    [AEROCMD_R_ALLOC_TABLE_SHORT] = {"alloc_table_short",
                                     "The allocation table is shorter than its header."},
    [AEROCMD_R_ALLOC_TABLE_MAGIC] = {"alloc_table_magic",
                                     "The allocation table's magic is not \"ALOC\"."},
    [AEROCMD_R_ALLOC_TABLE_ABI] = {"alloc_table_abi",
                                   "The allocation table's ABI version is not supported."},
    [AEROCMD_R_ALLOC_TABLE_SIZE] = {"alloc_table_size",
                                    "The allocation table's size_bytes disagrees with its entry "
                                    "count and stride."},
    [AEROCMD_R_ALLOC_TABLE_STRIDE] = {"alloc_table_stride",
                                      "The allocation table's entry stride is below 32 bytes "
                                      "or unaligned."},
    [AEROCMD_R_ALLOC_ENTRY_ID_ZERO] = {"alloc_entry_id_zero",
                                       "An allocation table entry has alloc_id 0."},
    [AEROCMD_R_ALLOC_ENTRY_SIZE_ZERO] = {"alloc_entry_size_zero",
                                         "An allocation table entry has size 0."},
    [AEROCMD_R_ALLOC_ENTRY_OVERFLOW] = {"alloc_entry_overflow",
                                        "An allocation table entry's address plus size "
                                        "wraps around."},
    [AEROCMD_R_ALLOC_ENTRY_DUPLICATE] = {"alloc_entry_duplicate",
                                         "Two allocation table entries share one alloc_id."},
    [AEROCMD_R_ALLOC_ENTRY_FLAGS] = {"alloc_entry_flags",
                                     "An allocation table entry has undefined flag bits."},

    [AEROCMD_R_SUBMIT_DESC_SIZE] = {"submit_desc_size",
                                    "The submit descriptor is smaller than 64 bytes."},
    [AEROCMD_R_SUBMIT_CMD_PAIR] = {"submit_cmd_pair",
                                   "The command buffer address and size are not both zero or "
                                   "both set."},
    [AEROCMD_R_SUBMIT_CMD_OVERFLOW] = {"submit_cmd_overflow",
                                       "The command buffer address plus size wraps around."},
    [AEROCMD_R_SUBMIT_ALLOC_PAIR] = {"submit_alloc_pair",
                                     "The allocation table address and size are not both zero "
                                     "or both set."},
    [AEROCMD_R_SUBMIT_ALLOC_OVERFLOW] = {"submit_alloc_overflow",
                                         "The allocation table address plus size wraps "
                                         "around."},
    [AEROCMD_R_SUBMIT_FLAGS] = {"submit_flags", "The submit descriptor has undefined flag bits."},
    [AEROCMD_R_SUBMIT_ENGINE] = {"submit_engine",
                                 "The submit descriptor names an engine that does not exist."},

    [AEROCMD_R_TRACE_SHORT] = {"trace_short",
                               "The trace file is shorter than its header and footer."},
    [AEROCMD_R_TRACE_MAGIC] = {"trace_magic", "The trace header or footer magic is wrong."},
    [AEROCMD_R_TRACE_VERSION] = {"trace_version",
                                 "The trace container version is unknown, or its header and "
                                 "footer disagree."},
    [AEROCMD_R_TRACE_HEADER] = {"trace_header",
                                "The trace header's size, flags, reserved words or metadata "
                                "length are wrong."},
    [AEROCMD_R_TRACE_TOC] = {"trace_toc",
                             "The trace's table of contents is out of bounds or malformed."},
    [AEROCMD_R_TRACE_RECORD] = {"trace_record",
                                "A trace record header is malformed or runs past its region."},
    [AEROCMD_R_TRACE_BLOB] = {"trace_blob", "A trace blob is malformed or has an unknown blob id."},
    [AEROCMD_R_TRACE_SUBMISSION] = {"trace_submission", "A trace submission record is "
                                                        "malformed."},
    [AEROCMD_R_D3D11_LIMIT] = {"d3d11_limit", "A slot, register range, texture size or count "
                                              "lies beyond Direct3D 11's limits."},
    [AEROCMD_R_TARGET_SIZE_MISMATCH] = {"target_size_mismatch",
                                        "Render targets or the depth target bound together "
                                        "differ in width, height or array size."},
    [AEROCMD_R_PRESENT_NO_TARGET] = {"present_no_target",
                                     "A PRESENT follows a SET_RENDER_TARGETS of the same stream "
                                     "that left no colour target bound: nothing to show."},
    [AEROCMD_R_DXBC_CONTAINER] = {"dxbc_container",
                                  "The shader bytecode is not a sound DXBC container holding "
                                  "one SM4/SM5 program."},
    [AEROCMD_R_DXBC_CHECKSUM] = {"dxbc_checksum",
                                 "The DXBC container's checksum does not match its contents."},
    [AEROCMD_R_SHADER_STAGE] = {"shader_stage",
                                "The shader program's type is not the stage its packet names."},
    [AEROCMD_R_VIEW_FORMAT] = {"view_format", "A texture view's format is not of its texture's "
                                              "format family (it would read other bytes)."},
    [AEROCMD_R_TARGET_FORMAT] = {"target_format",
                                 "A render target's format cannot be rendered to, or a depth "
                                 "target's format is not a depth format."},
    [AEROCMD_R_NO_VERTEX_SHADER] = {"no_vertex_shader",
                                    "A draw with no vertex shader bound (Direct3D always needs "
                                    "one)."},
    [AEROCMD_R_SHARE_TOKEN_UNKNOWN] = {"share_token_unknown",
                                       "IMPORT_SHARED_SURFACE names a share token no stream has "
                                       "exported, or one already released."},
    [AEROCMD_R_COPY_SAME_SUBRESOURCE] = {"copy_same_subresource",
                                         "A copy's source and destination are one subresource "
                                         "(Direct3D copies between different ones)."},
    [AEROCMD_R_COPY_UNALIGNED] = {"copy_unaligned",
                                  "A copy of a block-compressed texture is not in whole 4x4 "
                                  "blocks."},
};

const char *aerocmd_result_name(aerocmd_result result)
{
    unsigned index = (unsigned)result;
    if (index >= sizeof(result_names) / sizeof(result_names[0]) || result_names[index] == 0)
        return UNKNOWN_NAME;
    return result_names[index];
}

const char *aerocmd_reason_name(aerocmd_reason reason)
{
    unsigned index = (unsigned)reason;
    if (index >= (unsigned)AEROCMD_R_COUNT_ || reasons[index].name == 0)
        return UNKNOWN_NAME;
    return reasons[index].name;
}

const char *aerocmd_reason_text(aerocmd_reason reason)
{
    unsigned index = (unsigned)reason;
    if (index >= (unsigned)AEROCMD_R_COUNT_ || reasons[index].text == 0)
        return UNKNOWN_NAME;
    return reasons[index].text;
}
