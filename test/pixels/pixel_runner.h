/* SPDX-License-Identifier: MIT */
/* pixel_runner.h — runs what a scenario submits on the reference executor (in process, or a
 * live host's device: pixel_backend.h), submission by submission as the host would (each
 * with the allocation table the KMD builds and the guest memory the CPU left in its listed
 * allocations), and answers scene_pictures.h's questions about the result: textures and
 * buffers by creation order, guest memory, presents. */
#ifndef AEROCMD_TEST_PIXEL_RUNNER_H
#define AEROCMD_TEST_PIXEL_RUNNER_H

#include <dlfcn.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "aerocmd/decode.h"
#include "aerocmd/exec.h"
#include "aerocmd/umd_fake.h"
#include "aerogpu_cmd.h"
#include "pixel_backend.h"
#include "scene_pictures.h"

#define RUN_MAX_OBJECTS 64u
#define RUN_MAX_IMAGES  16u

struct pixel_run {
    struct px_backend be;
    const char *name;
    aerocmd_result result; /* the first executor failure */
    struct aerocmd_exec_error err;
    uint32_t textures[RUN_MAX_OBJECTS], texture_alloc[RUN_MAX_OBJECTS];
    uint32_t texture_offset[RUN_MAX_OBJECTS], texture_pitch[RUN_MAX_OBJECTS], texture_count;
    uint32_t buffers[RUN_MAX_OBJECTS], buffer_count;
    struct aerocmd_exec_image images[RUN_MAX_IMAGES];
    uint32_t image_count;
    uint32_t recorded; /* submissions written to AEROCMD_RECORD_DIR */
};

/* Starts the executor (CHECKs that it starts: the pixel tests fail, never skip). */
static int run_open(struct pixel_run *r, const char *name)
{
    /* Kept mapped until exit, as pixels_kit.h does: LeakSanitizer can then attribute the
     * Vulkan driver's own allocations (lsan.supp). */
    (void)dlopen("libvulkan_lvp.so", RTLD_NOW | RTLD_NODELETE);
    memset(r, 0, sizeof *r);
    r->name = name;
    if (pxb_open(&r->be, &r->err) != AEROCMD_OK) {
        fprintf(stderr, "%s: the executor cannot start: %s\n", name, r->err.message);
        CHECK(0);
        return 0;
    }
    return 1;
}

static void run_close(struct pixel_run *r)
{
    uint32_t i;
    for (i = 0; i < r->image_count; i++)
        aerocmd_exec_image_release(&r->images[i]);
    r->image_count = 0;
    pxb_close(&r->be);
}

/* Notes the textures and buffers a stream creates, in order. */
static void run_note_creates(struct pixel_run *r, const uint8_t *stream, uint32_t len)
{
    struct aerocmd_stream st;
    struct aerocmd_cursor cur;
    struct aerocmd_packet pkt;
    struct aerocmd_diag diag;
    if (aerocmd_stream_open(&st, stream, len, &diag) != AEROCMD_OK)
        return;
    aerocmd_cursor_init(&cur, &st);
    while (aerocmd_cursor_next(&cur, &pkt, &diag) == 1) {
        const struct aerogpu_cmd_create_texture2d *t =
            AEROCMD_VIEW(&pkt, aerogpu_cmd_create_texture2d, AEROGPU_CMD_CREATE_TEXTURE2D);
        const struct aerogpu_cmd_create_buffer *b =
            AEROCMD_VIEW(&pkt, aerogpu_cmd_create_buffer, AEROGPU_CMD_CREATE_BUFFER);
        if (t != NULL && r->texture_count < RUN_MAX_OBJECTS) {
            r->texture_alloc[r->texture_count] = t->backing_alloc_id;
            r->texture_offset[r->texture_count] = t->backing_offset_bytes;
            r->texture_pitch[r->texture_count] = t->row_pitch_bytes;
            r->textures[r->texture_count++] = t->texture_handle;
        }
        if (b != NULL && r->buffer_count < RUN_MAX_OBJECTS)
            r->buffers[r->buffer_count++] = b->buffer_handle;
    }
}

