/* SPDX-License-Identifier: MIT */
/* The executor's hooks a live host sets (aerocmd/exec.h, aerocmd_exec_set_hooks): every
 * byte range a WRITEBACK_DST copy writes into guest memory is reported where RULES.md's
 * texture layout puts it (the rows of a texture with a padded pitch one by one, the pitch
 * padding never), and each PRESENT is handed over as it runs, with its pixels, and not kept.
 * aerocmd_exec_clear_guest_memory forgets every allocation's memory. */
#include "pixels/pixels_kit.h"

#define MAX_RANGES 16u

struct seen {
    uint32_t n;
    uint32_t alloc[MAX_RANGES];
    uint64_t offset[MAX_RANGES], size[MAX_RANGES];
    uint32_t presents;
    uint32_t handles[4];
    uint8_t first_texel[4][4];
};

static void on_writeback(void *user, uint32_t alloc_id, uint64_t offset, uint64_t size)
{
    struct seen *s = user;
    if (s->n < MAX_RANGES)
        s->alloc[s->n] = alloc_id, s->offset[s->n] = offset, s->size[s->n] = size;
    s->n++;
}

static void on_present(void *user, const struct aerocmd_exec_present *pr)
{
    struct seen *s = user;
    if (s->presents < 4) {
        s->handles[s->presents] = pr->image.handle;
        if (pr->image.rgba8 != NULL)
            memcpy(s->first_texel[s->presents], pr->image.rgba8, 4);
    }
    s->presents++;
}

static void install(struct px *p, struct seen *s)
{
    struct aerocmd_exec_hooks hooks;
    memset(s, 0, sizeof(*s));
    hooks.present = on_present;
    hooks.writeback = on_writeback;
    hooks.user = s;
    aerocmd_exec_set_hooks(p->be.ex, &hooks);
}

/* An 8x4 B8G8R8A8 staging texture (32-byte rows) with a 64-byte pitch at offset 128 of
 * allocation 7: its rows are bytes 128..160, 192..224, 256..288, 320..352. A buffer at
 * offset 16 of allocation 8 receives 8 bytes at its offset 4: bytes 20..28. */
static void writeback_ranges(void)
{
    static const float c[4] = {0.2f, 0.4f, 0.6f, 1.0f};
    struct aerocmd_copy_texture2d_args copy;
    struct aerocmd_texture2d_args t;
    uint8_t memory[512], src[8];
    struct seen s;
    uint32_t rt, sbuf, i;
    struct px p;
    if (!px_start(&p))
        return;
    install(&p, &s);
    memset(memory, 0xCD, sizeof(memory));
    CHECK(aerocmd_exec_set_guest_memory(p.be.ex, 7, 0x10000, memory, sizeof(memory)) == AEROCMD_OK);
    CHECK(aerocmd_exec_set_guest_memory(p.be.ex, 8, 0x20000, memory, 64) == AEROCMD_OK);
    rt = px_target(&p, AEROGPU_FORMAT_B8G8R8A8_UNORM, 8, 4, c);
    memset(&t, 0, sizeof(t));
    t.texture_handle = px_handle(&p);
    t.usage_flags = AEROGPU_RESOURCE_USAGE_TEXTURE;
    t.format = AEROGPU_FORMAT_B8G8R8A8_UNORM, t.width = 8, t.height = 4;
    t.mip_levels = t.array_layers = 1;
    t.row_pitch_bytes = 64, t.backing_alloc_id = 7, t.backing_offset_bytes = 128;
    CHECK(aerocmd_append_create_texture2d(&p.w, &t) == AEROCMD_OK);
    memset(&copy, 0, sizeof(copy));
    copy.dst_texture = t.texture_handle, copy.src_texture = rt, copy.width = 8, copy.height = 4;
    copy.flags = AEROGPU_COPY_FLAG_WRITEBACK_DST;
    CHECK(aerocmd_append_copy_texture2d(&p.w, &copy) == AEROCMD_OK);
    memset(src, 0x5A, sizeof(src));
    sbuf = px_handle(&p);
    CHECK(aerocmd_append_create_buffer(&p.w, sbuf, 0, 32, 8, 16) == AEROCMD_OK);
    CHECK(aerocmd_append_copy_buffer(&p.w, sbuf, px_buffer(&p, src, 8), 4, 0, 8,
                                     AEROGPU_COPY_FLAG_WRITEBACK_DST) == AEROCMD_OK);
    if (px_submit(&p) && CHECK_EQ(s.n, 5)) {
        for (i = 0; i < 4; i++)
            CHECK(s.alloc[i] == 7 && s.offset[i] == 128u + 64u * i && s.size[i] == 32);
        CHECK(s.alloc[4] == 8 && s.offset[4] == 20 && s.size[4] == 8);
    }
    /* a live host forgets what earlier submissions sent */
    aerocmd_exec_clear_guest_memory(p.be.ex);
    CHECK(aerocmd_exec_guest_memory(p.be.ex, 7, NULL) == NULL);
    CHECK(aerocmd_exec_guest_memory(p.be.ex, 8, NULL) == NULL);
    CHECK_EQ(aerocmd_exec_present_count(p.be.ex), 0);
    px_stop(&p);
}

/* Two PRESENTs of two cleared targets: each handed over with its pixels, none kept. */
static void presents_handed_over(void)
{
    static const float red[4] = {1, 0, 0, 1}, blue[4] = {0, 0, 1, 1};
    struct seen s;
    uint32_t a, b;
    struct px p;
    if (!px_start(&p))
        return;
    install(&p, &s);
    a = px_target(&p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 4, 4, red);
    CHECK(aerocmd_append_present(&p.w, 0, 0) == AEROCMD_OK);
    b = px_target(&p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 4, 4, blue);
    CHECK(aerocmd_append_present(&p.w, 0, 0) == AEROCMD_OK);
    if (px_submit(&p) && CHECK_EQ(s.presents, 2)) {
        CHECK(s.handles[0] == a && s.handles[1] == b);
        CHECK(memcmp(s.first_texel[0], "\xff\x00\x00\xff", 4) == 0);
        CHECK(memcmp(s.first_texel[1], "\x00\x00\xff\xff", 4) == 0);
    }
    CHECK_EQ(aerocmd_exec_present_count(p.be.ex), 0);
    CHECK(aerocmd_exec_get_present(p.be.ex, 0) == NULL);
    /* without hooks the executor keeps them again */
    aerocmd_exec_set_hooks(p.be.ex, NULL);
    CHECK(aerocmd_append_present(&p.w, 0, 0) == AEROCMD_OK);
    if (px_submit(&p))
        CHECK_EQ(aerocmd_exec_present_count(p.be.ex), 1);
    CHECK_EQ(s.presents, 2);
    px_stop(&p);
}

int main(void)
{
    writeback_ranges();
    presents_handed_over();
    return check_finish();
}
