/* SPDX-License-Identifier: MIT */
/* input_layout.c — the D3D10/11 input-layout blob ("ILAY") of CREATE_INPUT_LAYOUT and the
 * semantic-name hash the host matches shader inputs by. */
#include "writer_internal.h"

#define FNV1A_OFFSET_BASIS 2166136261u
#define FNV1A_PRIME        16777619u

uint32_t aerocmd_semantic_hash(const char *name)
{
    uint32_t hash = FNV1A_OFFSET_BASIS;
    const unsigned char *c = (const unsigned char *)name;

    if (c == NULL)
        return hash;
    for (; *c != 0; c++) {
        unsigned char upper = (*c >= 'a' && *c <= 'z') ? (unsigned char)(*c - ('a' - 'A')) : *c;
        hash ^= upper;
        hash *= FNV1A_PRIME;
    }
    return hash;
}

/* Checked before any byte is reserved so that a bad element never leaves half a packet. */
static aerocmd_result check_elements(const struct aerocmd_input_element *elements, uint32_t count)
{
    uint32_t i;

    if (elements == NULL && count != 0)
        return AEROCMD_E_INVALID_ARG;
    for (i = 0; i < count; i++) {
        if (elements[i].semantic_name == NULL)
            return AEROCMD_E_INVALID_ARG;
    }
    return AEROCMD_OK;
}

static void write_blob(uint8_t *blob, const struct aerocmd_input_element *elements, uint32_t count)
{
    struct aerogpu_input_layout_blob_header *h = (struct aerogpu_input_layout_blob_header *)blob;
    struct aerogpu_input_layout_element_dxgi *out =
        (struct aerogpu_input_layout_element_dxgi *)(blob + sizeof *h);
    uint32_t i;

    h->magic = AEROGPU_INPUT_LAYOUT_BLOB_MAGIC;
    h->version = AEROGPU_INPUT_LAYOUT_BLOB_VERSION;
    h->element_count = count;
    h->reserved0 = 0;
    for (i = 0; i < count; i++) {
        out[i].semantic_name_hash = aerocmd_semantic_hash(elements[i].semantic_name);
        out[i].semantic_index = elements[i].semantic_index;
        out[i].dxgi_format = elements[i].dxgi_format;
        out[i].input_slot = elements[i].input_slot;
        out[i].aligned_byte_offset = elements[i].aligned_byte_offset;
        out[i].input_slot_class = elements[i].input_slot_class;
        out[i].instance_data_step_rate = elements[i].instance_data_step_rate;
    }
}

aerocmd_result aerocmd_append_create_input_layout(struct aerocmd_writer *w,
                                                  aerogpu_handle_t input_layout,
                                                  const struct aerocmd_input_element *elements,
                                                  uint32_t element_count)
{
    struct aerogpu_cmd_create_input_layout *p;
    uint32_t elements_bytes, blob_bytes;
    uint8_t *raw;
    aerocmd_result r;

    /* Size first: an impossible count must not make us walk the caller's array. */
    r = aerocmd_writer_array_bytes(
        element_count, (uint32_t)sizeof(struct aerogpu_input_layout_element_dxgi), &elements_bytes);
    if (r != AEROCMD_OK)
        return r;
    if (elements_bytes > 0xFFFFFFFFu - sizeof(struct aerogpu_input_layout_blob_header))
        return AEROCMD_E_INVALID_ARG;
    blob_bytes = elements_bytes + (uint32_t)sizeof(struct aerogpu_input_layout_blob_header);
    r = check_elements(elements, element_count);
    if (r != AEROCMD_OK)
        return r;
    r = aerocmd_writer_emplace(w, AEROGPU_CMD_CREATE_INPUT_LAYOUT, sizeof *p, blob_bytes, &raw);
    if (r != AEROCMD_OK)
        return r;
    p = (struct aerogpu_cmd_create_input_layout *)raw;
    p->input_layout_handle = input_layout;
    p->blob_size_bytes = blob_bytes;
    write_blob(raw + sizeof *p, elements, element_count);
    return AEROCMD_OK;
}