static void run_record_file(const char *dir, const char *name, uint32_t n, const char *ext,
                            const void *bytes, size_t len, FILE **keep)
{
    char path[4096];
    FILE *f;
    snprintf(path, sizeof path, "%s/%s/%04u.%s", dir, name, n, ext);
    f = fopen(path, "wb");
    if (f != NULL && len != 0)
        fwrite(bytes, 1, len, f);
    if (keep != NULL)
        *keep = f;
    else if (f != NULL)
        fclose(f);
}

/* With AEROCMD_RECORD_DIR set, each submission is also written as DIR/NAME/NNNN.acmd,
 * NNNN.alloc and NNNN.mem (test/shims/record.c's layout), so that `aerocmd trace wrap
 * --memory` makes a trace of the scenario: test/host replays it through the live host. */
static void run_record(struct pixel_run *r, const struct aerocmd_exec_submission *sub)
{
    const char *dir = getenv("AEROCMD_RECORD_DIR");
    static const uint8_t zeros[8] = {0};
    char path[4096];
    FILE *mem = NULL;
    uint32_t i;
    if (dir == NULL)
        return;
    snprintf(path, sizeof path, "%s/%s", dir, r->name);
    mkdir(path, 0777);
    run_record_file(dir, r->name, r->recorded, "acmd", sub->stream, sub->stream_len, NULL);
    run_record_file(dir, r->name, r->recorded, "alloc", sub->alloc_table, sub->alloc_table_len,
                    NULL);
    run_record_file(dir, r->name, r->recorded++, "mem", NULL, 0, &mem);
    for (i = 0; mem != NULL && i < sub->memory_count; i++) {
        const struct aerocmd_exec_memory *m = &sub->memory[i];
        uint32_t head32[2];
        uint64_t head64[2];
        head32[0] = m->alloc_id, head32[1] = 0;
        head64[0] = m->gpa, head64[1] = m->size_bytes;
        fwrite(head32, 1, sizeof head32, mem);
        fwrite(head64, 1, sizeof head64, mem);
        fwrite(m->bytes, 1, (size_t)m->size_bytes, mem);
        fwrite(zeros, 1, (size_t)(-m->size_bytes & 7u), mem);
    }
    if (mem != NULL)
        fclose(mem);
}

/* Runs one submission; the first failure is kept (and reported once). */
static void run_submit(struct pixel_run *r, const struct aerocmd_exec_submission *sub)
{
    struct aerocmd_exec_error err;
    aerocmd_result res;
    run_note_creates(r, (const uint8_t *)sub->stream, (uint32_t)sub->stream_len);
    if (r->result != AEROCMD_OK)
        return;
    run_record(r, sub);
    res = pxb_submit(&r->be, sub, &err);
    if (res != AEROCMD_OK) {
        r->result = res;
        r->err = err;
        fprintf(stderr, "%s: the executor refused: %s\n", r->name, err.message);
    }
}

/* ---- pic_results over a run --------------------------------------------------------------- */

static int run_texture(void *user, uint32_t nth, struct pic_image *out)
{
    struct pixel_run *r = (struct pixel_run *)user;
    struct aerocmd_exec_image *img;
    if (nth >= r->texture_count || r->image_count >= RUN_MAX_IMAGES)
        return 0;
    img = &r->images[r->image_count];
    if (pxb_read_texture(&r->be, r->textures[nth], 0, 0, img) != AEROCMD_OK)
        return 0;
    r->image_count++;
    out->rgba8 = img->rgba8;
    out->width = img->width;
    out->height = img->height;
    return img->rgba8 != NULL;
}

static int run_buffer(void *user, uint32_t nth, uint32_t offset, uint32_t size, void *out)
{
    struct pixel_run *r = (struct pixel_run *)user;
    return nth < r->buffer_count &&
           pxb_read_buffer(&r->be, r->buffers[nth], offset, size, out) == AEROCMD_OK;
}

static const uint8_t *run_texture_memory(void *user, uint32_t nth, uint32_t *size)
{
    struct pixel_run *r = (struct pixel_run *)user;
    uint64_t bytes = 0;
    const uint8_t *mem;
    if (nth >= r->texture_count || r->texture_alloc[nth] == 0)
        return NULL;
    mem = pxb_memory(&r->be, r->texture_alloc[nth], &bytes);
    if (mem == NULL || bytes <= r->texture_offset[nth])
        return NULL;
    *size = (uint32_t)(bytes - r->texture_offset[nth]);
    return mem + r->texture_offset[nth];
}

