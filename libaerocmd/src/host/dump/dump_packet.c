/* SPDX-License-Identifier: MIT */
/* One packet as a text line or a JSON object, driven by the decoder's opcode table: the
 * fixed fields, the payload (counted array, raw bytes or marker text), the resolved
 * stage_ex and the extended BIND_SHADERS handles. */
#include <string.h>

#include "aerocmd/dump.h"
#include "dump_internal.h"

/* Raw payloads are summarised by their length and this many leading bytes. */
#define RAW_HEAD_BYTES 16u

struct packet_view {
    const struct aerocmd_packet *packet;
    const struct aerocmd_opcode_info *info;
    struct aerocmd_stage stage; /* stage_ex 0 when the packet names none */
    struct aerocmd_bound_shaders bound;
    int has_bound; /* BIND_SHADERS: `bound` holds its resolved handles */
};

void aerocmd_dump_sink_key(struct aerocmd_dump_sink *sink, const char *key)
{
    if (sink->json) {
        if (!sink->first)
            fputc(',', sink->out);
        fputc('"', sink->out);
        aerocmd_dump_json_string_body(sink->out, key, strlen(key));
        fputs("\":", sink->out);
    } else {
        if (!sink->first)
            fputc(' ', sink->out);
        fprintf(sink->out, "%s=", key);
    }
    sink->first = 0;
}

static void emit_value(struct aerocmd_dump_sink *sink, const struct aerocmd_field_info *field,
                       const uint8_t *elem)
{
    char value[AEROCMD_DUMP_VALUE_MAX];
    aerocmd_dump_format_value(value, sizeof(value), field, elem, sink->json);
    fputs(value, sink->out);
}

static int all_zero(const uint8_t *bytes, size_t len)
{
    size_t i;
    for (i = 0; i < len; i++)
        if (bytes[i] != 0)
            return 0;
    return 1;
}

/* stage_ex rides in a reserved word: shown by name once the decoder resolved it, otherwise
 * treated like any reserved field. */
static int emit_stage_ex(struct aerocmd_dump_sink *sink, const struct aerocmd_field_info *field,
                         const struct aerocmd_stage *stage)
{
    struct aerocmd_field_info as_enum = *field;
    uint8_t raw[4];
    if (stage->stage_ex == 0)
        return 0;
    as_enum.kind = AEROCMD_FIELD_ENUM;
    raw[0] = (uint8_t)stage->stage_ex;
    raw[1] = (uint8_t)(stage->stage_ex >> 8);
    raw[2] = (uint8_t)(stage->stage_ex >> 16);
    raw[3] = (uint8_t)(stage->stage_ex >> 24);
    as_enum.elem_size = 4;
    aerocmd_dump_sink_key(sink, "stage_ex");
    emit_value(sink, &as_enum, raw);
    return 1;
}

static int is_reserved(const struct aerocmd_field_info *field)
{
    return field->kind == AEROCMD_FIELD_RESERVED || field->kind == AEROCMD_FIELD_STAGE_EX ||
           strncmp(field->name, "reserved", 8) == 0;
}

/* Text dumps leave out reserved words that hold nothing: zero, or (BIND_SHADERS) the copy
 * of gs that the resolved gs= already shows. */
static int text_skips(const struct aerocmd_field_info *field, const uint8_t *bytes, size_t len,
                      const struct packet_view *view)
{
    if (!is_reserved(field))
        return 0;
    if (all_zero(bytes, len))
        return 1;
    return view->has_bound && len == 4 && aerocmd_dump_read_le(bytes, 4) == view->bound.gs;
}

/* One field of a struct at `base` with `avail` readable bytes. Fields that do not fit are
 * left out (the packet is too short; its fault says so). JSON keeps every field that fits,
 * under its protocol name. */
