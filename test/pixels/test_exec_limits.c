/* SPDX-License-Identifier: MIT */
/* The executor against hostile streams (issue #27, "Live host", hostile_streams.h): each
 * runs to the end or is refused with a specific error naming its packet, and what it may
 * cost is bounded. Costs are checked by what the executor counts, never by the clock.
 *
 * test_exec_limits --write DIR writes the streams for run_exec_limits.py (aerocmd render
 * and its peak memory) instead of running the checks. */
#include "hostile_streams.h"

/* An executor with `opts` (NULL: defaults) and an empty stream. */
static int lim_start(struct px *p, const struct aerocmd_exec_options *opts)
{
    struct aerocmd_exec_error err;
    memset(p, 0, sizeof(*p));
    p->next = 100;
    if (!CHECK(aerocmd_exec_create(opts, &p->ex, &err) == AEROCMD_OK)) {
        fprintf(stderr, "    the reference executor cannot start: %s\n", err.message);
        return 0;
    }
    p->ok = CHECK(aerocmd_writer_init_growable(&p->w, aerocmd_allocator_libc(), 0,
                                               AEROGPU_ABI_VERSION_U32) == AEROCMD_OK);
    return p->ok;
}

static int lim_start_dry(struct px *p)
{
    struct aerocmd_exec_options o;
    memset(&o, 0, sizeof(o));
    o.flags = AEROCMD_EXEC_DRY_RUN;
    return lim_start(p, &o);
}

/* ---- 1. views of a texture while the handle table grows ---------------------------------- */

/* Every view names its texture after the table moved many times: 500,000 views grow it
 * far enough that the freed table goes back to the system (a stale pointer faults). */
static void views_while_the_table_grows(void)
{
    struct aerocmd_exec_resource_info info;
    struct px p;
    uint32_t first;
    if (!lim_start_dry(&p))
        return;
    hs_views(&p, 500000);
    first = 102; /* px_texture took 101 */
    if (px_submit(&p)) {
        CHECK(aerocmd_exec_resource_info(p.ex, first, &info) == AEROCMD_OK);
        CHECK(info.is_texture && info.width == 4 && info.height == 4);
        CHECK(aerocmd_exec_resource_info(p.ex, p.next, &info) == AEROCMD_OK);
        CHECK(info.is_texture && info.width == 4 && info.height == 4);
    }
    px_stop(&p);
}

/* ---- writing the streams ----------------------------------------------------------------------
 */

static int save(struct px *p, const char *dir, const char *name)
{
    char path[4096];
    FILE *f;
    int ok;
    snprintf(path, sizeof(path), "%s/%s.acmd", dir, name);
    f = fopen(path, "wb");
    ok = f != NULL && fwrite(aerocmd_writer_data(&p->w), 1, aerocmd_writer_size(&p->w), f) ==
                          aerocmd_writer_size(&p->w);
    ok = f != NULL && fclose(f) == 0 && ok;
    if (!ok)
        fprintf(stderr, "test_exec_limits: cannot write %s\n", path);
    aerocmd_writer_reset(&p->w);
    p->next = 100;
    return ok;
}

static int write_streams(const char *dir)
{
    struct px p;
    int ok = 1;
    memset(&p, 0, sizeof(p));
    p.next = 100;
    if (aerocmd_writer_init_growable(&p.w, aerocmd_allocator_libc(), 0, AEROGPU_ABI_VERSION_U32) !=
        AEROCMD_OK)
        return 1;
    hs_views(&p, 100);
    ok = save(&p, dir, "views_100") && ok;
    aerocmd_writer_release(&p.w);
    return ok && check_failed_count == 0 ? 0 : 1;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--write") == 0)
        return write_streams(argv[2]);
    views_while_the_table_grows();
    return check_finish();
}
