/* SPDX-License-Identifier: MIT */
/* inline_exported.c — the exported twins of the public headers' inline functions, for
 * callers that cannot inline C (FFI, dlsym). Same code: each calls its NAME_inline. */
#define AEROCMD_NO_INLINE
#include "aerocmd/decode.h"
#include "aerocmd/writer.h"

const uint8_t *aerocmd_writer_data(const struct aerocmd_writer *w)
{
    return aerocmd_writer_data_inline(w);
}

uint32_t aerocmd_writer_size(const struct aerocmd_writer *w)
{
    return aerocmd_writer_size_inline(w);
}

int aerocmd_writer_is_empty(const struct aerocmd_writer *w)
{
    return aerocmd_writer_is_empty_inline(w);
}

uint32_t aerocmd_writer_abi_minor(const struct aerocmd_writer *w)
{
    return aerocmd_writer_abi_minor_inline(w);
}

aerocmd_writer_checkpoint aerocmd_writer_mark(const struct aerocmd_writer *w)
{
    return aerocmd_writer_mark_inline(w);
}

aerocmd_result aerocmd_writer_reserve(struct aerocmd_writer *w, uint32_t size)
{
    return aerocmd_writer_reserve_inline(w, size);
}

void aerocmd_writer_commit(struct aerocmd_writer *w, uint32_t size)
{
    aerocmd_writer_commit_inline(w, size);
}

aerocmd_result aerocmd_append_draw(struct aerocmd_writer *w, uint32_t vertex_count,
                                   uint32_t instance_count, uint32_t first_vertex,
                                   uint32_t first_instance)
{
    return aerocmd_append_draw_inline(w, vertex_count, instance_count, first_vertex,
                                      first_instance);
}

aerocmd_result aerocmd_append_draw_indexed(struct aerocmd_writer *w, uint32_t index_count,
                                           uint32_t instance_count, uint32_t first_index,
                                           int32_t base_vertex, uint32_t first_instance)
{
    return aerocmd_append_draw_indexed_inline(w, index_count, instance_count, first_index,
                                              base_vertex, first_instance);
}

aerocmd_result aerocmd_append_dispatch(struct aerocmd_writer *w, uint32_t group_count_x,
                                       uint32_t group_count_y, uint32_t group_count_z)
{
    return aerocmd_append_dispatch_inline(w, group_count_x, group_count_y, group_count_z);
}

uint32_t aerocmd_stream_abi_minor(const struct aerocmd_stream *stream)
{
    return aerocmd_stream_abi_minor_inline(stream);
}
