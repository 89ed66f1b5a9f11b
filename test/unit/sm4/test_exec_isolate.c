/* SPDX-License-Identifier: MIT */
/* vkd3d-shader in a child process (libaerocmd/src/exec/exec_isolate.c): a blob that makes
 * vkd3d-shader 1.2 abort ends the child, not the caller, and is refused as "shader compiler
 * crashed (signal 6)"; a good blob is accepted; no child is left behind (no zombie), no
 * descriptor stays open, also when the caller ignores SIGCHLD; the executor runs the child
 * once per distinct shader (its cache), counted with a SIGCHLD handler.
 *
 * The aborting blob reads r0 without dcl_temps: vkd3d-shader 1.2 asserts
 * `reg->idx[0].offset < compiler->temp_count` on it (the token checker refuses it, which is
 * checked too, so the blob only reaches vkd3d here, through the internal call). */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "../../../libaerocmd/src/exec/exec_internal.h"
#include "aerocmd/alloc.h"
#include "aerocmd/exec.h"
#include "aerocmd/sm4.h"
#include "aerocmd/sm4_check.h"
#include "aerocmd/writer.h"
#include "aerogpu_pci.h"
#include "check.h"

#define CAP 256u

static volatile sig_atomic_t children_ended;

static void on_child(int sig)
{
    (void)sig;
    children_ended++;
}

/* vs_4_0: o0 = v0 (good), or o0 = r0 with no dcl_temps (aborts vkd3d-shader 1.2). */
static uint32_t vs_blob(int undeclared_temp, uint8_t *out, uint32_t cap)
{
    static const struct aerocmd_umd_signature_entry in[1] = {{0, 0xF, 0, 3, "POSITION", 0}};
    static const struct aerocmd_umd_signature_entry outs[1] = {
        {0, 0xF, AEROCMD_SM4_SV_POSITION, 3, "SV_Position", 0}};
    struct aerocmd_umd_shader_signatures sigs = {in, 1, outs, 1};
    struct aerocmd_sm4_builder b;
    uint32_t tokens[CAP], size = 0;
    aerocmd_sm4_begin(&b, AEROCMD_SHADER_VS, 4, 0, tokens, CAP);
    aerocmd_sm4_dcl_input(&b, 0, AEROCMD_SM4_XYZW);
    aerocmd_sm4_dcl_output_siv(&b, 0, AEROCMD_SM4_XYZW, AEROCMD_SM4_SV_POSITION);
    aerocmd_sm4_op1(&b, AEROCMD_SM4_OP_MOV, aerocmd_sm4_o(0, AEROCMD_SM4_XYZW),
                    undeclared_temp ? aerocmd_sm4_r(0, AEROCMD_SM4_SWZ_XYZW)
                                    : aerocmd_sm4_v(0, AEROCMD_SM4_SWZ_XYZW));
    aerocmd_sm4_ret(&b);
    if (!CHECK_EQ(aerocmd_sm4_dxbc(&b, &sigs, out, cap, &size), AEROCMD_OK))
        return 0;
    return size;
}

static int open_fds(void)
{
    DIR *d = opendir("/proc/self/fd");
    struct dirent *e;
    int n = 0;
    if (d == NULL)
        return -1;
    while ((e = readdir(d)) != NULL)
        n += e->d_name[0] != '.';
    closedir(d);
    return n;
}

static int no_children(void)
{
    int status;
    return waitpid(-1, &status, WNOHANG) < 0 && errno == ECHILD;
}

static void isolated(const uint8_t *good, uint32_t good_size, const uint8_t *bad, uint32_t bad_size)
{
    char why[512];
    int fds = open_fds(), i;
    for (i = 0; i < 3; i++) {
        CHECK_EQ(aerocmd_priv_exec_vkd3d_isolated(good, good_size, why, sizeof why), 0);
        CHECK_EQ(aerocmd_priv_exec_vkd3d_isolated(bad, bad_size, why, sizeof why), -1);
        if (!CHECK(strstr(why, "shader compiler crashed (signal 6)") != NULL))
            fprintf(stderr, "    why: %s\n", why);
    }
    CHECK(no_children());
    CHECK_EQ(open_fds(), fds);
    /* A caller that ignores SIGCHLD has its children reaped by the kernel: the verdicts
     * stand (the good one answered whole; the crashed one did not answer). */
    signal(SIGCHLD, SIG_IGN);
    CHECK_EQ(aerocmd_priv_exec_vkd3d_isolated(good, good_size, why, sizeof why), 0);
    CHECK_EQ(aerocmd_priv_exec_vkd3d_isolated(bad, bad_size, why, sizeof why), -1);
    signal(SIGCHLD, SIG_DFL);
    CHECK(no_children());
    CHECK_EQ(open_fds(), fds);
}