static int run_present(void *user, uint32_t index, struct pic_image *out)
{
    struct pixel_run *r = (struct pixel_run *)user;
    const struct aerocmd_exec_present *p = pxb_present(&r->be, index);
    if (p == NULL || p->image.rgba8 == NULL)
        return 0;
    out->rgba8 = p->image.rgba8;
    out->width = p->image.width;
    out->height = p->image.height;
    return 1;
}

static struct pic_results run_results(struct pixel_run *r)
{
    struct pic_results res;
    res.user = r;
    res.texture = run_texture;
    res.buffer = run_buffer;
    res.texture_memory = run_texture_memory;
    res.present = run_present;
    res.present_count = pxb_present_count(&r->be);
    return res;
}

/* Reads one subresource of a live texture (aerocmd_exec_read_texture). */
static aerocmd_result run_read_texture(struct pixel_run *r, uint32_t handle, uint32_t mip,
                                       uint32_t layer, struct aerocmd_exec_image *out)
{
    memset(out, 0, sizeof(*out));
    return pxb_read_texture(&r->be, handle, mip, layer, out);
}

static uint32_t run_present_count(struct pixel_run *r)
{
    return pxb_present_count(&r->be);
}

static const struct aerocmd_exec_present *run_get_present(struct pixel_run *r, uint32_t index)
{
    return pxb_present(&r->be, index);
}

/* ---- live runs of the in-memory fake --------------------------------------------------------
 * The fake's submit callback is wrapped: before a submission reaches the fake, the guest
 * memory of every allocation it lists is copied as the CPU left it (the fake's host model
 * writes copies back into guest memory as it records); after, the submission runs on the
 * executor with those bytes and the allocation table the KMD builds. */

struct live_wrap {
    struct aerocmd_umd_callbacks real;
    struct aerocmd_umd_fake *fake;
    struct pixel_run *run;
};

static struct live_wrap live;

static aerocmd_result live_submit(void *user, const struct aerocmd_umd_submission *s,
                                  uint64_t *fence)
{
    static uint64_t table[1024];
    struct aerocmd_exec_memory mem[32];
    struct aerocmd_exec_submission sub;
    uint32_t i, n = 0;
    size_t table_len = 0;
    aerocmd_result r;
    for (i = 0; i < s->alloc_count && n < 32; i++) {
        const struct aerocmd_umd_fake_memory *m =
            aerocmd_umd_fake_find_memory(live.fake, s->buffer.allocs[i].alloc_id);
        uint8_t *copy = m != NULL ? (uint8_t *)malloc((size_t)m->size_bytes) : NULL;
        if (copy == NULL)
            continue;
        memcpy(copy, m->bytes, (size_t)m->size_bytes);
        mem[n].alloc_id = m->alloc_id;
        mem[n].gpa = m->gpa;
        mem[n].bytes = copy;
        mem[n++].size_bytes = m->size_bytes;
    }
    r = live.real.submit(user, s, fence);
    if (r == AEROCMD_OK) {
        const struct aerocmd_umd_fake_submission *rec =
            &live.fake->submissions[live.fake->submission_count - 1];
        memset(&sub, 0, sizeof sub);
        sub.stream = rec->cmd;
        sub.stream_len = rec->cmd_bytes;
        if (aerocmd_umd_fake_alloc_table(live.fake, live.fake->submission_count - 1, table,
                                         sizeof table, &table_len) == AEROCMD_OK) {
            sub.alloc_table = table;
            sub.alloc_table_len = table_len;
        }
        sub.memory = mem;
        sub.memory_count = n;
        run_submit(live.run, &sub);
    }
    for (i = 0; i < n; i++)
        free((void *)(uintptr_t)mem[i].bytes);
    return r;
}

/* Replaces *cb (the fake's table, user = fake) with the wrapped one. */
static void live_wrap_callbacks(struct aerocmd_umd_callbacks *cb, struct aerocmd_umd_fake *fake,
                                struct pixel_run *run)
{
    live.real = *cb;
    live.fake = fake;
    live.run = run;
    cb->submit = live_submit;
}

#endif /* AEROCMD_TEST_PIXEL_RUNNER_H */