static void emit_field(struct aerocmd_dump_sink *sink, const struct aerocmd_field_info *field,
                       const uint8_t *base, size_t avail, const struct packet_view *view)
{
    size_t count = field->elem_count > 1 ? field->elem_count : 1;
    size_t elem = field->elem_size >= 1 && field->elem_size <= 8 ? field->elem_size : 4;
    size_t i, span = (size_t)field->offset + elem * count;
    struct aerocmd_field_info shown = *field;
    if (span > avail)
        return;
    if (field->kind == AEROCMD_FIELD_STAGE_EX && !sink->json &&
        emit_stage_ex(sink, field, &view->stage))
        return;
    if (!sink->json && text_skips(field, base + field->offset, elem * count, view))
        return;
    if (field->kind == AEROCMD_FIELD_RESERVED || field->kind == AEROCMD_FIELD_STAGE_EX)
        shown.kind = AEROCMD_FIELD_U32;
    aerocmd_dump_sink_key(sink, field->name);
    if (count > 1)
        fputc('[', sink->out);
    for (i = 0; i < count; i++) {
        if (i > 0)
            fputc(',', sink->out);
        emit_value(sink, &shown, base + field->offset + i * elem);
    }
    if (count > 1)
        fputc(']', sink->out);
    if (field->kind == AEROCMD_FIELD_STAGE_EX && sink->json)
        emit_stage_ex(sink, field, &view->stage);
}

static void emit_fields(struct aerocmd_dump_sink *sink, const struct aerocmd_field_info *fields,
                        uint32_t count, const uint8_t *base, size_t avail,
                        const struct packet_view *view)
{
    uint32_t i;
    for (i = 0; fields != NULL && i < count; i++)
        emit_field(sink, &fields[i], base, avail, view);
}

static void emit_handle(struct aerocmd_dump_sink *sink, const char *key, aerogpu_handle_t handle)
{
    aerocmd_dump_sink_key(sink, key);
    fprintf(sink->out, sink->json ? "%u" : "h:%u", (unsigned)handle);
}

/* gs/hs/ds live outside the 24-byte struct (extended form) or in reserved0 (legacy). */
static void emit_bound_shaders(struct aerocmd_dump_sink *sink, const struct packet_view *view)
{
    if (!view->has_bound)
        return;
    emit_handle(sink, "gs", view->bound.gs);
    if (view->bound.extended || sink->json) {
        emit_handle(sink, "hs", view->bound.hs);
        emit_handle(sink, "ds", view->bound.ds);
    }
}

/* The text a DEBUG_MARKER carries, without its zero padding. */
static size_t marker_text_len(const uint8_t *bytes, size_t len)
{
    while (len > 0 && bytes[len - 1] == 0)
        len--;
    return len;
}

static void emit_array_payload(FILE *out, int json, const struct packet_view *view,
                               const uint8_t *payload, uint32_t len, uint32_t count)
{
    const struct aerocmd_opcode_info *info = view->info;
    struct aerocmd_dump_sink elem_sink;
    uint32_t i;
    elem_sink.out = out;
    elem_sink.json = json;
    if (json)
        fputc('[', out);
    for (i = 0; i < count && info->elem_size != 0; i++) {
        const uint8_t *elem = payload + (size_t)i * info->elem_size;
        if ((uint64_t)(i + 1u) * info->elem_size > len)
            break;
        if (json)
            fputs(i > 0 ? ",{" : "{", out);
        else
            fprintf(out, " [%u]{", (unsigned)i);
        elem_sink.first = 1;
        emit_fields(&elem_sink, info->elem_fields, info->elem_field_count, elem, info->elem_size,
                    view);
        fputc('}', out);
    }
    if (json)
        fputc(']', out);
}

static void emit_raw_payload(FILE *out, int json, const uint8_t *payload, uint32_t len)
{
    uint32_t head = len < RAW_HEAD_BYTES ? len : RAW_HEAD_BYTES;
    if (json) {
        fprintf(out, "{\"length\":%u,\"head\":\"", (unsigned)len);
        aerocmd_dump_hex(out, payload, head);
        fputs("\"}", out);
        return;
    }
    fprintf(out, " payload(%u)=", (unsigned)len);
    aerocmd_dump_hex(out, payload, head);
    if (head < len)
        fputs("...", out);
}

