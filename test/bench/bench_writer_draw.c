/* SPDX-License-Identifier: MIT */
/* W: the floor of the encoder, DRAW appended into a span. Four appends per iteration
 * (printed as packets=4) so that the loop's own counter and branch weigh a quarter as much
 * on the figure per append. */
#include <stdio.h>
#include <stdlib.h>

#include "aerocmd/writer.h"

#define APPENDS_PER_ITERATION 4u

int main(int argc, char **argv)
{
    unsigned long count = argc > 1 ? strtoul(argv[1], NULL, 10) : 1000;
    size_t capacity = 24 + (size_t)count * APPENDS_PER_ITERATION * sizeof(struct aerogpu_cmd_draw);
    void *span = malloc(capacity);
    struct aerocmd_writer w;
    unsigned long i;
    unsigned failed = 0; /* results OR-ed together: AEROCMD_OK is 0 */
    if (!span || aerocmd_writer_init_span(&w, span, capacity, AEROGPU_ABI_VERSION_U32))
        return 2;
    for (i = 0; i < count; i++) {
        uint32_t first = (uint32_t)i * 12u;
        failed |= (unsigned)aerocmd_append_draw(&w, 3, 1, first, 0);
        failed |= (unsigned)aerocmd_append_draw(&w, 3, 1, first + 3u, 0);
        failed |= (unsigned)aerocmd_append_draw(&w, 3, 1, first + 6u, 0);
        failed |= (unsigned)aerocmd_append_draw(&w, 3, 1, first + 9u, 0);
    }
    if (failed || aerocmd_writer_size(&w) != capacity)
        return 1;
    printf("bytes=%u packets=%u\n",
           (unsigned)(APPENDS_PER_ITERATION * sizeof(struct aerogpu_cmd_draw)),
           APPENDS_PER_ITERATION);
    free(span);
    return 0;
}
