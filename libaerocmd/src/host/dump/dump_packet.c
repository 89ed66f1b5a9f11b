/* SPDX-License-Identifier: MIT */
/* One packet as a text line or a JSON object, driven by the decoder's opcode table: the
 * fixed fields, the payload (counted array, raw bytes or marker text), the resolved
 * stage_ex and the extended BIND_SHADERS handles. */
#include "dump_internal.h"

struct packet_view {
    const struct aerocmd_packet *packet;
    const struct aerocmd_opcode_info *info;
    struct aerocmd_stage stage; /* stage_ex 0 when the packet names none */
    struct aerocmd_bound_shaders bound;
    int has_bound; /* BIND_SHADERS: `bound` holds its resolved handles */
};

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
static int put_stage_ex(struct aerocmd_dumper *d, int *first,
                        const struct aerocmd_field_info *field, const struct aerocmd_stage *stage)
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
    aerocmd_priv_dump_key(d, first, "stage_ex");
    aerocmd_priv_dump_value(d, &as_enum, raw);
    return 1;
}

static int is_reserved(const struct aerocmd_field_info *field)
{
    return field->kind == AEROCMD_FIELD_RESERVED || field->kind == AEROCMD_FIELD_STAGE_EX ||
           (field->name[0] == 'r' && strncmp(field->name, "reserved", 8) == 0);
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
    return view->has_bound && len == 4 && aerocmd_priv_dump_read_le(bytes, 4) == view->bound.gs;
}

/* One field of a struct at `base` with `avail` readable bytes. Fields that do not fit are
 * left out (the packet is too short; its fault says so). JSON keeps every field that fits,
 * under its protocol name. */
static void put_field(struct aerocmd_dumper *d, int *first, const struct aerocmd_field_info *field,
                      const uint8_t *base, size_t avail, const struct packet_view *view)
{
    size_t count = field->elem_count > 1 ? field->elem_count : 1;
    size_t elem = field->elem_size >= 1 && field->elem_size <= 8 ? field->elem_size : 4;
    size_t i, span = (size_t)field->offset + elem * count;
    struct aerocmd_field_info as_u32;
    const struct aerocmd_field_info *shown = field;
    if (span > avail)
        return;
    if (field->kind == AEROCMD_FIELD_STAGE_EX && !d->json &&
        put_stage_ex(d, first, field, &view->stage))
        return;
    if (!d->json && text_skips(field, base + field->offset, elem * count, view))
        return;
    if (field->kind == AEROCMD_FIELD_RESERVED || field->kind == AEROCMD_FIELD_STAGE_EX) {
        as_u32 = *field;
        as_u32.kind = AEROCMD_FIELD_U32;
        shown = &as_u32;
    }
    aerocmd_priv_dump_key(d, first, field->name);
    if (count > 1)
        out_char(d, '[');
    for (i = 0; i < count; i++) {
        if (i > 0)
            out_char(d, ',');
        aerocmd_priv_dump_value(d, shown, base + field->offset + i * elem);
    }
    if (count > 1)
        out_char(d, ']');
    if (field->kind == AEROCMD_FIELD_STAGE_EX && d->json)
        put_stage_ex(d, first, field, &view->stage);
}

static void put_fields(struct aerocmd_dumper *d, int *first,
                       const struct aerocmd_field_info *fields, uint32_t count, const uint8_t *base,
                       size_t avail, const struct packet_view *view)
{
    uint32_t i;
    for (i = 0; fields != NULL && i < count; i++)
        put_field(d, first, &fields[i], base, avail, view);
}

static void put_handle(struct aerocmd_dumper *d, int *first, const char *key,
                       aerogpu_handle_t handle)
{
    aerocmd_priv_dump_key(d, first, key);
    if (!d->json)
        out_mem(d, "h:", 2);
    aerocmd_priv_dump_u64(d, handle);
}

/* gs/hs/ds live outside the 24-byte struct (extended form) or in reserved0 (legacy). */
static void put_bound_shaders(struct aerocmd_dumper *d, int *first, const struct packet_view *view)
{
    if (!view->has_bound)
        return;
    put_handle(d, first, "gs", view->bound.gs);
    if (view->bound.extended || d->json) {
        put_handle(d, first, "hs", view->bound.hs);
        put_handle(d, first, "ds", view->bound.ds);
    }
}

/* The text a DEBUG_MARKER carries, without its zero padding. */
static size_t marker_text_len(const uint8_t *bytes, size_t len)
{
    while (len > 0 && bytes[len - 1] == 0)
        len--;
    return len;
}

static void put_array_payload(struct aerocmd_dumper *d, const struct packet_view *view,
                              const uint8_t *payload, uint32_t len, uint32_t count)
{
    const struct aerocmd_opcode_info *info = view->info;
    uint32_t i;
    if (d->json)
        out_char(d, '[');
    for (i = 0; i < count && info->elem_size != 0; i++) {
        const uint8_t *elem = payload + (size_t)i * info->elem_size;
        int first = 1;
        if ((uint64_t)(i + 1u) * info->elem_size > len)
            break;
        if (d->json) {
            out_str(d, i > 0 ? ",{" : "{");
        } else {
            out_mem(d, " [", 2);
            aerocmd_priv_dump_u64(d, i);
            out_mem(d, "]{", 2);
        }
        put_fields(d, &first, info->elem_fields, info->elem_field_count, elem, info->elem_size,
                   view);
        out_char(d, '}');
    }
    if (d->json)
        out_char(d, ']');
}

