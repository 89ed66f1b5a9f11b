/* SPDX-License-Identifier: MIT */
/* packet_fast.c — the structural check of the common case, compiled per opcode from
 * opcode_list.h. Every command stream the KMD submits goes through the structural check,
 * on an emulated CPU, and nearly every packet in it is fine; the generic check walks the
 * introspection table field by field to find *which* rule a packet breaks, which a packet
 * that breaks none does not need. Here each opcode gets straight-line code with its
 * offsets, sizes and enum memberships folded to constants, answering only "certainly
 * fine" or "ask the generic check". So a fault is always named by the generic check, in
 * its order, and this file can only make a good packet cheaper, never change a verdict.
 *
 * One deliberate difference: a reserved word must be zero here whatever the stream's
 * minor. A stream newer than this library (which the KMD refuses anyway) that uses one
 * takes the generic path, which knows such words are no longer ours to judge. */
#include "decode_kernel.h"
#include "opcode_list.h"

/* The per-opcode checks must be inlined into the walk loop to be worth having, and the
 * rare call into the rules must not put a stack frame on that loop. Unoptimised builds
 * (debug kernels, sanitizer runs) do not share stack slots between inlined bodies, so
 * forcing ~50 of them into one function there would make an 8 KiB frame: they only get
 * the hint. */
#if defined(__GNUC__) && defined(__OPTIMIZE__)
#define HOT_INLINE       static inline __attribute__((always_inline))
#define COLD             static __attribute__((noinline))
#define NOT_A_POSITION() __builtin_unreachable()
#elif defined(__GNUC__)
#define HOT_INLINE       static inline
#define COLD             static __attribute__((noinline))
#define NOT_A_POSITION() __builtin_unreachable()
#elif defined(_MSC_VER)
#define HOT_INLINE       static __forceinline
#define COLD             static __declspec(noinline)
#define NOT_A_POSITION() __assume(0)
#else
#define HOT_INLINE       static inline
#define COLD             static
#define NOT_A_POSITION() (void)0
#endif

HOT_INLINE int minor_at_least(uint32_t minor, uint32_t min_minor)
{
    return minor >= min_minor;
}

/* A field element of 1, 4 or 8 bytes; the size is always a constant here. */
HOT_INLINE uint64_t load(const uint8_t *at, uint32_t size)
{
    if (size == 8)
        return aerocmd_load_u64(at);
    if (size == 4)
        return aerocmd_load_u32(at);
    return at[0];
}

/* `count` elements of `size` bytes from `at`, all zero. */
HOT_INLINE int all_zero(const uint8_t *at, uint32_t size, uint32_t count)
{
    uint64_t seen = 0;
    uint32_t i;
    for (i = 0; i < count; i++)
        seen |= load(at + i * size, size);
    return seen == 0;
}

/* Membership of one value in an enum given as its bits (two 64-bit words: values 0..63
 * and 64..127), its member count and its smallest member. Everything but the value is a
 * constant, so only one branch survives compilation: an enum that is a run of values
 * becomes a subtraction and a compare, one that spans at most 64 values from its first a
 * bit test, anything else a test on both words. */
HOT_INLINE int is_member(uint32_t value, uint64_t low_bits, uint64_t high_bits, uint32_t count,
                         uint32_t first)
{
    uint64_t below_first = first < 64u ? ((uint64_t)1 << first) - 1u : ~(uint64_t)0;
    uint64_t shifted = first == 0 ? low_bits : (low_bits >> first) | (high_bits << (64u - first));
    int one_word = first < 64u && (low_bits & below_first) == 0 &&
                   (first == 0 ? high_bits == 0 : (high_bits >> first) == 0);
    uint32_t from_first = value - first; /* wraps for values below first */

    if (one_word && count < 64u && shifted == ((uint64_t)1 << count) - 1u)
        return from_first < count;
    if (one_word)
        return from_first < 64u && ((shifted >> from_first) & 1u) != 0;
    if (value < 64u)
        return ((low_bits >> value) & 1u) != 0;
    return value < 128u && ((high_bits >> (value - 64u)) & 1u) != 0;
}