/* A dry-run stream creating the good shader under three handles: one child. */
static void cached(const uint8_t *good, uint32_t good_size)
{
    struct aerocmd_writer w;
    struct aerocmd_exec_options opts;
    struct aerocmd_exec_error err;
    struct aerocmd_exec *ex = NULL;
    struct sigaction sa;
    uint32_t h;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_child;
    sigaction(SIGCHLD, &sa, NULL);
    CHECK_EQ(aerocmd_writer_init_growable(&w, aerocmd_allocator_libc(), 0, AEROGPU_ABI_VERSION_U32),
             AEROCMD_OK);
    for (h = 1; h <= 3; h++)
        CHECK_EQ(aerocmd_append_create_shader_dxbc(&w, h, AEROCMD_SHADER_VS, good, good_size),
                 AEROCMD_OK);
    memset(&opts, 0, sizeof opts);
    opts.flags = AEROCMD_EXEC_DRY_RUN;
    children_ended = 0;
    if (CHECK_EQ(aerocmd_exec_create(&opts, &ex, &err), AEROCMD_OK)) {
        CHECK_EQ(aerocmd_exec_run(ex, aerocmd_writer_data(&w), aerocmd_writer_size(&w), &err),
                 AEROCMD_OK);
        aerocmd_exec_destroy(ex);
    }
    CHECK_EQ(children_ended, 1);
    sa.sa_handler = SIG_DFL;
    sigaction(SIGCHLD, &sa, NULL);
    aerocmd_writer_release(&w);
}

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

/* An output element of component type 0 (unknown): vkd3d-shader 1.2 asserts declaring it,
 * the executor refuses it before (a container rule, checksum recomputed). */
static void unknown_component_type(const uint8_t *good, uint32_t size)
{
    uint8_t blob[1024];
    uint32_t i, chunks = rd32(good + 28);
    char why[512];
    memcpy(blob, good, size);
    for (i = 0; i < chunks; i++) {
        uint32_t at = rd32(blob + 32 + 4u * i);
        if (memcmp(blob + at, "OSGN", 4) == 0)
            memset(blob + at + 8 + 8 + 12, 0, 4); /* element 0's component type */
    }
    aerocmd_umd_dxbc_checksum(blob, size, blob + 4);
    CHECK_EQ(aerocmd_exec_check_dxbc(blob, size, why, sizeof why), AEROCMD_E_MALFORMED);
    if (!CHECK(strstr(why, "OSGN element 0 has component type 0") != NULL))
        fprintf(stderr, "    why: %s\n", why);
}

int main(void)
{
    static uint8_t good[1024], bad[1024];
    struct aerocmd_sm4_check c;
    uint32_t good_size = vs_blob(0, good, sizeof good), bad_size = vs_blob(1, bad, sizeof bad);
    char why[512];
    if (!CHECK(good_size != 0 && bad_size != 0))
        return check_finish();
    /* The token checker refuses the bad blob: r0 lies outside dcl_temps' 0 registers. */
    CHECK_EQ(aerocmd_exec_check_dxbc(bad, bad_size, why, sizeof why), AEROCMD_E_MALFORMED);
    CHECK(strstr(why, "register not declared") != NULL);
    CHECK_EQ(aerocmd_sm4_check(bad + 0, 0, &c), AEROCMD_E_MALFORMED); /* empty chunk */
    CHECK_EQ(aerocmd_exec_check_dxbc(good, good_size, why, sizeof why), AEROCMD_OK);
    unknown_component_type(good, good_size);
    isolated(good, good_size, bad, bad_size);
    cached(good, good_size);
    return check_finish();
}
