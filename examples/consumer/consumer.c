/* SPDX-License-Identifier: MIT */
/* consumer.c — the smallest libaerocmd user: one DRAW into a caller-owned buffer, then
 * the validator over the result. Exit status 0 when both agree with the protocol. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "aerocmd/decode.h"
#include "aerocmd/version.h"
#include "aerocmd/writer.h"
#include "aerogpu_pci.h"

int main(void)
{
    uint32_t storage[64];
    struct aerocmd_writer w;
    struct aerocmd_diag diag;
    aerocmd_result r;

    r = aerocmd_writer_init_span(&w, storage, sizeof storage, AEROGPU_ABI_VERSION_U32);
    if (r == AEROCMD_OK)
        r = aerocmd_append_draw(&w, 3, 1, 0, 0);
    if (r == AEROCMD_OK)
        r = aerocmd_validate_stream(aerocmd_writer_data(&w), aerocmd_writer_size(&w), &diag);
    if (r != AEROCMD_OK) {
        fprintf(stderr, "consumer: %s\n", aerocmd_result_name(r));
        return 1;
    }
    printf("libaerocmd %s (headers %s): %u-byte stream with one DRAW, valid\n", aerocmd_version(),
           AEROCMD_VERSION_STRING, (unsigned)aerocmd_writer_size(&w));
    /* A 24-byte stream header and a 24-byte DRAW (header + four u32), per the ABI. */
    return strcmp(aerocmd_version(), AEROCMD_VERSION_STRING) != 0 ||
           aerocmd_writer_size(&w) != 24 + 24;
}
