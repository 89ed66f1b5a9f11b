/* SPDX-License-Identifier: MIT */
/* Whole-stream dumps: the header line, every packet with its structural fault, and the
 * fault that stops a walk. */
#include "dump_internal.h"

#define STREAM_HEADER_BYTES ((uint32_t)sizeof(struct aerogpu_cmd_stream_header))

const char *aerocmd_dump_opcode_label(uint32_t opcode, char *buf, size_t cap)
{
    const struct aerocmd_opcode_info *info = aerocmd_opcode_info(opcode);
    if (info != NULL && info->name != NULL)
        return info->name;
    if (buf == NULL || cap == 0)
        return "";
    snprintf(buf, cap, "UNKNOWN(0x%04x)", (unsigned)opcode);
    return buf;
}

static void put_labeled_u32(struct aerocmd_dumper *d, const char *key, uint32_t value)
{
    out_str(d, key);
    aerocmd_priv_dump_u64(d, value);
}

static void put_text_nonzero(struct aerocmd_dumper *d, const char *key, uint32_t value, int hex)
{
    if (value == 0)
        return;
    out_str(d, key);
    if (hex)
        aerocmd_priv_dump_hex(d, value, 1);
    else
        aerocmd_priv_dump_u64(d, value);
}

void aerocmd_dumper_stream_header(struct aerocmd_dumper *d, const struct aerocmd_stream *stream)
{
    const uint8_t *bytes = stream->bytes;
    uint32_t flags = (uint32_t)aerocmd_priv_dump_read_le(bytes + 12, 4);
    uint32_t reserved0 = (uint32_t)aerocmd_priv_dump_read_le(bytes + 16, 4);
    uint32_t reserved1 = (uint32_t)aerocmd_priv_dump_read_le(bytes + 20, 4);
    if (d->json) {
        put_labeled_u32(d, "{\"type\":\"stream\",\"offset\":0,\"stream\":\"ACMD\",\"abi_version\":",
                        stream->abi_version);
        put_labeled_u32(d, ",\"abi_major\":", stream->abi_version >> 16);
        put_labeled_u32(d, ",\"abi_minor\":", stream->abi_version & 0xFFFFu);
        put_labeled_u32(d, ",\"size_bytes\":", stream->size_bytes);
        put_labeled_u32(d, ",\"flags\":", flags);
        put_labeled_u32(d, ",\"reserved0\":", reserved0);
        put_labeled_u32(d, ",\"reserved1\":", reserved1);
        out_str(d, "}\n");
        return;
    }
    put_labeled_u32(d, "0x0000 ACMD abi=", stream->abi_version >> 16);
    put_labeled_u32(d, ".", stream->abi_version & 0xFFFFu);
    put_labeled_u32(d, " size_bytes=", stream->size_bytes);
    put_text_nonzero(d, " flags=", flags, 1);
    put_text_nonzero(d, " reserved0=", reserved0, 0);
    put_text_nonzero(d, " reserved1=", reserved1, 0);
    out_char(d, '\n');
}

void aerocmd_dumper_fault(struct aerocmd_dumper *d, const struct aerocmd_diag *fault)
{
    char label[AEROCMD_DUMP_OPCODE_LABEL_MAX];
    const char *reason_text = aerocmd_reason_text(fault->reason);
    const char *name = aerocmd_dump_opcode_label(fault->opcode, label, sizeof(label));
    int in_packet =
        fault->offset >= STREAM_HEADER_BYTES && fault->reason != AEROCMD_R_PACKET_HEADER_TRUNCATED;
    if (d->json) {
        put_labeled_u32(d, "{\"type\":\"error\",\"offset\":", fault->offset);
        out_str(d, ",\"error\":\"");
        out_str(d, aerocmd_reason_name(fault->reason));
        out_str(d, "\",\"message\":\"");
        aerocmd_dumper_json_string_body(d, reason_text, strlen(reason_text));
        out_char(d, '"');
        if (in_packet) {
            out_str(d, ",\"opcode\":\"");
            out_str(d, name);
            out_char(d, '"');
        }
        out_str(d, "}\n");
        return;
    }
    aerocmd_priv_dump_hex(d, fault->offset, 4);
    out_str(d, " ERROR ");
    out_str(d, aerocmd_reason_name(fault->reason));
    out_str(d, ": ");
    out_str(d, reason_text);
    if (in_packet) {
        out_str(d, " (");
        out_str(d, name);
        out_char(d, ')');
    }
    out_char(d, '\n');
}

