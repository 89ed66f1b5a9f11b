/* SPDX-License-Identifier: MIT */
/* Every writer entry point that C callers get inline is also reachable by symbol: the
 * shared library (argv[1]) is opened with dlopen and each function looked up with dlsym,
 * as an FFI caller (Rust, ctypes) would. Expected bytes are the ABI 1.4 layouts
 * (protocol/aerogpu-abi-1.4.json): stream header 24 bytes with size_bytes at offset 8;
 * DRAW (opcode 0x601) 24 bytes, DRAW_INDEXED (0x602) 28, DISPATCH (0x603) 24, NOP (0) 8. */
#define AEROCMD_NO_INLINE /* only the exported declarations: nothing below is inlined */
#include <dlfcn.h>
#include <stdio.h>

#include "aerocmd/decode.h"
#include "aerocmd/writer.h"
#include "aerogpu_pci.h"
#include "check.h"

typedef aerocmd_result (*init_span_fn)(struct aerocmd_writer *, void *, size_t, uint32_t);
typedef const uint8_t *(*data_fn)(const struct aerocmd_writer *);
typedef uint32_t (*size_fn)(const struct aerocmd_writer *);
typedef int (*is_empty_fn)(const struct aerocmd_writer *);
typedef aerocmd_writer_checkpoint (*mark_fn)(const struct aerocmd_writer *);
typedef aerocmd_result (*reserve_fn)(struct aerocmd_writer *, uint32_t);
typedef void (*commit_fn)(struct aerocmd_writer *, uint32_t);
typedef aerocmd_result (*draw_fn)(struct aerocmd_writer *, uint32_t, uint32_t, uint32_t, uint32_t);
typedef aerocmd_result (*draw_indexed_fn)(struct aerocmd_writer *, uint32_t, uint32_t, uint32_t,
                                          int32_t, uint32_t);
typedef aerocmd_result (*dispatch_fn)(struct aerocmd_writer *, uint32_t, uint32_t, uint32_t);
typedef aerocmd_result (*validate_fn)(const void *, size_t, struct aerocmd_diag *);
typedef aerocmd_result (*stream_open_fn)(struct aerocmd_stream *, const void *, size_t,
                                         struct aerocmd_diag *);
typedef uint32_t (*stream_abi_minor_fn)(const struct aerocmd_stream *);

/* The typedefs above match the header's prototypes (checked without referencing them). */
#define SAME_TYPE(type, function) ((void)sizeof((type)0 == (function)))

/* dlsym returns an object pointer; POSIX guarantees it converts to a function pointer,
 * ISO C does not (-Wpedantic): copy the representation instead of casting. */
typedef void (*any_fn)(void);

static any_fn lookup(void *library, const char *name)
{
    void *symbol = dlsym(library, name);
    any_fn function = NULL;
    if (CHECK(symbol != NULL))
        memcpy(&function, &symbol, sizeof function);
    else
        fprintf(stderr, "    %s is not exported\n", name);
    return function;
}

static uint32_t u32_at(const uint8_t *bytes, uint32_t offset)
{
    uint32_t v;
    memcpy(&v, bytes + offset, 4);
    return v;
}

static void check_packet(const uint8_t *stream, uint32_t offset, uint32_t opcode, uint32_t size,
                         const uint32_t *fields, uint32_t field_count)
{
    uint32_t i;
    CHECK_EQ(u32_at(stream, offset), opcode);
    CHECK_EQ(u32_at(stream, offset + 4), size);
    for (i = 0; i < field_count; i++)
        CHECK_EQ(u32_at(stream, offset + 8 + 4 * i), fields[i]);
}

static uint32_t storage[64];

/* The writer and decoder entry points, as looked up by name in the shared library. */
struct exported_api {
    init_span_fn init_span;
    data_fn data;
    size_fn size;
    is_empty_fn is_empty;
    size_fn abi_minor;
    mark_fn mark;
    reserve_fn reserve;
    commit_fn commit;
    draw_fn append_draw;
    draw_indexed_fn append_draw_indexed;
    dispatch_fn append_dispatch;
    validate_fn validate;
    stream_open_fn stream_open;
    stream_abi_minor_fn stream_abi_minor;
};

static void check_typedefs_match_prototypes(void)
{
    SAME_TYPE(data_fn, aerocmd_writer_data);
    SAME_TYPE(size_fn, aerocmd_writer_size);
    SAME_TYPE(is_empty_fn, aerocmd_writer_is_empty);
    SAME_TYPE(size_fn, aerocmd_writer_abi_minor);
    SAME_TYPE(mark_fn, aerocmd_writer_mark);
    SAME_TYPE(reserve_fn, aerocmd_writer_reserve);
    SAME_TYPE(commit_fn, aerocmd_writer_commit);
    SAME_TYPE(draw_fn, aerocmd_append_draw);
    SAME_TYPE(draw_indexed_fn, aerocmd_append_draw_indexed);
    SAME_TYPE(dispatch_fn, aerocmd_append_dispatch);
    SAME_TYPE(stream_abi_minor_fn, aerocmd_stream_abi_minor);
}

