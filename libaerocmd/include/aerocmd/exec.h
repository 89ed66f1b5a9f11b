/* SPDX-License-Identifier: MIT */
/* exec.h — the reference executor: runs AeroGPU command streams on Direct3D 12 through
 * vkd3d (over Mesa's lavapipe when VK_ICD_FILENAMES points at it) and reads pixels back.
 *
 * Hosted and optional (Meson feature `exec`); a separate library (libaerocmd_exec, over
 * libaerocmd) that the driver DLLs and the kernel-safe core never link. It is one more consumer of
 * hostile input: every packet is executed or refused with an error naming its byte offset, never a
 * crash. Refusals say why: the stream breaks a protocol rule (AEROCMD_E_MALFORMED), or it
 * asks for something this executor cannot reproduce exactly (AEROCMD_E_NOT_IMPLEMENTED:
 * D3D9 register packets, hull/domain shaders, ...).
 *
 * Input: raw streams (starting with "ACMD") or .aerogputrace v1/v2 captures, every
 * submission in order; v2 captures carry guest memory per submission, which backs
 * guest-backed resources, RESOURCE_DIRTY_RANGE re-reads and receives WRITEBACK_DST copies.
 * Guest memory can also be set by the caller (aerocmd_exec_set_guest_memory).
 *
 * Results: one image per PRESENT (the first non-zero render target bound when the packet
 * runs, RULES.md), and any texture or buffer read back at any time between submissions.
 * What the guest never wrote reads zero (Direct3D 12's zeroed new memory), never what the
 * process held before.
 *
 * Dry run (AEROCMD_EXEC_DRY_RUN): every packet is decoded, validated and translated (shader
 * checks with vkd3d-shader, input layouts resolved against shader signatures, pipeline
 * descriptions built), but no device is created and nothing is drawn; presents are
 * recorded without pixels. For fuzzing and `aerocmd render --dry-run`. */
#ifndef AEROCMD_EXEC_H
#define AEROCMD_EXEC_H

#include <stddef.h>
#include <stdint.h>

#include "aerocmd/result.h"

#include "aerocmd/export.h"