aerocmd_result aerocmd_dumper_checked_packet(struct aerocmd_dumper *d,
                                             const struct aerocmd_stream *stream,
                                             const struct aerocmd_packet *packet,
                                             struct aerocmd_diag *fault)
{
    struct aerocmd_diag found;
    memset(&found, 0, sizeof(found));
    if (aerocmd_packet_check(stream, packet, &found) == AEROCMD_OK) {
        aerocmd_dumper_packet(d, stream, packet, NULL);
        if (fault != NULL)
            memset(fault, 0, sizeof(*fault));
        return AEROCMD_OK;
    }
    if (found.reason == AEROCMD_R_NONE)
        found.reason = AEROCMD_R_FIELD_INVALID;
    aerocmd_dumper_packet(d, stream, packet, &found);
    if (fault != NULL)
        *fault = found;
    return AEROCMD_E_MALFORMED;
}

static void note_fault(struct aerocmd_diag *first, const struct aerocmd_diag *fault)
{
    if (first->reason != AEROCMD_R_NONE)
        return;
    *first = *fault;
    if (first->reason == AEROCMD_R_NONE)
        first->reason = AEROCMD_R_FIELD_INVALID;
}

static void dump_packets(struct aerocmd_dumper *d, const struct aerocmd_stream *stream,
                         struct aerocmd_diag *first)
{
    struct aerocmd_cursor cursor;
    struct aerocmd_packet packet;
    struct aerocmd_diag fault;
    int step;
    memset(&fault, 0, sizeof(fault));
    aerocmd_cursor_init(&cursor, stream);
    while ((step = aerocmd_cursor_next(&cursor, &packet, &fault)) == 1)
        if (aerocmd_dumper_checked_packet(d, stream, &packet, &fault) != AEROCMD_OK)
            note_fault(first, &fault);
    if (step < 0) {
        if (fault.reason == AEROCMD_R_NONE)
            fault.reason = AEROCMD_R_PACKET_PAST_END;
        aerocmd_dumper_fault(d, &fault);
        note_fault(first, &fault);
    }
}

aerocmd_result aerocmd_dump_stream(FILE *out, enum aerocmd_dump_format format, const void *buf,
                                   size_t len, struct aerocmd_diag *diag)
{
    struct aerocmd_dumper d;
    struct aerocmd_stream stream;
    struct aerocmd_diag fault, first;
    memset(&fault, 0, sizeof(fault));
    memset(&first, 0, sizeof(first));
    aerocmd_dumper_init(&d, out, format, 0);
    if (aerocmd_stream_open(&stream, buf, len, &fault) != AEROCMD_OK) {
        note_fault(&first, &fault);
        aerocmd_dumper_fault(&d, &first);
    } else {
        aerocmd_dumper_stream_header(&d, &stream);
        dump_packets(&d, &stream, &first);
    }
    aerocmd_dumper_flush(&d);
    if (diag != NULL)
        *diag = first;
    return first.reason == AEROCMD_R_NONE ? AEROCMD_OK : AEROCMD_E_MALFORMED;
}

void aerocmd_dump_stream_header(FILE *out, enum aerocmd_dump_format format,
                                const struct aerocmd_stream *stream)
{
    struct aerocmd_dumper d;
    aerocmd_dumper_init(&d, out, format, 0);
    aerocmd_dumper_stream_header(&d, stream);
    aerocmd_dumper_flush(&d);
}

void aerocmd_dump_fault(FILE *out, enum aerocmd_dump_format format,
                        const struct aerocmd_diag *fault)
{
    struct aerocmd_dumper d;
    aerocmd_dumper_init(&d, out, format, 0);
    aerocmd_dumper_fault(&d, fault);
    aerocmd_dumper_flush(&d);
}
