/* SPDX-License-Identifier: MIT */
/* aerocmd render: runs a stream or trace on the reference executor (Direct3D 12 through
 * vkd3d, headless on Mesa lavapipe) and writes one PNG per PRESENT, plus any resource asked
 * for, as it is at the end. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "io.h"
#include "render.h"
#include "tool_alloc.h"
#include "tool_options.h"

#define EXIT_INVALID     1
#define EXIT_USAGE_OR_IO 2
#define MAX_RESOURCES    64u

#ifdef AEROCMD_HAVE_EXEC
#include <sys/stat.h>

#include "aerocmd/decode.h"
#include "aerocmd/exec.h"
#include "png_write.h"
#include "progress.h"

#define LAVAPIPE_ICD "/usr/share/vulkan/icd.d/lvp_icd.x86_64.json"

int aerocmd_render_available(void)
{
    return 1;
}

void aerocmd_render_prepare_env(void)
{
    FILE *f;
    if (getenv("VK_ICD_FILENAMES") == NULL && getenv("VK_DRIVER_FILES") == NULL &&
        (f = fopen(LAVAPIPE_ICD, "r")) != NULL) {
        fclose(f);
        setenv("VK_ICD_FILENAMES", LAVAPIPE_ICD, 0);
    }
    if (getenv("MESA_SHADER_CACHE_DIR") == NULL && getenv("MESA_SHADER_CACHE_DISABLE") == NULL)
        setenv("MESA_SHADER_CACHE_DISABLE", "true", 0);
    /* vkd3d reports its unimplemented corners ("fixme:") on stderr; the tool's own
     * messages are what a user needs. */
    setenv("VKD3D_DEBUG", "none", 0);
    setenv("VKD3D_SHADER_DEBUG", "none", 0);
}

/* Long runs say how far they are on a terminal's stderr (tool_progress), as the share of
 * the input's submissions done. */
struct render_progress {
    struct tool_progress bar;
    uint64_t bytes;
};

static void on_progress(void *user, uint32_t done, uint32_t total)
{
    struct render_progress *p = user;
    if (total != 0)
        tool_progress_update(&p->bar, p->bytes * done / total);
}

static int save_image(const char *path, const struct aerocmd_exec_image *img)
{
    if (img->rgba8 == NULL) {
        fprintf(stderr, "aerocmd: %s: a texture of aerogpu_format %u has no PNG conversion\n", path,
                img->format);
        return EXIT_INVALID;
    }
    return aerocmd_write_png(path, img->rgba8, img->width, img->height) == 0 ? 0 : EXIT_USAGE_OR_IO;
}

int aerocmd_render_save_present(const char *out_dir, uint32_t index,
                                const struct aerocmd_exec_present *pr, int quiet)
{
    char path[4096];
    int s;
    if (pr->image.handle == 0 || out_dir == NULL) {
        if (!quiet && pr->image.handle == 0)
            printf("present %u (submission %u, offset 0x%x): no render target bound: no "
                   "picture\n",
                   index, pr->submission, pr->offset);
        else if (!quiet)
            printf("present %u (submission %u, offset 0x%x): h:%u %ux%u (dry run: no "
                   "pixels)\n",
                   index, pr->submission, pr->offset, pr->image.handle, pr->image.width,
                   pr->image.height);
        return 0;
    }
    snprintf(path, sizeof(path), "%s/present_%04u.png", out_dir, index);
    s = save_image(path, &pr->image);
    if (s == 0 && !quiet)
        printf("%s: %ux%u from h:%u (present %u, submission %u, offset 0x%x)\n", path,
               pr->image.width, pr->image.height, pr->image.handle, index, pr->submission,
               pr->offset);
    return s;
}

/* Each PRESENT as it runs: its picture written (or why there is none) and dropped by the
 * executor after the hook, so a long run holds no pictures. */
struct render_presents {
    const struct aerocmd_render_opts *o;
    struct tool_progress *bar;
    uint32_t count, empty;
    int status;
};

static void on_present(void *user, const struct aerocmd_exec_present *pr)
{
    struct render_presents *rp = user;
    int s;
    tool_progress_clear(rp->bar);
    rp->empty += pr->image.handle == 0;
    s = aerocmd_render_save_present(rp->o->out_dir, rp->count++, pr, rp->o->quiet);
    rp->status = s > rp->status ? s : rp->status;
}