#ifdef __cplusplus
extern "C" {
#endif

AEROCMD_EXPORT_BEGIN

struct aerocmd_exec;
struct aerocmd_exec_present;

/* DRY_RUN: no device (above). COMPILE_IN_PROCESS: vkd3d-shader's first look at each shader
 * runs in this process instead of a child process (see aerocmd_exec_check_dxbc); a shader
 * that crashes vkd3d-shader then ends the process. For fuzzers (the crash is the finding)
 * and debuggers. */
enum aerocmd_exec_flags {
    AEROCMD_EXEC_DRY_RUN = 1u << 0,
    AEROCMD_EXEC_COMPILE_IN_PROCESS = 1u << 1
};

struct aerocmd_exec_options {
    uint32_t flags; /* enum aerocmd_exec_flags */
    /* The memory budget: bytes the executor may hold at once for a run. Counted: buffers
     * and textures as Direct3D 12 stores them plus 16 KiB of driver overhead each (a
     * destroyed one until it is really freed, after the commands that may use it ran: the
     * executor flushes when that makes room), upload and readback memory, the images of
     * every readback and of every present kept (raw + RGBA8 + float: up to 24 bytes a
     * texel), guest memory, objects and their payloads, descriptor heaps and the semantic
     * tracker. Not counted, bounded by constants: the Direct3D 12 device and the Vulkan
     * driver, up to 256 cached pipelines (about 250 KB each on lavapipe) and root
     * signatures, the caller's own copies (of images it reads, of PNGs it encodes). What
     * would pass it is refused with AEROCMD_E_OUT_OF_MEMORY and a message naming what and
     * how much. 0 = 1 GiB. (The name is older than the budget's reach.) */
    uint64_t resource_budget_bytes;
    /* Called after each submission of a run (done = submissions executed so far, total =
     * submissions in the input). NULL: no calls. */
    void (*progress)(void *user, uint32_t done, uint32_t total);
    void *progress_user;
    /* The work budget of one submission, in units of about one vertex shaded, pixel
     * cleared or byte moved: DRAW counts vertex_count x instance_count, DRAW_INDEXED
     * index_count x instance_count, DISPATCH its thread groups, CLEAR the pixels of every
     * target it clears (all layers), UPLOAD_RESOURCE, RESOURCE_DIRTY_RANGE, a guest-backed
     * creation and COPY_BUFFER / COPY_TEXTURE2D the bytes they move, the first use of a
     * resource the guest never wrote its bytes (it is zeroed first, as Direct3D 12 zeroes
     * new memory; counted as it is recorded, so that packet may pass the budget and the
     * next one that counts work is refused), and compiling a pipeline 4,194,304 (about
     * 30 ms of lavapipe; a dry run compiles none). The packet that would pass it is refused
     * before it runs, with AEROCMD_E_NOT_IMPLEMENTED naming it. Pixels shaded are not
     * counted (a few vertices may cover their target many times). 0 = 2^31 (about 12 s of
     * vertex shading on lavapipe). */
    uint64_t max_work;
};

/* Why a run stopped. message is one line of English that names the submission (for
 * traces), the packet's byte offset in its stream and opcode, and the reason. */
struct aerocmd_exec_error {
    aerocmd_result result;
    struct aerocmd_diag diag; /* offset/opcode of the packet; reason when a rule has a code */
    uint32_t submission;      /* 0-based, in submission order */
    int in_stream;            /* 1: diag.offset is inside the submission's command stream */
    char message[384];
};

/* A texture read back. rgba8: width x height x 4 bytes R, G, B, A as the texels' UNORM
 * values (sRGB texels as stored, not linearised; formats without alpha read A = 255;
 * D24/D32 depth as round(depth x 255) in R, G and B with A = 255); NULL for BC formats.
 * rgba32f: the same texels as floats (colour channels value / max; depth as stored, D24 as
 * depth / 0xFFFFFF, stencil (D24S8) in G); NULL for BC formats. raw: the texels as stored,
 * rows of raw_row_bytes (rows of 4x4 blocks for BC), D24S8 with the stencil byte as the
 * copy left it (Direct3D 12 leaves it undefined: mask it). */
struct aerocmd_exec_image {
    uint32_t handle; /* texture (or view) it came from; 0: nothing was bound */
    uint32_t format; /* aerogpu_format */
    uint32_t width, height;
    uint32_t mip_level, array_layer;
    uint8_t *rgba8;
    float *rgba32f;
    uint8_t *raw;
    uint32_t raw_row_bytes;
    uint32_t raw_rows;
};

/* One PRESENT / PRESENT_EX. */
struct aerocmd_exec_present {
    uint32_t submission;
    uint32_t offset;                 /* of the packet in its stream */
    struct aerocmd_exec_image image; /* handle 0 and no pixels when no target was bound
                                        (targets an earlier submission unbound: a stream
                                        that itself left none bound is refused,
                                        present_no_target); a dry run fills handle,
                                        format and size only */
};

/* One guest memory range to load before a submission runs (replacing that allocation's
 * bytes from offset 0). */
struct aerocmd_exec_memory {
    uint32_t alloc_id;
    uint64_t gpa;
    const void *bytes;
    uint64_t size_bytes;
};

struct aerocmd_exec_submission {
    const void *stream; /* stream header + packets */
    size_t stream_len;
    const void *alloc_table; /* aerogpu_alloc_table_header + entries, or NULL */
    size_t alloc_table_len;
    const struct aerocmd_exec_memory *memory; /* loaded first; may be NULL */
    uint32_t memory_count;
};

/* Starts the executor. Without DRY_RUN it creates a Direct3D 12 device through vkd3d;
 * when that fails: AEROCMD_E_DEVICE_REMOVED, err->message says what failed. */
aerocmd_result aerocmd_exec_create(const struct aerocmd_exec_options *options,
                                   struct aerocmd_exec **out, struct aerocmd_exec_error *err);
void aerocmd_exec_destroy(struct aerocmd_exec *ex);

/* Runs one submission: structural and semantic validation of the whole stream first
 * (nothing of a malformed stream runs), then every packet in order. Objects live across
 * submissions. On failure the packets before the faulty one have run. */
aerocmd_result aerocmd_exec_submit(struct aerocmd_exec *ex,
                                   const struct aerocmd_exec_submission *sub,
                                   struct aerocmd_exec_error *err);

/* Contexts. A GPU keeps binding state (shaders, targets, the slots of every stage, the
 * fixed-function state, viewport, scissor, input assembler) per context: the guest's
 * aerogpu_submit_desc.context_id, one per Direct3D device context. Objects, guest memory
 * and share tokens are the device's (one handle namespace for the whole guest). The
 * executor starts in context 0; this makes `context_id` the one the following
 * submissions run in, with the state that context left, or Direct3D's default state for a
 * context not seen before. At most AEROCMD_EXEC_MAX_CONTEXTS contexts have state kept:
 * one more is refused with AEROCMD_E_NOT_IMPLEMENTED (err says so), as is a switch that
 * would pass the memory budget (AEROCMD_E_OUT_OF_MEMORY). */
#define AEROCMD_EXEC_MAX_CONTEXTS 64u
aerocmd_result aerocmd_exec_set_context(struct aerocmd_exec *ex, uint32_t context_id,
                                        struct aerocmd_exec_error *err);
/* Ends a context (its Direct3D device context was destroyed): its state is dropped, so the
 * id counts against AEROCMD_EXEC_MAX_CONTEXTS no more and its next use starts with
 * Direct3D's default state. Ending the running context leaves it running with the default
 * state; ending one never seen is nothing. INVALID_ARG only without an executor. */
aerocmd_result aerocmd_exec_end_context(struct aerocmd_exec *ex, uint32_t context_id);

/* Runs a whole input from memory: a raw stream (one submission) or an .aerogputrace
 * capture (every submission in order, with its allocation table and guest memory, in the
 * context its record names: aerocmd_exec_set_context; a trace cannot say when a context
 * ended, so with AEROCMD_EXEC_MAX_CONTEXTS kept the one left longest ago is ended). */
aerocmd_result aerocmd_exec_run(struct aerocmd_exec *ex, const void *bytes, size_t len,
                                struct aerocmd_exec_error *err);

/* Presents kept so far (all of them while no present hook is set, aerocmd_exec_set_hooks),
 * in order; the images stay owned by the executor until destroy. */
uint32_t aerocmd_exec_present_count(const struct aerocmd_exec *ex);
const struct aerocmd_exec_present *aerocmd_exec_get_present(const struct aerocmd_exec *ex,
                                                            uint32_t index);

/* Reads one subresource of a live texture (or of a view's texture: mip and layer are
 * relative to the view) as it is now. Release with aerocmd_exec_image_release.
 * INVALID_ARG: no such texture / subresource; NOT_IMPLEMENTED: dry run. */
aerocmd_result aerocmd_exec_read_texture(struct aerocmd_exec *ex, uint32_t handle,
                                         uint32_t mip_level, uint32_t array_layer,
                                         struct aerocmd_exec_image *out);
void aerocmd_exec_image_release(struct aerocmd_exec_image *image);

/* The image aerocmd_exec_read_texture would return for a width x height subresource of
 * `format` whose texels are in caller memory as the guest stores them (RULES.md's layout:
 * rows row_pitch bytes apart, 0 = tight; rows of 4x4 blocks for BC; `size` bytes from the
 * first row): raw tight, rgba8 and rgba32f by the same conversion. For a client of a live
 * host that read a texture back as a guest does, through a WRITEBACK_DST copy into a
 * guest-backed staging texture. No executor is involved. INVALID_ARG: an unknown format,
 * an empty extent, or texels shorter than the layout; OUT_OF_MEMORY. Release with
 * aerocmd_exec_image_release. */
aerocmd_result aerocmd_exec_image_from_texels(uint32_t format, uint32_t width, uint32_t height,
                                              const void *texels, uint32_t row_pitch, size_t size,
                                              struct aerocmd_exec_image *out);

/* What a live handle names. A view reports its own format and range, with width / height
 * of its first mip. */
struct aerocmd_exec_resource_info {
    int is_texture;
    uint64_t size_bytes; /* buffers: as created; textures: bytes of the guest layout */
    uint32_t format;     /* aerogpu_format; 0 for buffers */
    uint32_t width, height, mip_levels, array_layers;
};
/* INVALID_ARG when handle names no buffer, texture or view. */
aerocmd_result aerocmd_exec_resource_info(const struct aerocmd_exec *ex, uint32_t handle,
                                          struct aerocmd_exec_resource_info *out);

/* Reads [offset, offset + size) of a live buffer as it is now. */
aerocmd_result aerocmd_exec_read_buffer(struct aerocmd_exec *ex, uint32_t handle, uint64_t offset,
                                        uint64_t size, void *out);

/* Guest memory of allocation alloc_id as the executor holds it (loaded from the input,
 * written by WRITEBACK_DST copies); NULL when unknown. */
const uint8_t *aerocmd_exec_guest_memory(const struct aerocmd_exec *ex, uint32_t alloc_id,
                                         uint64_t *size_bytes);
/* Replaces (or creates) an allocation's guest memory with a copy of bytes. */
aerocmd_result aerocmd_exec_set_guest_memory(struct aerocmd_exec *ex, uint32_t alloc_id,
                                             uint64_t gpa, const void *bytes, uint64_t size_bytes);
/* Forgets the guest memory of every allocation (a live host keeps only what the running
 * submission sent: a guest's memory may have changed since, and its ids come and go). */
void aerocmd_exec_clear_guest_memory(struct aerocmd_exec *ex);

/* What a live host (aerocmd host) is told while a submission runs. */
struct aerocmd_exec_hooks {
    /* Each PRESENT as it runs. While set, the executor keeps no presents (they are not
     * counted by aerocmd_exec_present_count): the image and its pixels are valid only
     * during the call, so a host that runs for hours holds at most what it copies. */
    void (*present)(void *user, const struct aerocmd_exec_present *present);
    /* Each range of guest memory a packet wrote (the destination of a WRITEBACK_DST copy,
     * row by row for textures), once it is written: bytes [offset, offset + size) of
     * allocation alloc_id as aerocmd_exec_guest_memory returns it. */
    void (*writeback)(void *user, uint32_t alloc_id, uint64_t offset, uint64_t size);
    void *user;
};
/* Sets the hooks (NULL: none). */
void aerocmd_exec_set_hooks(struct aerocmd_exec *ex, const struct aerocmd_exec_hooks *hooks);

/* What the executor holds and has done so far. */
struct aerocmd_exec_stats {
    uint64_t memory_bytes;      /* counted against the memory budget now */
    uint64_t memory_peak_bytes; /* the most counted at once */
    uint64_t pipelines_created; /* Direct3D 12 pipeline states compiled */
    uint32_t pipelines_cached;  /* of them, kept now (at most 256; least recently used go) */
    uint32_t objects;           /* live handles (buffers, textures, views, shaders, ...) */
    uint64_t flushes;           /* command lists executed (and waited for) */
    uint64_t work_units;        /* counted by the last submission (max_work) */
};
/* INVALID_ARG when ex or out is NULL. */
aerocmd_result aerocmd_exec_get_stats(const struct aerocmd_exec *ex,
                                      struct aerocmd_exec_stats *out);

/* Checks a DXBC container the way Direct3D 12 on vkd3d will see it: container framing,
 * the checksum (the format's modified MD5), exactly one SHDR/SHEX chunk whose tokens the
 * token checker accepts (aerocmd/sm4_check.h: exactly what vkd3d-shader 1.2 translates),
 * then a full compilation to SPIR-V, the descriptor scan and the input signature by
 * libvkd3d-shader, in a child process: a shader that crashes vkd3d-shader is refused
 * ("shader compiler crashed (signal N)"), the caller lives on. The executor does the same
 * at CREATE_SHADER_DXBC, caching verdicts by the container's checksum. AEROCMD_OK, or
 * AEROCMD_E_MALFORMED with `why` (NUL-terminated, cut to why_capacity) saying what is
 * wrong (OUT_OF_MEMORY when no child process could be started). why may be NULL. */
aerocmd_result aerocmd_exec_check_dxbc(const void *dxbc, size_t size, char *why,
                                       size_t why_capacity);

AEROCMD_EXPORT_END

#ifdef __cplusplus
}
#endif

#endif /* AEROCMD_EXEC_H */
