/* SPDX-License-Identifier: MIT */
/* fuzz_exec: arbitrary bytes -> the reference executor in its dry run (aerocmd_exec_run:
 * a raw stream or an .aerogputrace capture; every packet decoded, validated and translated,
 * shaders checked by vkd3d-shader, pipeline descriptions built; no device).
 *
 * Invariants: a run either succeeds or stops with a result that is an error and a
 * one-line message; a refusal inside a stream names an offset no further than its end;
 * destroying the executor releases everything (the sanitizers and the regression replay
 * under valgrind watch the rest). vkd3d-shader runs in this process
 * (AEROCMD_EXEC_COMPILE_IN_PROCESS): a shader the token checker lets through and vkd3d
 * aborts on is a finding, not a refusal.
 *
 * The custom mutator (dxbc_mutator.c) changes SM4 tokens inside the input's DXBC containers
 * half of the time and recomputes their checksums after every mutation, so that inputs
 * reach past the checksum check into the token checker and vkd3d-shader. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "aerocmd/exec.h"
#include "dxbc_mutator.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed);
/* libFuzzer's own mutation; weak: absent in the regression replay (regress_main.c). */
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size) __attribute__((weak));

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed)
{
    if (seed % 2u == 0 && dxbc_mutator_mutate(data, size, seed / 2u) != 0)
        return size;
    if (LLVMFuzzerMutate == NULL)
        return size;
    size = LLVMFuzzerMutate(data, size, max_size);
    dxbc_mutator_fix_checksums(data, size);
    return size;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct aerocmd_exec_options opts;
    struct aerocmd_exec_error err;
    struct aerocmd_exec *ex = NULL;
    aerocmd_result r;
    uint32_t i;
    memset(&opts, 0, sizeof(opts));
    opts.flags = AEROCMD_EXEC_DRY_RUN | AEROCMD_EXEC_COMPILE_IN_PROCESS;
    opts.resource_budget_bytes = 64u << 20;
    if (aerocmd_exec_create(&opts, &ex, &err) != AEROCMD_OK)
        abort(); /* a dry run needs no device */
    r = aerocmd_exec_run(ex, data, size, &err);
    if (r != AEROCMD_OK && (err.result != r || err.message[0] == '\0'))
        abort();
    if (r != AEROCMD_OK && err.in_stream && err.diag.offset > size)
        abort();
    for (i = 0; i < aerocmd_exec_present_count(ex); i++)
        if (aerocmd_exec_get_present(ex, i)->image.rgba8 != NULL)
            abort(); /* no pixels in a dry run */
    aerocmd_exec_destroy(ex);
    return 0;
}