static int save_buffer(struct aerocmd_exec *ex, uint32_t handle, uint64_t size, const char *dir,
                       int quiet)
{
    char path[4096];
    uint8_t *bytes = malloc(size != 0 ? (size_t)size : 1u);
    int status = EXIT_USAGE_OR_IO;
    snprintf(path, sizeof(path), "%s/h%u.bin", dir, handle);
    if (bytes == NULL)
        fprintf(stderr, "aerocmd render: h:%u: out of memory\n", handle);
    else if (aerocmd_exec_read_buffer(ex, handle, 0, size, bytes) != AEROCMD_OK)
        fprintf(stderr, "aerocmd render: h:%u: cannot read it back\n", handle);
    else if (aerocmd_write_file(path, bytes, (size_t)size) == 0)
        status = 0;
    if (status == 0 && !quiet)
        printf("%s: %llu bytes of buffer h:%u\n", path, (unsigned long long)size, handle);
    free(bytes);
    return status;
}

static int save_resource(struct aerocmd_exec *ex, uint32_t handle, const char *dir, int quiet)
{
    struct aerocmd_exec_resource_info info;
    uint32_t mip, layer;
    int status = 0;
    if (aerocmd_exec_resource_info(ex, handle, &info) != AEROCMD_OK) {
        fprintf(stderr, "aerocmd render: --resource h:%u: no such buffer or texture at the end\n",
                handle);
        return EXIT_INVALID;
    }
    if (!info.is_texture)
        return save_buffer(ex, handle, info.size_bytes, dir, quiet);
    for (layer = 0; layer < info.array_layers; layer++) {
        for (mip = 0; mip < info.mip_levels; mip++) {
            struct aerocmd_exec_image img;
            char path[4096];
            int s;
            if (aerocmd_exec_read_texture(ex, handle, mip, layer, &img) != AEROCMD_OK) {
                fprintf(stderr, "aerocmd render: h:%u: cannot read it back\n", handle);
                return EXIT_USAGE_OR_IO;
            }
            if (info.mip_levels == 1 && info.array_layers == 1)
                snprintf(path, sizeof(path), "%s/h%u.png", dir, handle);
            else
                snprintf(path, sizeof(path), "%s/h%u_mip%u_layer%u.png", dir, handle, mip, layer);
            s = save_image(path, &img);
            if (s == 0 && !quiet)
                printf("%s: %ux%u, h:%u mip %u layer %u\n", path, img.width, img.height, handle,
                       mip, layer);
            status = s > status ? s : status;
            aerocmd_exec_image_release(&img);
        }
    }
    return status;
}

/* "FILE: rendered, N presents", saying how many showed nothing: a PRESENT whose stream
 * bound no colour target is refused (present_no_target); one that runs on targets earlier
 * submissions unbound has no picture. */
static void print_summary(const struct render_presents *rp, const char *name)
{
    printf("%s: %s, %u present%s", name, rp->o->dry_run ? "valid (dry run)" : "rendered", rp->count,
           rp->count == 1 ? "" : "s");
    if (rp->empty != 0)
        printf(", %u with no render target bound (no picture)", rp->empty);
    printf("\n");
}

static int status_of(aerocmd_result r)
{
    return r == AEROCMD_E_MALFORMED || r == AEROCMD_E_NOT_IMPLEMENTED ||
                   r == AEROCMD_E_OUT_OF_MEMORY
               ? EXIT_INVALID
               : EXIT_USAGE_OR_IO;
}