static void look_up_api(void *library, struct exported_api *api)
{
    api->init_span = (init_span_fn)lookup(library, "aerocmd_writer_init_span");
    api->data = (data_fn)lookup(library, "aerocmd_writer_data");
    api->size = (size_fn)lookup(library, "aerocmd_writer_size");
    api->is_empty = (is_empty_fn)lookup(library, "aerocmd_writer_is_empty");
    api->abi_minor = (size_fn)lookup(library, "aerocmd_writer_abi_minor");
    api->mark = (mark_fn)lookup(library, "aerocmd_writer_mark");
    api->reserve = (reserve_fn)lookup(library, "aerocmd_writer_reserve");
    api->commit = (commit_fn)lookup(library, "aerocmd_writer_commit");
    api->append_draw = (draw_fn)lookup(library, "aerocmd_append_draw");
    api->append_draw_indexed = (draw_indexed_fn)lookup(library, "aerocmd_append_draw_indexed");
    api->append_dispatch = (dispatch_fn)lookup(library, "aerocmd_append_dispatch");
    api->validate = (validate_fn)lookup(library, "aerocmd_validate_stream");
    api->stream_open = (stream_open_fn)lookup(library, "aerocmd_stream_open");
    api->stream_abi_minor = (stream_abi_minor_fn)lookup(library, "aerocmd_stream_abi_minor");
}

/* Into `storage`: the header, a draw, an indexed draw, a dispatch and a NOP. */
static void write_stream(const struct exported_api *api, struct aerocmd_writer *w)
{
    uint8_t *space;
    CHECK_EQ(api->init_span(w, storage, sizeof storage, AEROGPU_ABI_VERSION_U32), AEROCMD_OK);
    CHECK(api->data(w) == (const uint8_t *)storage);
    CHECK_EQ(api->size(w), 24);
    CHECK_EQ(api->is_empty(w), 1);
    CHECK_EQ(api->abi_minor(w), AEROGPU_ABI_MINOR);
    CHECK_EQ(api->mark(w), 24);

    CHECK_EQ(api->append_draw(w, 3, 1, 0, 0), AEROCMD_OK);
    CHECK_EQ(api->append_draw_indexed(w, 6, 2, 1, -4, 3), AEROCMD_OK);
    CHECK_EQ(api->append_dispatch(w, 2, 3, 4), AEROCMD_OK);
    CHECK_EQ(api->size(w), 24 + 24 + 28 + 24);
    CHECK_EQ(api->is_empty(w), 0);

    /* A NOP through the low-level pair: reserve, store, commit. */
    CHECK_EQ(api->reserve(w, 8), AEROCMD_OK);
    space = (uint8_t *)storage + api->size(w);
    memset(space, 0, 4); /* opcode NOP */
    memcpy(space + 4, &(uint32_t){8}, 4);
    api->commit(w, 8);
    CHECK_EQ(api->mark(w), 24 + 24 + 28 + 24 + 8);
    CHECK_EQ(api->reserve(w, sizeof storage), AEROCMD_E_BUFFER_FULL);
}

/* The stream's bytes are the ABI layouts, and the library's decoder accepts them. */
static void check_stream(const struct exported_api *api, const struct aerocmd_writer *w)
{
    static const uint32_t draw[] = {3, 1, 0, 0}, indexed[] = {6, 2, 1, (uint32_t)-4, 3},
                          dispatch[] = {2, 3, 4, 0};
    struct aerocmd_stream stream;
    struct aerocmd_diag diag;
    check_packet(api->data(w), 24, 0x601, 24, draw, 4);
    check_packet(api->data(w), 48, 0x602, 28, indexed, 5);
    check_packet(api->data(w), 76, 0x603, 24, dispatch, 4);
    check_packet(api->data(w), 100, 0, 8, NULL, 0);
    CHECK_EQ(u32_at(api->data(w), 8), api->size(w)); /* header size_bytes follows every append */

    CHECK_EQ(api->validate(api->data(w), api->size(w), &diag), AEROCMD_OK);
    CHECK_EQ(api->stream_open(&stream, api->data(w), api->size(w), &diag), AEROCMD_OK);
    CHECK_EQ(api->stream_abi_minor(&stream), AEROGPU_ABI_MINOR);
}

int main(int argc, char **argv)
{
    struct exported_api api;
    struct aerocmd_writer w;
    void *library;

    check_typedefs_match_prototypes();
    if (argc != 2 || !CHECK((library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL)) != NULL))
        return check_finish();
    look_up_api(library, &api);
    if (check_failed_count)
        return check_finish();
    write_stream(&api, &w);
    check_stream(&api, &w);
    dlclose(library);
    return check_finish();
}