HOT_INLINE int all_members(const uint8_t *at, uint32_t size, uint32_t count, uint64_t low_bits,
                           uint64_t high_bits, uint32_t members, uint32_t first)
{
    uint32_t i;
    for (i = 0; i < count; i++)
        if (!is_member((uint32_t)load(at + i * size, size), low_bits, high_bits, members, first))
            return 0;
    return 1;
}

HOT_INLINE int all_within_flags(const uint8_t *at, uint32_t size, uint32_t count,
                                uint64_t flag_bits)
{
    uint64_t outside = 0;
    uint32_t i;
    for (i = 0; i < count; i++)
        outside |= load(at + i * size, size) & ~flag_bits;
    return outside == 0;
}

/* Before 1.3 the stage_ex word was reserved with no promise; from 1.3 it names a stage_ex
 * when the stage is COMPUTE (GS/HS/DS bindings use it all the time) and is reserved
 * otherwise. */
HOT_INLINE int stage_ex_ok(uint32_t value, uint32_t stage, uint32_t minor)
{
    if (value == 0 || minor < AEROGPU_STAGE_EX_MIN_ABI_MINOR)
        return 1;
    if (stage != AEROGPU_SHADER_STAGE_COMPUTE)
        return 0;
    return is_member(value, AEROCMD_ENUM_MEMBERS_LO(SHADER_STAGE_EX),
                     AEROCMD_ENUM_MEMBERS_HI(SHADER_STAGE_EX), AEROCMD_ENUM_COUNT(SHADER_STAGE_EX),
                     AEROCMD_ENUM_FIRST(SHADER_STAGE_EX));
}

/* The count (or byte size) field against the room after the fixed struct: a 32-bit count
 * is multiplied out (in 64 bits, which it cannot wrap), a 64-bit byte size compared whole.
 * Returns the count, or NO_COUNT when it does not fit (no count that fits can be that large:
 * the room is below 2^32 bytes). By value: a local whose address is taken in every inlined
 * opcode would cost each its own stack slot in instrumented builds. */
#define NO_COUNT 0xFFFFFFFFu
HOT_INLINE uint32_t payload_count(const uint8_t *count_at, uint32_t count_size, uint32_t elem_size,
                                  uint32_t room)
{
    uint64_t n = load(count_at, count_size);
    /* a 32-bit count times an element of at most 2^32 bytes cannot wrap 64 bits */
    if (count_size == 4 ? n * elem_size > room : n > room / elem_size)
        return NO_COUNT;
    return (uint32_t)n;
}

/* ---- one term per field: only the kinds the generic check judges produce code ---- */

/* The location arrives expanded into name, offset, size and count. */
#define FIELD_OK(base, name, offset, size, count, kind, tag)                                       \
    &&FIELD_OK_##kind((base) + (offset), (uint32_t)(size), (uint32_t)(count), tag)

#define FIELD_OK_U32(at, size, count, tag)      1
#define FIELD_OK_I32(at, size, count, tag)      1
#define FIELD_OK_U64(at, size, count, tag)      1
#define FIELD_OK_U8(at, size, count, tag)       1
#define FIELD_OK_F32(at, size, count, tag)      1
#define FIELD_OK_HANDLE(at, size, count, tag)   1
#define FIELD_OK_BOOL(at, size, count, tag)     1
#define FIELD_OK_RESERVED(at, size, count, tag) all_zero(at, size, count)
#define FIELD_OK_STAGE_EX(at, size, count, tag) stage_ex_ok(aerocmd_load_u32(at), stage, minor)
#define FIELD_OK_ENUM(at, size, count, tag)                                                        \
    all_members(at, size, count, AEROCMD_ENUM_MEMBERS_LO(tag), AEROCMD_ENUM_MEMBERS_HI(tag),       \
                AEROCMD_ENUM_COUNT(tag), AEROCMD_ENUM_FIRST(tag))
