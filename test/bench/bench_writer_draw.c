/* W: the floor of the encoder, one DRAW appended into a span per iteration. */
#include <stdio.h>
#include <stdlib.h>

#include "aerocmd/writer.h"

int main(int argc, char **argv)
{
    unsigned long count = argc > 1 ? strtoul(argv[1], NULL, 10) : 1000;
    size_t capacity = 24 + (size_t)count * sizeof(struct aerogpu_cmd_draw);
    void *span = malloc(capacity);
    struct aerocmd_writer w;
    unsigned long i;
    if (!span || aerocmd_writer_init_span(&w, span, capacity, AEROGPU_ABI_VERSION_U32))
        return 2;
    for (i = 0; i < count; i++)
        if (aerocmd_append_draw(&w, 3, 1, (uint32_t)i, 0) != AEROCMD_OK)
            return 1;
    printf("bytes=%u\n", (unsigned)sizeof(struct aerogpu_cmd_draw));
    free(span);
    return 0;
}
