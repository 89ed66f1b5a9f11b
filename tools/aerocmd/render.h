/* SPDX-License-Identifier: MIT */
/* render.h — running inputs on the reference executor and writing what they show (for
 * aerocmd render and aerocmd demo). Built only with the executor (-Dexec); without it
 * aerocmd_render_available() is 0 and the rest are absent. */
#ifndef AEROCMD_TOOL_RENDER_H
#define AEROCMD_TOOL_RENDER_H

#include <stddef.h>
#include <stdint.h>

int aerocmd_render_available(void);

#ifdef AEROCMD_HAVE_EXEC
struct aerocmd_render_opts {
    const char *out_dir; /* NULL: no files (dry run) */
    int dry_run;
    int quiet;                 /* no line per picture */
    const uint32_t *resources; /* handles to save at the end */
    uint32_t resource_count;
    uint64_t max_memory; /* the executor's memory budget in bytes; 0: its default */
    uint64_t max_work;   /* its work budget per submission in units; 0: its default */
};

/* The tool's defaults for the executor's environment, each only when the user set nothing:
 * VK_ICD_FILENAMES = Mesa lavapipe's manifest when it is installed (the reference
 * rasteriser, identical on every machine), and MESA_SHADER_CACHE_DISABLE=true so that a
 * command-line run leaves no shader cache in $HOME (lavapipe compiles the few small
 * pipelines of a trace quickly); VKD3D_DEBUG / VKD3D_SHADER_DEBUG = none. */
void aerocmd_render_prepare_env(void);

struct aerocmd_exec_present;
/* Writes present number `index` as out_dir/present_NNNN.png, as render names a run's (the
 * host numbers them across its life), and unless quiet prints render's line for it. A
 * present with no render target bound (or out_dir NULL) writes nothing. 0, 1 (no PNG
 * conversion for its format) or 2 (I/O). */
int aerocmd_render_save_present(const char *out_dir, uint32_t index,
                                const struct aerocmd_exec_present *pr, int quiet);

/* Runs `bytes` (a raw stream or a trace) named `name` in messages and writes
 * out_dir/present_NNNN.png per PRESENT and out_dir/hN[...].png (or .bin for buffers) per
 * requested resource. Returns the exit status: 0, 1 (invalid or refused input), 2 (I/O, or
 * the executor cannot start). */
int aerocmd_render_bytes(const char *name, const uint8_t *bytes, size_t len,
                         const struct aerocmd_render_opts *opts);
#endif

#endif