#define FIELD_OK_FLAGS(at, size, count, tag)                                                       \
    all_within_flags(at, size, count, AEROCMD_ENUM_FLAG_BITS(tag))

#define PACKET_FIELD_OK(location, kind, tag)  FIELD_OK(bytes, location, kind, tag)
#define ELEMENT_FIELD_OK(location, kind, tag) FIELD_OK(element, location, kind, tag)

/* The packet's stage field, if it has one (DISPATCH has none: it is compute work). The
 * condition is a constant, so this is a load for stage-bearing packets and nothing else;
 * the compiler sinks it to where a non-zero stage_ex word needs it. */
#define STAGE_FROM_FIELD(location, kind, tag) STAGE_FROM_FIELD_(location, kind, tag)
#define STAGE_FROM_FIELD_(name, offset, size, count, kind, tag)                                    \
    if (AEROCMD_FIELD_##kind == AEROCMD_FIELD_ENUM &&                                              \
        AEROCMD_ENUM_INFO_##tag == &aerocmd_enum_shader_stage)                                     \
        stage = aerocmd_load_u32(bytes + (offset));

/* ---- payloads ---- */

#define PAYLOAD_OK_NO_PAYLOAD   1
#define PAYLOAD_OK_REST_PAYLOAD 1
#define PAYLOAD_OK_BYTES_PAYLOAD(type, size_member)                                                \
    (count = payload_count(bytes + offsetof(struct type, size_member),                             \
                           (uint32_t)sizeof(AEROCMD_MEMBER(type, size_member)), 1u,                \
                           size - (uint32_t)sizeof(struct type))) != NO_COUNT
#define PAYLOAD_OK_ARRAY_PAYLOAD(type, count_member, element_size, tag)                            \
    (count = payload_count(bytes + offsetof(struct type, count_member),                            \
                           (uint32_t)sizeof(AEROCMD_MEMBER(type, count_member)),                   \
                           (uint32_t)(element_size), size - (uint32_t)sizeof(struct type))) !=     \
        NO_COUNT

/* Elements are checked only for counted arrays, last first (the order does not change a
 * yes-or-no answer); a loop whose body has no term folds away. */
#define ELEMENTS_OK_NO_PAYLOAD
#define ELEMENTS_OK_REST_PAYLOAD
#define ELEMENTS_OK_BYTES_PAYLOAD(type, size_member)
#define ELEMENTS_OK_ARRAY_PAYLOAD(type, count_member, element_size, tag)                           \
    {                                                                                              \
        size_t element_offset = (size_t)count * (element_size);                                    \
        if (element_offset != 0)                                                                   \
            do {                                                                                   \
                const uint8_t *element;                                                            \
                element_offset -= (element_size);                                                  \
                element = bytes + sizeof(struct type) + element_offset;                            \
                (void)element;                                                                     \
                if (!(1 AEROCMD_ELEMENTS_##tag(ELEMENT_FIELD_OK)))                                 \
                    return 0;                                                                      \
            } while (element_offset != 0);                                                         \
    }

/* Direct3D 11's slot limits, inline: the same tests as packet_rules.c's, on constants. */
HOT_INLINE int slots_fit(uint32_t first, uint32_t count, uint32_t limit)
{
    return (uint64_t)first + count <= limit;
}

/* `member` of each of `count` elements of `elem_size` bytes from `at`, at most `most`. */
HOT_INLINE int members_at_most(const uint8_t *at, uint32_t count, uint32_t elem_size,
                               uint32_t member_offset, uint32_t most)
{
    uint32_t i, over = 0;
    for (i = 0; i < count; i++)
        over |= aerocmd_load_u32(at + i * elem_size + member_offset) > most;
    return over == 0;
}

#define FAST_U32(type, member) aerocmd_load_u32(bytes + offsetof(struct type, member))

/* Slot limits are checked as soon as the fixed struct is known to fit (the order of the
 * checks cannot change a yes-or-no answer: that keeps them cheapest), limits on payload
 * elements once the payload is, and the other rules last, out of line. */
#define LIMITS_OK_NO_RULES                  1
#define LIMITS_OK_RULES(fn)                 1
#define LIMITS_OK_SLOT(type, member, limit) (FAST_U32(type, member) < (limit))
#define LIMITS_OK_SLOTS(type, first, count, limit)                                                 \
    slots_fit(FAST_U32(type, first), FAST_U32(type, count), (limit))
#define LIMITS_OK_SIZED_SLOTS(type, first, count, limit, elem_type, member, most)                  \
    LIMITS_OK_SLOTS(type, first, count, limit)

#define RULES_OK_NO_RULES                         1
#define RULES_OK_RULES(fn)                        rules_pass(stream, bytes, this_opcode, size)
#define RULES_OK_SLOT(type, member, limit)        1
#define RULES_OK_SLOTS(type, first, count, limit) 1
#define RULES_OK_SIZED_SLOTS(type, first, count_member, limit, elem_type, member, most)            \
    members_at_most(bytes + sizeof(struct type), count, (uint32_t)sizeof(struct elem_type),        \
                    (uint32_t)offsetof(struct elem_type, member), (most))

/* The per-packet rules take a packet; they read neither its offset nor the stream beyond
 * its minor. */
COLD int rules_pass(const struct aerocmd_stream *stream, const uint8_t *bytes, uint32_t opcode,
                    uint32_t size)
{
    struct aerocmd_packet packet;
    packet.bytes = bytes;
    packet.offset = 0;
    packet.opcode = opcode;
    packet.size_bytes = size;
    return aerocmd_priv_decode_packet_rules(stream, &packet) == AEROCMD_R_NONE;
}

/* ---- one function per opcode ---- */

#define FAST_PARAMETERS                                                                            \
    const struct aerocmd_stream *stream, const uint8_t *bytes, uint32_t opcode, uint32_t size,     \
        uint32_t minor
#define FAST_ARGUMENTS stream, bytes, opcode, size, minor

#define FAST_HEADER(op, payload)                                                                   \
    HOT_INLINE int fast_##op(FAST_PARAMETERS)                                                      \
    {                                                                                              \
        (void)stream, (void)bytes, (void)opcode, (void)minor;                                      \
        return size >= (uint32_t)sizeof(struct aerogpu_cmd_hdr);                                   \
    }
/* The field lists expand to statements and && terms, which the formatter cannot lay out. */
/* clang-format off */
#define FAST_OP(op, type, payload, min_minor, rules)                                               \
    HOT_INLINE int fast_##op(FAST_PARAMETERS)                                                      \
    {                                                                                              \
        const uint32_t this_opcode = AEROGPU_CMD_##op; /* the switch chose it */                   \
        uint32_t count = 0, stage = AEROGPU_SHADER_STAGE_COMPUTE;                                  \
        (void)stream, (void)opcode, (void)this_opcode, (void)count, (void)stage;                   \
        if (size < (uint32_t)sizeof(struct type) || !minor_at_least(minor, (min_minor)))           \
            return 0;                                                                              \
        AEROCMD_FIELDS_##op(STAGE_FROM_FIELD) /* only once the fixed struct is known to fit */     \
        if (!(LIMITS_OK_##rules)) /* likewise */                                                   \
            return 0;                                                                              \
        if (!(PAYLOAD_OK_##payload))                                                               \
            return 0;                                                                              \
        if (!(1 AEROCMD_FIELDS_##op(PACKET_FIELD_OK)))                                             \
            return 0;                                                                              \
        ELEMENTS_OK_##payload                                                                      \
        return RULES_OK_##rules;                                                                   \
    }
/* clang-format on */
AEROCMD_OPCODE_LIST(FAST_HEADER, FAST_OP)

/* The packets the kernel has a duty for beyond their structure (decode_kernel.h), by
 * position: a constant in every case below, so it costs nothing. */
HOT_INLINE int kernel_duty(uint32_t position)
{
    switch (position) {
    case AEROCMD_AT_PRESENT + 1:
    case AEROCMD_AT_PRESENT_EX + 1:
    case AEROCMD_AT_EXPORT_SHARED_SURFACE + 1:
    case AEROCMD_AT_IMPORT_SHARED_SURFACE + 1:
    case AEROCMD_AT_RELEASE_SHARED_SURFACE + 1:
        return 1;
    default:
        return 0;
    }
}

#define FAST_CASE(op)                                                                              \
    case AEROCMD_AT_##op + 1:                                                                      \
        if (for_kernel && kernel_duty(AEROCMD_AT_##op + 1))                                        \
            return 0;                                                                              \
        return fast_##op(FAST_ARGUMENTS);
#define FAST_CASE_HEADER(op, payload)                     FAST_CASE(op)
#define FAST_CASE_OP(op, type, payload, min_minor, rules) FAST_CASE(op)

/* The slot table holds only 0 (an unknown opcode: skipped by size, so fine, except that
 * the kernel refuses it) and positions + 1, which lets the compiler drop the switch's
 * range check. */
HOT_INLINE int fast_packet(FAST_PARAMETERS, int for_kernel)
{
    switch (aerocmd_decode_opcode_position(opcode)) {
    case 0:
        return !for_kernel;
        AEROCMD_OPCODE_LIST(FAST_CASE_HEADER, FAST_CASE_OP)
    default:
        NOT_A_POSITION();
        return 1;
    }
}

int aerocmd_priv_decode_fast_accept(const struct aerocmd_stream *stream,
                                    const struct aerocmd_packet *packet)
{
    return fast_packet(stream, packet->bytes, packet->opcode, packet->size_bytes,
                       aerocmd_stream_abi_minor(stream), 0);
}

/* size - 8 rotated right by two bits: its quarter when size is a multiple of 4, and at
 * least 2^30 otherwise, which is more than a quarter of any 32-bit length can be. So one
 * compare against the quarter-words left checks both framing rules. */
HOT_INLINE uint32_t framing_quarter(uint32_t size)
{
    uint32_t beyond_header = size - (uint32_t)sizeof(struct aerogpu_cmd_hdr);
    return (beyond_header >> 2) | (beyond_header << 30);
}

/* The same framing rules as aerocmd_cursor_next (size at least a header, a multiple of 4,
 * inside the stream), on a count of the quarter-words left after the next header. The
 * kernel's form (a constant) also stops at unknown opcodes and at its duty packets. */
HOT_INLINE uint32_t walk(const struct aerocmd_stream *stream, uint32_t offset, int for_kernel)
{
    const uint32_t header = (uint32_t)sizeof(struct aerogpu_cmd_hdr);
    const uint32_t minor = aerocmd_stream_abi_minor(stream);
    const uint8_t *bytes;
    int32_t left; /* negative: not even a header left */

    if (offset > stream->size_bytes || stream->size_bytes - offset < header ||
        (stream->size_bytes - offset) % 4u != 0)
        return offset;
    bytes = stream->bytes + offset;
    left = (int32_t)((stream->size_bytes - offset - header) / 4u);
    for (;;) {
        uint32_t opcode = aerocmd_load_u32(bytes + offsetof(struct aerogpu_cmd_hdr, opcode));
        uint32_t size = aerocmd_load_u32(bytes + offsetof(struct aerogpu_cmd_hdr, size_bytes));
        uint32_t quarter = framing_quarter(size);
        if (quarter > (uint32_t)left ||
            !fast_packet(stream, bytes, opcode, size, minor, for_kernel))
            break;
        bytes += size;
        left -= (int32_t)quarter + 2;
        if (left < 0)
            break;
    }
    return (uint32_t)(bytes - stream->bytes);
}

uint32_t aerocmd_priv_decode_fast_walk(const struct aerocmd_stream *stream, uint32_t offset)
{
    return walk(stream, offset, 0);
}

uint32_t aerocmd_priv_decode_kernel_walk(const struct aerocmd_stream *stream, uint32_t offset)
{
    return walk(stream, offset, 1);
}