int aerocmd_render_bytes(const char *name, const uint8_t *bytes, size_t len,
                         const struct aerocmd_render_opts *o)
{
    struct aerocmd_exec_options opts;
    struct aerocmd_exec_error err;
    struct aerocmd_exec *ex = NULL;
    struct render_progress prog;
    struct render_presents rp;
    struct aerocmd_exec_hooks hooks;
    aerocmd_result r;
    int status = 0, s;
    uint32_t i;
    memset(&opts, 0, sizeof(opts));
    memset(&rp, 0, sizeof(rp));
    opts.flags = o->dry_run ? AEROCMD_EXEC_DRY_RUN : 0;
    opts.resource_budget_bytes = o->max_memory;
    opts.max_work = o->max_work;
    tool_progress_init(&prog.bar, name, "render", len);
    prog.bytes = len;
    opts.progress = on_progress;
    opts.progress_user = &prog;
    rp.o = o;
    rp.bar = &prog.bar;
    memset(&hooks, 0, sizeof(hooks));
    hooks.present = on_present;
    hooks.user = &rp;
    if (aerocmd_exec_create(&opts, &ex, &err) != AEROCMD_OK) {
        fprintf(stderr, "aerocmd render: %s\n", err.message);
        return err.result == AEROCMD_E_OUT_OF_MEMORY ? EXIT_INVALID : EXIT_USAGE_OR_IO;
    }
    aerocmd_exec_set_hooks(ex, &hooks);
    r = aerocmd_exec_run(ex, bytes, len, &err);
    tool_progress_clear(&prog.bar);
    if (r != AEROCMD_OK) {
        fprintf(stderr, "%s: %s\n", name, err.message);
        status = status_of(r);
    }
    status = rp.status > status ? rp.status : status;
    for (i = 0; !o->dry_run && o->out_dir != NULL && i < o->resource_count; i++) {
        s = save_resource(ex, o->resources[i], o->out_dir, o->quiet);
        status = s > status ? s : status;
    }
    if (status == 0 && !o->quiet)
        print_summary(&rp, name);
    aerocmd_exec_destroy(ex);
    return status;
}
#else
int aerocmd_render_available(void)
{
    return 0;
}
#endif

static void usage(FILE *out)
{
    fprintf(out,
            "usage: aerocmd render [--dry-run] [-q] [-o DIR] [--resource h:N]...\n"
            "                      [--max-memory BYTES] [--max-work N] FILE\n\n"
            "Runs FILE (.acmd stream or .aerogputrace, every submission in order, with the\n"
            "guest memory v2 traces carry) on the reference executor: Direct3D 12 through\n"
            "vkd3d, headless on Mesa's lavapipe. Writes DIR/present_NNNN.png for each\n"
            "PRESENT (the first render target bound when it runs) and, for each --resource,\n"
            "DIR/hN.png (other subresources DIR/hN_mipM_layerL.png) as it is at the end.\n"
            "A packet the executor refuses stops the run with\n"
            "  FILE: submission K, offset N (0xN), OPCODE: reason\n"
            "and what was captured before it is still written.\n\n"
            "  -o DIR          where the pictures go (created if missing; needed unless\n"
            "                  --dry-run)\n"
            "  --resource h:N  also save resource N at the end (repeatable; buffers as\n"
            "                  DIR/hN.bin)\n"
            "  --dry-run       decode, validate and translate every packet (shaders checked by\n"
            "                  vkd3d-shader); no GPU, no pictures\n"
            "  --max-memory BYTES  the executor's memory budget (suffix K, M or G: KiB, MiB,\n"
            "                  GiB; default 1G): resources, upload and readback memory, each\n"
            "                  present's images while its PNG is written, guest memory,\n"
            "                  objects; what would pass it stops the run (exit 1) saying what\n"
            "                  and how much. The process also holds the device, the Vulkan\n"
            "                  driver and up to 256 compiled pipelines (about 100-300 MB)\n"
            "  --max-work N    the work one submission may do (suffix K, M or G as above;\n"
            "                  default 2G), in units of about a vertex shaded, a pixel cleared\n"
            "                  or a byte moved: DRAW counts vertices x instances (indices for\n"
            "                  DRAW_INDEXED), DISPATCH thread groups, CLEAR the pixels of its\n"
            "                  targets, uploads, dirty ranges and copies their bytes, a\n"
            "                  pipeline compiled 4M; the packet that would pass it stops the\n"
            "                  run (exit 1) before it runs\n"
            "  -q              no line per picture\n\n"
            "Environment: unless set, VK_ICD_FILENAMES selects lavapipe (when installed),\n"
            "MESA_SHADER_CACHE_DISABLE=true keeps Mesa's shader cache out of $HOME and\n"
            "VKD3D_DEBUG=none / VKD3D_SHADER_DEBUG=none keep vkd3d's notes off stderr.\n"
            "Progress goes to stderr once a second for runs longer than a second.\n\n"
            "Exit status: 0 rendered, 1 invalid or refused input, 2 usage or I/O error, or the\n"
            "executor cannot start.\n");
}

