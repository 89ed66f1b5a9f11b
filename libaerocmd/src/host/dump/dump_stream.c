/* SPDX-License-Identifier: MIT */
/* Whole-stream dumps: the header line, every packet with its structural fault, and the
 * fault that stops a walk. */
#include <string.h>

#include "aerocmd/dump.h"
#include "dump_internal.h"

#define STREAM_HEADER_BYTES ((uint32_t)sizeof(struct aerogpu_cmd_stream_header))

const char *aerocmd_dump_opcode_label(uint32_t opcode, char *buf, size_t cap)
{
    const struct aerocmd_opcode_info *info = aerocmd_opcode_info(opcode);
    if (buf == NULL || cap == 0)
        return "";
    if (info != NULL && info->name != NULL)
        snprintf(buf, cap, "%s", info->name);
    else
        snprintf(buf, cap, "UNKNOWN(0x%04x)", (unsigned)opcode);
    return buf;
}

void aerocmd_dump_stream_header(FILE *out, enum aerocmd_dump_format format,
                                const struct aerocmd_stream *stream)
{
    const uint8_t *bytes = stream->bytes;
    uint32_t flags = (uint32_t)aerocmd_dump_read_le(bytes + 12, 4);
    uint32_t reserved0 = (uint32_t)aerocmd_dump_read_le(bytes + 16, 4);
    uint32_t reserved1 = (uint32_t)aerocmd_dump_read_le(bytes + 20, 4);
    unsigned major = (unsigned)(stream->abi_version >> 16);
    unsigned minor = (unsigned)(stream->abi_version & 0xFFFFu);
    if (format == AEROCMD_DUMP_JSON) {
        fprintf(out,
                "{\"offset\":0,\"stream\":\"ACMD\",\"abi_version\":%u,\"abi_major\":%u,"
                "\"abi_minor\":%u,\"size_bytes\":%u,\"flags\":%u,\"reserved0\":%u,"
                "\"reserved1\":%u}\n",
                (unsigned)stream->abi_version, major, minor, (unsigned)stream->size_bytes,
                (unsigned)flags, (unsigned)reserved0, (unsigned)reserved1);
        return;
    }
    fprintf(out, "0x0000 ACMD abi=%u.%u size_bytes=%u", major, minor, (unsigned)stream->size_bytes);
    if (flags != 0)
        fprintf(out, " flags=0x%x", (unsigned)flags);
    if (reserved0 != 0)
        fprintf(out, " reserved0=%u", (unsigned)reserved0);
    if (reserved1 != 0)
        fprintf(out, " reserved1=%u", (unsigned)reserved1);
    fputc('\n', out);
}

void aerocmd_dump_fault(FILE *out, enum aerocmd_dump_format format,
                        const struct aerocmd_diag *fault)
{
    char label[AEROCMD_DUMP_OPCODE_LABEL_MAX];
    const char *reason_text = aerocmd_reason_text(fault->reason);
    int in_packet =
        fault->offset >= STREAM_HEADER_BYTES && fault->reason != AEROCMD_R_PACKET_HEADER_TRUNCATED;
    aerocmd_dump_opcode_label(fault->opcode, label, sizeof(label));
    if (format == AEROCMD_DUMP_JSON) {
        fprintf(out, "{\"offset\":%u,\"error\":\"%s\",\"message\":\"", (unsigned)fault->offset,
                aerocmd_reason_name(fault->reason));
        aerocmd_dump_json_string_body(out, reason_text, strlen(reason_text));
        fputc('"', out);
        if (in_packet)
            fprintf(out, ",\"opcode\":\"%s\"", label);
        fputs("}\n", out);
        return;
    }
    fprintf(out, "0x%04x ERROR %s: %s", (unsigned)fault->offset, aerocmd_reason_name(fault->reason),
            reason_text);
    if (in_packet)
        fprintf(out, " (%s)", label);
    fputc('\n', out);
}

static void note_fault(struct aerocmd_diag *first, const struct aerocmd_diag *fault)
{
    if (first->reason != AEROCMD_R_NONE)
        return;
    *first = *fault;
    if (first->reason == AEROCMD_R_NONE)
        first->reason = AEROCMD_R_FIELD_INVALID;
}

static void dump_checked_packet(FILE *out, enum aerocmd_dump_format format,
                                const struct aerocmd_stream *stream,
                                const struct aerocmd_packet *packet, struct aerocmd_diag *first)
{
    struct aerocmd_diag fault;
    memset(&fault, 0, sizeof(fault));
    if (aerocmd_packet_check(stream, packet, &fault) == AEROCMD_OK) {
        aerocmd_dump_packet(out, format, stream, packet, NULL);
        return;
    }
    if (fault.reason == AEROCMD_R_NONE)
        fault.reason = AEROCMD_R_FIELD_INVALID;
    note_fault(first, &fault);
    aerocmd_dump_packet(out, format, stream, packet, &fault);
}

aerocmd_result aerocmd_dump_stream(FILE *out, enum aerocmd_dump_format format, const void *buf,
                                   size_t len, struct aerocmd_diag *diag)
{
    struct aerocmd_stream stream;
    struct aerocmd_cursor cursor;
    struct aerocmd_packet packet;
    struct aerocmd_diag fault, first;
    int step;
    memset(&fault, 0, sizeof(fault));
    memset(&first, 0, sizeof(first));
    if (aerocmd_stream_open(&stream, buf, len, &fault) != AEROCMD_OK) {
        note_fault(&first, &fault);
        aerocmd_dump_fault(out, format, &first);
    } else {
        aerocmd_dump_stream_header(out, format, &stream);
        aerocmd_cursor_init(&cursor, &stream);
        while ((step = aerocmd_cursor_next(&cursor, &packet, &fault)) == 1)
            dump_checked_packet(out, format, &stream, &packet, &first);
        if (step < 0) {
            if (fault.reason == AEROCMD_R_NONE)
                fault.reason = AEROCMD_R_PACKET_PAST_END;
            aerocmd_dump_fault(out, format, &fault);
            note_fault(&first, &fault);
        }
    }
    if (diag != NULL)
        *diag = first;
    return first.reason == AEROCMD_R_NONE ? AEROCMD_OK : AEROCMD_E_MALFORMED;
}
