/* SM4 builder: every program the tests build, wrapped with its signatures, is accepted by
 * vkd3d-shader (DXBC -> SPIR-V); a container with a corrupted checksum or a damaged
 * token stream is rejected. */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "dxbc_vkd3d.h"
#include "sm4_programs.h"

#define CAP 256u

static uint32_t container(const struct program *p, uint8_t *out, uint32_t cap)
{
    struct aerocmd_sm4_builder b;
    uint32_t tokens[CAP], size = 0;
    if (!CHECK_EQ(program_build(p, tokens, CAP, &b), AEROCMD_OK) ||
        !CHECK_EQ(aerocmd_sm4_dxbc(&b, &p->sigs, out, cap, &size), AEROCMD_OK))
        return 0;
    return size;
}

int main(void)
{
    static uint8_t c[4096];
    uint32_t i, size;
    for (i = 0; i < PROGRAM_COUNT; i++) {
        size = container(&programs[i], c, sizeof c);
        if (!CHECK(size > 0 && dxbc_vkd3d_ok(c, size, programs[i].name)))
            fprintf(stderr, "    program %s\n", programs[i].name);
    }
    /* A corrupted checksum is rejected (bit 0 of its first byte flipped). */
    size = container(&programs[0], c, sizeof c);
    c[4] ^= 1u;
    CHECK(!dxbc_vkd3d_ok(c, size, "corrupted checksum (expected to fail)"));
    /* A token stream whose length token is past the chunk, with a valid checksum. */
    size = container(&programs[1], c, sizeof c);
    {
        uint32_t shdr, len;
        memcpy(&shdr, c + 40, 4);
        memcpy(&len, c + shdr + 12, 4);
        len += 8;
        memcpy(c + shdr + 12, &len, 4);
        CHECK_EQ(aerocmd_umd_dxbc_checksum(c, size, c + 4), AEROCMD_OK);
        CHECK(!dxbc_vkd3d_ok(c, size, "length past the chunk (expected to fail)"));
    }
    return check_finish();
}