#ifdef AEROCMD_HAVE_EXEC
static int render_file(const char *file, const char *dir, struct aerocmd_render_opts *o)
{
    struct tool_blob in;
    int status;
    if (dir != NULL && mkdir(dir, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "aerocmd: %s: %s\n", dir, strerror(errno));
        return EXIT_USAGE_OR_IO;
    }
    if (aerocmd_read_file(file, SITE_RENDER_INPUT, &in) != 0)
        return EXIT_USAGE_OR_IO;
    o->out_dir = o->dry_run ? NULL : dir;
    aerocmd_render_prepare_env();
    status = aerocmd_render_bytes(file, in.bytes, in.len, o);
    tool_free(in.bytes, in.cap);
    return status;
}
#endif

/* A count with an optional K, M or G suffix (x 1024, 1024^2, 1024^3); 0 is refused. */
static int parse_size(const char *s, uint64_t *out)
{
    return tool_parse_size(s, 1, out) == 0 && *out != 0 ? 0 : -1;
}

static int parse_handle(const char *s, uint32_t *out)
{
    char *end;
    unsigned long v;
    if (strncmp(s, "h:", 2) == 0)
        s += 2;
    errno = 0;
    v = strtoul(s, &end, 0);
    if (errno != 0 || *s == '\0' || *end != '\0' || v == 0 || v > 0xFFFFFFFFul)
        return -1;
    *out = (uint32_t)v;
    return 0;
}

struct render_args {
    const char *file, *dir;
    uint32_t resources[MAX_RESOURCES], count;
    uint64_t max_memory, max_work; /* 0: the executor's defaults */
    int dry, quiet;
};

/* 1: help printed; 0: args filled; -1: a usage error, reported. */
static int parse_args(int argc, char **argv, struct render_args *a)
{
    int i;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage(stdout);
            return 1;
        } else if (strcmp(argv[i], "--dry-run") == 0) {
            a->dry = 1;
        } else if (strcmp(argv[i], "-q") == 0) {
            a->quiet = 1;
        } else if (strcmp(argv[i], "-o") == 0 && i + 1 < argc) {
            a->dir = argv[++i];
        } else if (strcmp(argv[i], "--resource") == 0 && i + 1 < argc && a->count < MAX_RESOURCES &&
                   parse_handle(argv[i + 1], &a->resources[a->count]) == 0) {
            a->count++, i++;
        } else if (strcmp(argv[i], "--max-memory") == 0 && i + 1 < argc &&
                   parse_size(argv[i + 1], &a->max_memory) == 0) {
            i++;
        } else if (strcmp(argv[i], "--max-work") == 0 && i + 1 < argc &&
                   parse_size(argv[i + 1], &a->max_work) == 0) {
            i++;
        } else if ((argv[i][0] != '-' || argv[i][1] == '\0') && a->file == NULL) {
            a->file = argv[i];
        } else {
            fprintf(stderr, "aerocmd render: unexpected argument '%s'\n", argv[i]);
            usage(stderr);
            return -1;
        }
    }
    if (a->file == NULL || (a->dir == NULL && !a->dry)) {
        fprintf(stderr, "aerocmd render: %s\n",
                a->file == NULL ? "no FILE given" : "no -o DIR given");
        usage(stderr);
        return -1;
    }
    return 0;
}

int aerocmd_cmd_render(int argc, char **argv)
{
    struct render_args a;
    int parsed;
    memset(&a, 0, sizeof(a));
    if ((parsed = parse_args(argc, argv, &a)) != 0)
        return parsed > 0 ? 0 : EXIT_USAGE_OR_IO;
    if (!aerocmd_render_available()) {
        fprintf(stderr, "aerocmd render: this aerocmd was built without the reference executor "
                        "(meson -Dexec=enabled needs libvkd3d-dev and libpng-dev)\n");
        return EXIT_USAGE_OR_IO;
    }
#ifdef AEROCMD_HAVE_EXEC
    {
        struct aerocmd_render_opts o;
        memset(&o, 0, sizeof(o));
        o.dry_run = a.dry;
        o.quiet = a.quiet;
        o.resources = a.resources;
        o.resource_count = a.count;
        o.max_memory = a.max_memory;
        o.max_work = a.max_work;
        return render_file(a.file, a.dir, &o);
    }
#else
    return EXIT_USAGE_OR_IO;
#endif
}
