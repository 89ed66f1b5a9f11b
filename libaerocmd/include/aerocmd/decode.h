/* SPDX-License-Identifier: MIT */
/* decode.h — reading an AeroGPU command stream (kernel-safe core).
 *
 * A stream is opened (header checked), walked packet by packet with a cursor (framing
 * checked), and each packet can be checked structurally and viewed through its typed,
 * bounds-checked protocol struct. Nothing here allocates or copies; every pointer
 * returned points into the caller's buffer and is valid as long as that buffer is. */
#ifndef AEROCMD_DECODE_H
#define AEROCMD_DECODE_H

#include <stddef.h>
#include <stdint.h>

#include "aerocmd/result.h"
#include "aerogpu_cmd.h"

#include "aerocmd/export.h"

#ifdef __cplusplus
extern "C" {
#endif

AEROCMD_EXPORT_BEGIN

struct aerocmd_stream {
    const uint8_t *bytes; /* the stream header */
    uint32_t size_bytes;  /* header size_bytes, already checked against the buffer */
    uint32_t abi_version; /* header abi_version (major already checked) */
};

struct aerocmd_packet {
    const uint8_t *bytes; /* the packet's aerogpu_cmd_hdr */
    uint32_t offset;      /* from the start of the stream */
    uint32_t opcode;
    uint32_t size_bytes; /* header size_bytes, already checked to lie inside the stream */
};

struct aerocmd_cursor {
    const struct aerocmd_stream *stream;
    uint32_t offset; /* of the next packet */
};

/* Checks the stream header: length, magic, ABI major, size_bytes (aligned, at least the
 * header, within buf_len), flags and reserved words zero. */
aerocmd_result aerocmd_stream_open(struct aerocmd_stream *stream, const void *buf, size_t buf_len,
                                   struct aerocmd_diag *diag);

/* Exported, and inline for C unless AEROCMD_NO_INLINE (the pairing writer.h describes). */
uint32_t aerocmd_stream_abi_minor(const struct aerocmd_stream *stream);
static inline uint32_t aerocmd_stream_abi_minor_inline(const struct aerocmd_stream *stream)
{
    return stream->abi_version & 0xFFFFu;
}
#ifndef AEROCMD_NO_INLINE
#define aerocmd_stream_abi_minor aerocmd_stream_abi_minor_inline
#endif

/* Exported, and inline for C unless AEROCMD_NO_INLINE. */
void aerocmd_cursor_init(struct aerocmd_cursor *cursor, const struct aerocmd_stream *stream);
static inline void aerocmd_cursor_init_inline(struct aerocmd_cursor *cursor,
                                              const struct aerocmd_stream *stream)
{
    cursor->stream = stream;
    cursor->offset = (uint32_t)sizeof(struct aerogpu_cmd_stream_header);
}

/* 1: *packet holds the next packet (framing checked: size >= 8, 4-aligned, inside the
 * stream). 0: end of stream. -1: malformed framing, *diag says why; the cursor stays.
 * On 0 and -1 *packet holds no packet (bytes NULL, size 0).
 * Exported, and inline for C unless AEROCMD_NO_INLINE: a sound packet is taken inline,
 * anything else by the exported function. */
int aerocmd_cursor_next(struct aerocmd_cursor *cursor, struct aerocmd_packet *packet,
                        struct aerocmd_diag *diag);

/* Where a walk ends at `offset` (a packet boundary whose framing the inline cursor did not
 * accept): 0 the end of the stream, -1 malformed framing (*diag says why). Exported for
 * aerocmd_cursor_next_inline, which hands it nothing by address but the stream, so that a
 * caller's cursor and packet can live in registers. */
int aerocmd_cursor_stop(const struct aerocmd_stream *stream, uint32_t offset,
                        struct aerocmd_diag *diag);

static inline int aerocmd_cursor_next_inline(struct aerocmd_cursor *cursor,
                                             struct aerocmd_packet *packet,
                                             struct aerocmd_diag *diag)
{
    const struct aerocmd_stream *stream = cursor->stream;
    uint32_t offset = cursor->offset;
    /* The bytes after a header at offset; in 64 bits a header that does not fit (or a
     * cursor past the end) leaves a negative count: one test for both. */
    int64_t after =
        (int64_t)stream->size_bytes - (int64_t)sizeof(struct aerogpu_cmd_hdr) - (int64_t)offset;
    if (after >= 0) {
        const struct aerogpu_cmd_hdr *h = (const struct aerogpu_cmd_hdr *)(stream->bytes + offset);
        uint32_t size = h->size_bytes, over = size - (uint32_t)sizeof *h;
        /* 4-aligned, at least a header and at most the rest, in one unsigned test: rotated
         * right by two, a size below 8 (which wraps around) or one with low bits set lands
         * above any quarter of the rest. */
        if (((over >> 2) | (over << 30)) <= (uint32_t)after >> 2) {
            packet->bytes = (const uint8_t *)h;
            packet->offset = offset;
            packet->opcode = h->opcode;
            packet->size_bytes = size;
            cursor->offset = offset + size;
            return 1;
        }
    }
    /* No packet here: *packet says so rather than keep an old one. */
    packet->bytes = NULL;
    packet->offset = offset;
    packet->opcode = 0;
    packet->size_bytes = 0;
    return aerocmd_cursor_stop(stream, offset, diag) < 0 ? -1 : 0;
}

/* Structural checks of one packet against its opcode's rules: fixed size, payload length
 * and count overflow, enum ranges, reserved fields, stage_ex, per-packet field rules.
 * Unknown opcodes pass (they are skipped by size). */
aerocmd_result aerocmd_packet_check(const struct aerocmd_stream *stream,
                                    const struct aerocmd_packet *packet, struct aerocmd_diag *diag);

/* Open + walk + aerocmd_packet_check on every packet; stops at the first fault. */
aerocmd_result aerocmd_validate_stream(const void *buf, size_t buf_len, struct aerocmd_diag *diag);

/* ---- typed views ------------------------------------------------------------------ */

/* The packet's fixed struct when it carries `opcode` and is at least that struct's size;
 * NULL otherwise. The struct is packed, so any alignment of the buffer is fine. */
const void *aerocmd_packet_fixed(const struct aerocmd_packet *packet, uint32_t opcode);

/* The packet's first `size` bytes when it carries `opcode` and holds that many; NULL
 * otherwise. Exported, and inline for C unless AEROCMD_NO_INLINE (an emulator does this for
 * every packet). */
const void *aerocmd_packet_view(const struct aerocmd_packet *packet, uint32_t opcode,
                                uint32_t size);
static inline const void *aerocmd_packet_view_inline(const struct aerocmd_packet *packet,
                                                     uint32_t opcode, uint32_t size)
{
    return packet != NULL && packet->opcode == opcode && packet->size_bytes >= size ? packet->bytes
                                                                                    : NULL;
}

/* The packet as `struct type` (the protocol struct of `opcode`), as aerocmd_packet_fixed. */
#define AEROCMD_VIEW(packet, type, opcode)                                                         \
    ((const struct type *)aerocmd_packet_view((packet), (opcode), (uint32_t)sizeof(struct type)))

/* The variable part of a payload-carrying packet (UPLOAD_RESOURCE, CREATE_SHADER_DXBC,
 * CREATE_INPUT_LAYOUT, SET_SHADER_CONSTANTS_*, SET_VERTEX_BUFFERS, SET_SAMPLERS,
 * SET_CONSTANT_BUFFERS, SET_SHADER_RESOURCE_BUFFERS, SET_UNORDERED_ACCESS_BUFFERS,
 * DEBUG_MARKER): pointer to its first byte, *len = the length its count or size field
 * gives (padding excluded; for DEBUG_MARKER everything after the header). NULL when the
 * opcode has no payload or the payload does not fit in the packet. For counted arrays
 * *count (if not NULL) receives the element count. */
const uint8_t *aerocmd_packet_payload(const struct aerocmd_packet *packet, uint32_t *len,
                                      uint32_t *count);

/* The shader stage a stage-bearing packet names, with stage_ex applied: below ABI 1.3
 * (the stream header's minor) reserved0 is ignored; from 1.3, a COMPUTE stage with a
 * non-zero reserved0 yields that stage_ex (GEOMETRY 2, HULL 3, DOMAIN 4, COMPUTE 5).
 * DISPATCH reports stage COMPUTE. Returns 0 when the packet carries no stage. */
struct aerocmd_stage {
    uint32_t stage;    /* enum aerogpu_shader_stage as written */
    uint32_t stage_ex; /* enum aerogpu_shader_stage_ex, 0 when none */
};
int aerocmd_packet_stage(const struct aerocmd_stream *stream, const struct aerocmd_packet *packet,
                         struct aerocmd_stage *out);

/* The same rule for a caller that read a packet's stage field and its reserved0 word
 * through a typed view: the stage_ex they name (0 when none). Exported, and inline for C
 * unless AEROCMD_NO_INLINE. */
uint32_t aerocmd_stage_ex_of(const struct aerocmd_stream *stream, uint32_t stage,
                             uint32_t reserved0);
static inline uint32_t aerocmd_stage_ex_of_inline(const struct aerocmd_stream *stream,
                                                  uint32_t stage, uint32_t reserved0)
{
    return (stream->abi_version & 0xFFFFu) >= AEROGPU_STAGE_EX_MIN_ABI_MINOR &&
                   stage == AEROGPU_SHADER_STAGE_COMPUTE
               ? reserved0
               : 0u;
}

/* The counted array that follows a packet's fixed part of `fixed` bytes, whose 32-bit
 * count is at `count_at` and whose elements are `elem` bytes: its first byte, *count = its
 * length, when the packet carries `opcode` and holds it all; NULL otherwise. What
 * aerocmd_packet_payload answers for such a packet, through what the caller knows of the
 * struct (AEROCMD_VIEW_ARRAY) instead of the opcode table. Exported, and inline for C
 * unless AEROCMD_NO_INLINE. */
const void *aerocmd_packet_array(const struct aerocmd_packet *packet, uint32_t opcode,
                                 uint32_t fixed, uint32_t count_at, uint32_t elem, uint32_t *count);
static inline const void *aerocmd_packet_array_inline(const struct aerocmd_packet *packet,
                                                      uint32_t opcode, uint32_t fixed,
                                                      uint32_t count_at, uint32_t elem,
                                                      uint32_t *count)
{
    uint32_t n;
    if (packet == NULL || packet->opcode != opcode || packet->size_bytes < fixed ||
        count_at + 4u > fixed || elem == 0)
        return NULL;
    n = ((const struct aerogpu_cmd_hdr *)(packet->bytes + count_at))->opcode; /* a packed u32 */
    if (n > (packet->size_bytes - fixed) / elem)
        return NULL;
    *count = n;
    return packet->bytes + fixed;
}

/* The elements (struct elem_type) of a packet of `opcode` whose fixed part is struct type
 * and whose count is its 32-bit member count_member; *count receives their number. */
#define AEROCMD_VIEW_ARRAY(packet, type, opcode, count_member, elem_type, count)                   \
    ((const struct elem_type *)aerocmd_packet_array((packet), (opcode),                            \
                                                    (uint32_t)sizeof(struct type),                 \
                                                    (uint32_t)offsetof(struct type, count_member), \
                                                    (uint32_t)sizeof(struct elem_type), (count)))

/* BIND_SHADERS in either form: extended (size >= 36) takes gs/hs/ds from the appended
 * handles; legacy takes gs from reserved0. Returns 0 if the packet is not BIND_SHADERS
 * or too short. */
struct aerocmd_bound_shaders {
    aerogpu_handle_t vs, ps, cs, gs, hs, ds;
    int extended;
};
int aerocmd_packet_bind_shaders(const struct aerocmd_packet *packet,
                                struct aerocmd_bound_shaders *out);

/* The three handles the extended BIND_SHADERS form appends after the 24-byte struct.
 * Not part of the ABI JSON; defined by RULES.md ("size_bytes >= 36 appends gs, hs, ds"). */
#define AEROCMD_BIND_SHADERS_EXT_SIZE 36u

/* ---- introspection (drives dumps, checks and tests) -------------------------------- */

enum aerocmd_field_kind {
    AEROCMD_FIELD_U32, /* plain unsigned */
    AEROCMD_FIELD_I32, /* signed */
    AEROCMD_FIELD_U64,
    AEROCMD_FIELD_U8,
    AEROCMD_FIELD_F32,      /* IEEE-754 bits in a u32 */
    AEROCMD_FIELD_HANDLE,   /* aerogpu_handle_t */
    AEROCMD_FIELD_ENUM,     /* value must be one of enum_info's */
    AEROCMD_FIELD_FLAGS,    /* bit set; bits outside enum_info's values are invalid */
    AEROCMD_FIELD_BOOL,     /* 0 / non-zero */
    AEROCMD_FIELD_RESERVED, /* must be 0 (for streams whose minor is <= ours) */
    AEROCMD_FIELD_STAGE_EX  /* reserved0 that carries stage_ex from ABI 1.3 */
};

struct aerocmd_enum_value {
    const char *name; /* e.g. "AEROGPU_FORMAT_B8G8R8A8_UNORM" */
    uint32_t value;
};

struct aerocmd_enum_info {
    const char *name; /* e.g. "aerogpu_format" */
    const struct aerocmd_enum_value *values;
    uint32_t count;
};

struct aerocmd_field_info {
    const char *name;   /* protocol field name; nested structs flattened ("enable") */
    uint16_t offset;    /* from the start of the struct it describes */
    uint8_t elem_size;  /* 1, 4 or 8 */
    uint8_t elem_count; /* > 1 for arrays (colors[8], rgba[4]) */
    uint8_t kind;       /* enum aerocmd_field_kind */
    const struct aerocmd_enum_info *enum_info; /* ENUM / FLAGS */
};

enum aerocmd_payload_kind {
    AEROCMD_PAYLOAD_NONE,
    AEROCMD_PAYLOAD_BYTES, /* raw bytes: length = a size field */
    AEROCMD_PAYLOAD_ARRAY, /* count field x element struct */
    AEROCMD_PAYLOAD_REST   /* everything after the fixed struct (DEBUG_MARKER text) */
};

struct aerocmd_opcode_info {
    uint32_t opcode;
    const char *name;    /* "DRAW", "SET_VERTEX_BUFFERS", ... (without AEROGPU_CMD_) */
    uint32_t fixed_size; /* sizeof its protocol struct */
    const struct aerocmd_field_info *fields; /* the fixed struct after the 8-byte header */
    uint32_t field_count;
    uint8_t payload_kind;     /* enum aerocmd_payload_kind */
    uint8_t count_field_size; /* 4 or 8: the field giving the count / byte length */
    uint16_t count_field_offset;
    uint32_t elem_size;                           /* ARRAY: bytes per element; BYTES: 1 */
    const struct aerocmd_field_info *elem_fields; /* ARRAY: element layout */
    uint32_t elem_field_count;
    uint32_t min_abi_minor; /* first minor that defines it (1 for copies) */
};

/* NULL for an opcode this library does not know. */
const struct aerocmd_opcode_info *aerocmd_opcode_info(uint32_t opcode);
/* All known opcodes, in ascending order. */
const struct aerocmd_opcode_info *aerocmd_opcode_table(uint32_t *count);
/* Name of `value` in an enum, NULL if not a member. */
const char *aerocmd_enum_value_name(const struct aerocmd_enum_info *info, uint32_t value);

/* Enum tables the introspection uses, exported for tools and tests. */
extern const struct aerocmd_enum_info aerocmd_enum_format;
extern const struct aerocmd_enum_info aerocmd_enum_shader_stage;
extern const struct aerocmd_enum_info aerocmd_enum_topology;
/* Every enum of the ABI (all protocol headers), in the order aerogpu-abi-1.4.json lists
 * them; each table's values are in ascending order. */
const struct aerocmd_enum_info *const *aerocmd_enum_tables(uint32_t *count);

AEROCMD_EXPORT_END

#ifndef AEROCMD_NO_INLINE
#define aerocmd_cursor_init  aerocmd_cursor_init_inline
#define aerocmd_cursor_next  aerocmd_cursor_next_inline
#define aerocmd_packet_view  aerocmd_packet_view_inline
#define aerocmd_packet_array aerocmd_packet_array_inline
#define aerocmd_stage_ex_of  aerocmd_stage_ex_of_inline
#endif

#ifdef __cplusplus
}
#endif

#endif /* AEROCMD_DECODE_H */
