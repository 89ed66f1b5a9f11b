/* SPDX-License-Identifier: MIT */
/* fuzz_decode: arbitrary bytes -> stream decoder, structural validation, semantic
 * validation (fresh tracker per input) and both dump formats. The input is tried as it
 * is and, so that the fuzzer also reaches packet bodies without having to discover a
 * valid stream header, behind a synthesised header that covers all of it; and, so that it
 * gets past shaders without having to forge an MD5 (the validator refuses a wrong DXBC
 * checksum), once more with every shader container's checksum made right. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aerocmd/decode.h"
#include "aerocmd/dump.h"
#include "aerocmd/semantic.h"

#include "../shaders/capture_shaders.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_MAX_OBJECTS 256u

static FILE *null_sink(void)
{
    static FILE *sink;
    if (!sink)
        sink = fopen("/dev/null", "w");
    return sink;
}

static void check_semantics(const uint8_t *bytes, size_t len)
{
    static uint64_t tracker_mem[4096];
    struct aerocmd_semantic st;
    struct aerocmd_stream stream;
    struct aerocmd_diag diag;
    if (aerocmd_semantic_bytes_for(FUZZ_MAX_OBJECTS) > sizeof(tracker_mem))
        abort();
    if (aerocmd_semantic_init(&st, tracker_mem, sizeof(tracker_mem)) != AEROCMD_OK)
        abort();
    if (aerocmd_stream_open(&stream, bytes, len, &diag) != AEROCMD_OK)
        return;
    (void)aerocmd_semantic_check_stream(&st, &stream, NULL, &diag);
}

static void exercise(const uint8_t *bytes, size_t len)
{
    struct aerocmd_diag diag;
    FILE *sink = null_sink();
    if (aerocmd_validate_stream(bytes, len, &diag) == AEROCMD_OK) {
        check_semantics(bytes, len);
    } else if (diag.offset >= len && len != 0) {
        abort(); /* a diagnosis must point inside the input */
    }
    if (sink) {
        (void)aerocmd_dump_stream(sink, AEROCMD_DUMP_TEXT, bytes, len, &diag);
        (void)aerocmd_dump_stream(sink, AEROCMD_DUMP_JSON, bytes, len, &diag);
    }
}

static void put_u32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

/* The input once more with its shader containers' checksums made right, when that changes
 * anything (an exact-size heap copy, as above). */
static void exercise_resummed(const uint8_t *data, size_t size)
{
    uint8_t *copy;
    if (size < 24 || size > 0xFFFF0000u || (copy = malloc(size)) == NULL)
        return;
    memcpy(copy, data, size);
    capture_resum_shaders(copy, size);
    if (memcmp(copy, data, size) != 0)
        exercise(copy, size);
    free(copy);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t *framed;
    size_t body = size & ~(size_t)3;
    exercise(data, size);
    if (body > 0xFFFF0000u)
        return 0;
    /* Exact-size heap copy so ASan sees any read past the end. */
    framed = malloc(24 + body);
    if (!framed)
        return 0;
    memset(framed, 0, 24);
    put_u32(framed, AEROGPU_CMD_STREAM_MAGIC);
    put_u32(framed + 4, AEROGPU_ABI_VERSION_U32);
    put_u32(framed + 8, (uint32_t)(24 + body));
    memcpy(framed + 24, data, body);
    exercise(framed, 24 + body);
    free(framed);
    exercise_resummed(data, size);
    return 0;
}