static void put_raw_payload(struct aerocmd_dumper *d, const uint8_t *payload, uint32_t len)
{
    uint32_t head = len < AEROCMD_DUMP_PAYLOAD_HEAD_BYTES ? len : AEROCMD_DUMP_PAYLOAD_HEAD_BYTES;
    int full = (d->flags & AEROCMD_DUMP_FULL_PAYLOADS) != 0;
    if (d->json) {
        out_str(d, "{\"length\":");
        aerocmd_priv_dump_u64(d, len);
        out_str(d, ",\"head\":\"");
        aerocmd_priv_dump_hex_bytes(d, payload, head);
        if (full) {
            out_str(d, "\",\"data\":\"");
            aerocmd_priv_dump_hex_bytes(d, payload, len);
        }
        out_mem(d, "\"}", 2);
        return;
    }
    out_str(d, " payload(");
    aerocmd_priv_dump_u64(d, len);
    out_mem(d, ")=", 2);
    aerocmd_priv_dump_hex_bytes(d, payload, full ? len : head);
    if (!full && head < len)
        out_mem(d, "...", 3);
}

static void put_marker_payload(struct aerocmd_dumper *d, const uint8_t *payload, uint32_t len)
{
    size_t text_len = marker_text_len(payload, len);
    if (d->json) {
        out_str(d, "{\"length\":");
        aerocmd_priv_dump_u64(d, len);
        out_str(d, ",\"text\":\"");
        aerocmd_dumper_json_string_body(d, payload, text_len);
        out_mem(d, "\"}", 2);
        return;
    }
    out_str(d, " text=\"");
    aerocmd_dumper_text_string_body(d, payload, text_len);
    out_char(d, '"');
}

static void put_payload(struct aerocmd_dumper *d, const struct packet_view *view)
{
    const struct aerocmd_opcode_info *info = view->info;
    uint32_t len = 0, count = 0;
    const uint8_t *payload;
    if (info->payload_kind == AEROCMD_PAYLOAD_NONE)
        return;
    payload = aerocmd_packet_payload(view->packet, &len, &count);
    if (d->json)
        out_str(d, ",\"payload\":");
    if (payload == NULL) {
        out_str(d, d->json ? "null" : " payload=<missing>");
        return;
    }
    if (info->payload_kind == AEROCMD_PAYLOAD_ARRAY)
        put_array_payload(d, view, payload, len, count);
    else if (info->payload_kind == AEROCMD_PAYLOAD_REST)
        put_marker_payload(d, payload, len);
    else
        put_raw_payload(d, payload, len);
}

static void put_fault(struct aerocmd_dumper *d, const struct aerocmd_diag *fault)
{
    if (fault == NULL || fault->reason == AEROCMD_R_NONE)
        return;
    out_str(d, d->json ? ",\"fault\":\"" : "  !! ");
    out_str(d, aerocmd_reason_name(fault->reason));
    if (d->json)
        out_char(d, '"');
}

static void put_body(struct aerocmd_dumper *d, const struct packet_view *view)
{
    const struct aerocmd_packet *packet = view->packet;
    int first = !!d->json;
    if (view->info == NULL)
        return;
    if (d->json)
        out_str(d, ",\"fields\":{");
    put_fields(d, &first, view->info->fields, view->info->field_count, packet->bytes,
               packet->size_bytes, view);
    put_bound_shaders(d, &first, view);
    if (d->json)
        out_char(d, '}');
    put_payload(d, view);
}

void aerocmd_dumper_packet(struct aerocmd_dumper *d, const struct aerocmd_stream *stream,
                           const struct aerocmd_packet *packet, const struct aerocmd_diag *fault)
{
    struct packet_view view;
    char label[AEROCMD_DUMP_OPCODE_LABEL_MAX];
    view.packet = packet;
    view.info = aerocmd_opcode_info(packet->opcode);
    if (!aerocmd_packet_stage(stream, packet, &view.stage))
        memset(&view.stage, 0, sizeof(view.stage));
    memset(&view.bound, 0, sizeof(view.bound));
    view.has_bound = packet->opcode == AEROGPU_CMD_BIND_SHADERS &&
                     aerocmd_packet_bind_shaders(packet, &view.bound);
    if (d->json) {
        out_str(d, "{\"type\":\"packet\",\"offset\":");
        aerocmd_priv_dump_u64(d, packet->offset);
        out_str(d, ",\"opcode\":\"");
        out_str(d, aerocmd_dump_opcode_label(packet->opcode, label, sizeof(label)));
        out_str(d, "\",\"size\":");
    } else {
        aerocmd_priv_dump_hex(d, packet->offset, 4);
        out_char(d, ' ');
        out_str(d, aerocmd_dump_opcode_label(packet->opcode, label, sizeof(label)));
        out_str(d, " size=");
    }
    aerocmd_priv_dump_u64(d, packet->size_bytes);
    put_body(d, &view);
    put_fault(d, fault);
    out_str(d, d->json ? "}\n" : "\n");
}

void aerocmd_dump_packet(FILE *out, enum aerocmd_dump_format format,
                         const struct aerocmd_stream *stream, const struct aerocmd_packet *packet,
                         const struct aerocmd_diag *fault)
{
    struct aerocmd_dumper d;
    aerocmd_dumper_init(&d, out, format, 0);
    aerocmd_dumper_packet(&d, stream, packet, fault);
    aerocmd_dumper_flush(&d);
}
