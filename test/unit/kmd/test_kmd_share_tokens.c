/* SPDX-License-Identifier: MIT */
/* Share-surface packets in the render path name a token that an allocation of this
 * submission carries (kmd_render.h). With aerocmd_kmd_render_table_bytes_for the tokens are
 * looked up in a sorted index after the table; with only the table's bytes the list is
 * scanned. Both must give the same verdict for every packet: a listed token passes, an
 * unlisted one, 0, or the token of a NULL list entry is SHARE_TOKEN_UNLISTED at the packet. */
#include <string.h>

#include "aerocmd/writer.h"
#include "check.h"
#include "kmd_kit.h"

#define REFS 5u
#define HDR  24u

static uint8_t user_bytes[512];
static uint64_t tracker_mem[2048];
static uint64_t table_mem[64];
static uint64_t dma_mem[64];
static struct aerocmd_kmd_alloc_ref refs[REFS];

/* One RELEASE_SHARED_SURFACE of `token` through a fresh validator. */
static aerocmd_ntstatus release(uint64_t token, size_t table_bytes,
                                struct aerocmd_kmd_render_out *out)
{
    struct aerocmd_writer w;
    struct kmd_kit kit;
    aerocmd_writer_init_span(&w, user_bytes, sizeof user_bytes, AEROGPU_ABI_VERSION_U32);
    aerocmd_append_release_shared_surface(&w, token);
    kmd_kit_open(&kit, tracker_mem, sizeof tracker_mem, dma_mem, sizeof dma_mem, table_mem,
                 table_bytes);
    return kmd_kit_render(&kit, user_bytes, aerocmd_writer_size(&w), refs, REFS, out);
}

int main(void)
{
    static const uint64_t tokens[REFS] = {1000, 9, 0, 5, 77};
    static const uint64_t asked[] = {5, 9, 1000, 6, 0, 77, 0xFFFFFFFFFFFFFFFFull};
    size_t sizes[2], i, s;
    for (i = 0; i < REFS; i++) {
        refs[i].identity = 0x10 + i;
        refs[i].alloc_id = 1 + (uint32_t)i;
        refs[i].gpa = 0x100000 * (i + 1);
        refs[i].size_bytes = 4096;
        refs[i].share_token = tokens[i];
    }
    refs[4].identity = 0; /* a NULL list entry: its token counts for nothing */
    sizes[0] = aerocmd_kmd_render_table_bytes_for(REFS);
    sizes[1] = aerocmd_kmd_alloc_table_bytes_for(REFS);
    CHECK_EQ(sizes[0], 24 + REFS * 32 + REFS * 8);
    CHECK(sizes[0] <= sizeof table_mem);
    for (s = 0; s < 2; s++) {
        for (i = 0; i < sizeof asked / sizeof asked[0]; i++) {
            struct aerocmd_kmd_render_out out;
            int listed = asked[i] == 5 || asked[i] == 9 || asked[i] == 1000;
            aerocmd_ntstatus status = release(asked[i], sizes[s], &out);
            if (listed) {
                CHECK_EQ(status, AEROCMD_STATUS_SUCCESS);
            } else {
                CHECK_EQ(status, AEROCMD_STATUS_INVALID_HANDLE);
                CHECK_EQ(out.fault.reason, AEROCMD_KMD_R_SHARE_TOKEN_UNLISTED);
                CHECK_EQ(out.fault.offset, HDR);
            }
        }
    }
    return check_finish();
}