static void emit_marker_payload(FILE *out, int json, const uint8_t *payload, uint32_t len)
{
    size_t text_len = marker_text_len(payload, len);
    if (json) {
        fprintf(out, "{\"length\":%u,\"text\":\"", (unsigned)len);
        aerocmd_dump_json_string_body(out, payload, text_len);
        fputs("\"}", out);
        return;
    }
    fputs(" text=\"", out);
    aerocmd_dump_text_string_body(out, payload, text_len);
    fputc('"', out);
}

static void emit_payload(FILE *out, int json, const struct packet_view *view)
{
    const struct aerocmd_opcode_info *info = view->info;
    uint32_t len = 0, count = 0;
    const uint8_t *payload;
    if (info->payload_kind == AEROCMD_PAYLOAD_NONE)
        return;
    payload = aerocmd_packet_payload(view->packet, &len, &count);
    if (json)
        fputs(",\"payload\":", out);
    if (payload == NULL) {
        fputs(json ? "null" : " payload=<missing>", out);
        return;
    }
    if (info->payload_kind == AEROCMD_PAYLOAD_ARRAY)
        emit_array_payload(out, json, view, payload, len, count);
    else if (info->payload_kind == AEROCMD_PAYLOAD_REST)
        emit_marker_payload(out, json, payload, len);
    else
        emit_raw_payload(out, json, payload, len);
}

static void emit_fault(FILE *out, int json, const struct aerocmd_diag *fault)
{
    if (fault == NULL || fault->reason == AEROCMD_R_NONE)
        return;
    if (json)
        fprintf(out, ",\"fault\":\"%s\"", aerocmd_reason_name(fault->reason));
    else
        fprintf(out, "  !! %s", aerocmd_reason_name(fault->reason));
}

static void emit_text(FILE *out, const struct packet_view *view, const char *label)
{
    struct aerocmd_dump_sink sink;
    const struct aerocmd_packet *packet = view->packet;
    fprintf(out, "0x%04x %s size=%u", (unsigned)packet->offset, label,
            (unsigned)packet->size_bytes);
    if (view->info == NULL)
        return;
    sink.out = out;
    sink.json = 0;
    sink.first = 0;
    emit_fields(&sink, view->info->fields, view->info->field_count, packet->bytes,
                packet->size_bytes, view);
    emit_bound_shaders(&sink, view);
    emit_payload(out, 0, view);
}

static void emit_json(FILE *out, const struct packet_view *view, const char *label)
{
    struct aerocmd_dump_sink sink;
    const struct aerocmd_packet *packet = view->packet;
    fprintf(out, "{\"offset\":%u,\"opcode\":\"%s\",\"size\":%u", (unsigned)packet->offset, label,
            (unsigned)packet->size_bytes);
    if (view->info == NULL)
        return;
    fputs(",\"fields\":{", out);
    sink.out = out;
    sink.json = 1;
    sink.first = 1;
    emit_fields(&sink, view->info->fields, view->info->field_count, packet->bytes,
                packet->size_bytes, view);
    emit_bound_shaders(&sink, view);
    fputc('}', out);
    emit_payload(out, 1, view);
}

void aerocmd_dump_packet(FILE *out, enum aerocmd_dump_format format,
                         const struct aerocmd_stream *stream, const struct aerocmd_packet *packet,
                         const struct aerocmd_diag *fault)
{
    struct packet_view view;
    char label[AEROCMD_DUMP_OPCODE_LABEL_MAX];
    int json = format == AEROCMD_DUMP_JSON;
    view.packet = packet;
    view.info = aerocmd_opcode_info(packet->opcode);
    memset(&view.stage, 0, sizeof(view.stage));
    if (!aerocmd_packet_stage(stream, packet, &view.stage))
        memset(&view.stage, 0, sizeof(view.stage));
    memset(&view.bound, 0, sizeof(view.bound));
    view.has_bound = packet->opcode == AEROGPU_CMD_BIND_SHADERS &&
                     aerocmd_packet_bind_shaders(packet, &view.bound);
    aerocmd_dump_opcode_label(packet->opcode, label, sizeof(label));
    if (json)
        emit_json(out, &view, label);
    else
        emit_text(out, &view, label);
    emit_fault(out, json, fault);
    fputs(json ? "}\n" : "\n", out);
}
