/* SPDX-License-Identifier: MIT */
/* exec_isolate.c — vkd3d-shader's first look at a shader, in a child process.
 *
 * The token checker (aerocmd/sm4_check.h) refuses everything known to make vkd3d-shader 1.2
 * abort, but vkd3d asserts on whatever its authors assumed, and a host serving several
 * guests cannot let one guest's shader end it. So the calls the executor makes on a blob
 * (compilation to SPIR-V, the descriptor scan, the input signature) run first in a forked
 * child, which reports over a pipe; only a blob that came through them there is handed to
 * vkd3d in this process (the same calls, then pipeline creation). A child that dies by a
 * signal refuses the shader with "shader compiler crashed (signal N)"; one that does not
 * answer within CHILD_SECONDS is killed.
 *
 * fork() rather than a helper program: nothing to install or find, and the child runs the
 * very library the executor runs. It only calls vkd3d-shader (malloc, no locks of its own)
 * and ends with _exit, so no atexit handler, stdio buffer or leak check of the parent runs
 * twice. The parent always reaps the child (no zombie), the pipe is close-on-exec and
 * closed on every path (no descriptor leak), and a caller's SIGCHLD disposition is
 * tolerated (a child reaped elsewhere still answered through the pipe).
 *
 * Cost: one fork per distinct shader: results are cached per executor by the container's
 * checksum (its own MD5), the bytes compared too, since MD5 collisions can be made.
 * AEROCMD_EXEC_COMPILE_IN_PROCESS skips the child (fuzzers: a crash is then a finding). */
#define _GNU_SOURCE /* pipe2, O_CLOEXEC */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <vkd3d_shader.h>

#include "exec_internal.h"

#define CHILD_SECONDS 30
#define REPLY_BYTES   512u
#define CACHE_ENTRIES 256u

struct exec_compile_entry {
    uint8_t *dxbc;
    size_t size;
    int ok;
    char why[REPLY_BYTES];
};

struct exec_compile_cache {
    struct exec_compile_entry entries[CACHE_ENTRIES];
    uint32_t count, next; /* filled entries; the next one to replace when full */
};

/* vkd3d-shader's messages on one line after `prefix`. */
static void messages(char *why, size_t cap, const char *prefix, int ret, const char *msgs)
{
    size_t used;
    aerocmd_priv_exec_say(why, cap, "%s (vkd3d-shader error %d)%s", prefix, ret,
                          msgs != NULL && *msgs ? ": " : "");
    if (why == NULL || msgs == NULL)
        return;
    used = strlen(why);
    for (; *msgs != '\0' && used + 1u < cap; msgs++)
        why[used++] = *msgs == '\n' ? ' ' : *msgs;
    while (used > 0 && why[used - 1] == ' ')
        used--;
    why[used] = '\0';
}

static void compile_info(struct vkd3d_shader_compile_info *info, const uint8_t *dxbc, size_t size,
                         void *next)
{
    memset(info, 0, sizeof(*info));
    info->type = VKD3D_SHADER_STRUCTURE_TYPE_COMPILE_INFO;
    info->next = next;
    info->source.code = dxbc;
    info->source.size = size;
    info->source_type = VKD3D_SHADER_SOURCE_DXBC_TPF;
    info->target_type = VKD3D_SHADER_TARGET_SPIRV_BINARY;
    info->log_level = VKD3D_SHADER_LOG_WARNING;
}

int aerocmd_priv_exec_vkd3d_calls(const uint8_t *dxbc, size_t size, char *why, size_t cap)
{
    struct vkd3d_shader_compile_info info;
    struct vkd3d_shader_scan_descriptor_info scan;
    struct vkd3d_shader_signature sig;
    struct vkd3d_shader_code spirv, code;
    char *msgs = NULL;
    int ret;
    compile_info(&info, dxbc, size, NULL);
    memset(&spirv, 0, sizeof(spirv));
    ret = vkd3d_shader_compile(&info, &spirv, &msgs);
    if (ret < 0) {
        messages(why, cap, "libvkd3d-shader cannot compile the tokens", ret, msgs);
        vkd3d_shader_free_messages(msgs);
        return -1;
    }
    vkd3d_shader_free_shader_code(&spirv);
    vkd3d_shader_free_messages(msgs);
    memset(&scan, 0, sizeof(scan));
    scan.type = VKD3D_SHADER_STRUCTURE_TYPE_SCAN_DESCRIPTOR_INFO;
    compile_info(&info, dxbc, size, &scan);
    info.log_level = VKD3D_SHADER_LOG_NONE;
    if (vkd3d_shader_scan(&info, NULL) < 0) {
        aerocmd_priv_exec_say(why, cap, "libvkd3d-shader cannot scan its declarations");
        return -1;
    }
    vkd3d_shader_free_scan_descriptor_info(&scan);
    code.code = dxbc;
    code.size = size;
    memset(&sig, 0, sizeof(sig));
    msgs = NULL;
    ret = vkd3d_shader_parse_input_signature(&code, &sig, &msgs);
    vkd3d_shader_free_messages(msgs);
    if (ret < 0) {
        aerocmd_priv_exec_say(why, cap,
                              "libvkd3d-shader cannot read the input signature (error %d)", ret);
        return -1;
    }
    vkd3d_shader_free_shader_signature(&sig);
    return 0;
}

/* The child: the calls, then one reply (a status byte, the message) and _exit. */
static void child(int fd, const uint8_t *dxbc, size_t size)
{
    char reply[REPLY_BYTES];
    size_t len, done = 0;
    reply[0] = '\0';
    reply[1] = '\0';
    reply[0] =
        aerocmd_priv_exec_vkd3d_calls(dxbc, size, reply + 1, sizeof(reply) - 1u) == 0 ? 'Y' : 'N';
    len = 1u + strlen(reply + 1) + 1u; /* the NUL marks a whole reply */
    while (done < len) {
        ssize_t n = write(fd, reply + done, len - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            _exit(2);
        done += (size_t)n;
    }
    _exit(0);
}

/* Reads the reply until EOF, the buffer is full or the deadline; *got: bytes read. Returns
 * 0 at EOF, -1 on a timeout. */
static int read_reply(int fd, char *reply, size_t cap, size_t *got)
{
    struct timespec start, now;
    clock_gettime(CLOCK_MONOTONIC, &start);
    *got = 0;
    for (;;) {
        struct pollfd p;
        long left_ms;
        ssize_t n;
        clock_gettime(CLOCK_MONOTONIC, &now);
        left_ms = (long)(CHILD_SECONDS - (now.tv_sec - start.tv_sec)) * 1000L;
        if (left_ms <= 0)
            return -1;
        p.fd = fd, p.events = POLLIN, p.revents = 0;
        if (poll(&p, 1, (int)left_ms) < 0 && errno != EINTR)
            return -1;
        if (p.revents == 0)
            continue;
        n = read(fd, reply + *got, cap - *got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0 || (*got += (size_t)n) == cap)
            return 0;
    }
}

/* Waits for the child; -1 when it was reaped elsewhere (SIGCHLD ignored or handled). */
static int reap(pid_t pid, int *status)
{
    for (;;) {
        if (waitpid(pid, status, 0) == pid)
            return 0;
        if (errno != EINTR)
            return -1;
    }
}

/* The verdict from what the child said and how it ended. A whole answer stands whatever
 * the exit status: the child does nothing after writing it (under valgrind its leak check
 * may still turn the status into an error code). */
static int verdict(const char *reply, size_t got, int timed_out, int reaped, int status, char *why,
                   size_t cap)
{
    int whole = got >= 2u && reply[got - 1u] == '\0' && (reply[0] == 'Y' || reply[0] == 'N');
    if (timed_out) {
        aerocmd_priv_exec_say(why, cap, "shader compiler did not answer within %d s (killed)",
                              CHILD_SECONDS);
        return -1;
    }
    if (whole) {
        aerocmd_priv_exec_say(why, cap, "%s", reply + 1);
        return reply[0] == 'Y' ? 0 : -1;
    }
    if (reaped && WIFSIGNALED(status))
        aerocmd_priv_exec_say(why, cap, "shader compiler crashed (signal %d)", WTERMSIG(status));
    else
        aerocmd_priv_exec_say(why, cap, "shader compiler ended without an answer (exit status %d)",
                              reaped && WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    return -1;
}

int aerocmd_priv_exec_vkd3d_isolated(const uint8_t *dxbc, size_t size, char *why, size_t cap)
{
    char reply[REPLY_BYTES];
    size_t got = 0;
    int fds[2], status = 0, timed_out, reaped;
    pid_t pid;
    if (pipe2(fds, O_CLOEXEC) != 0) {
        aerocmd_priv_exec_say(why, cap, "cannot start the shader compiler: no pipe (%s)",
                              strerror(errno));
        return -2;
    }
    pid = fork();
    if (pid == 0) {
        close(fds[0]);
        child(fds[1], dxbc, size);
    }
    close(fds[1]);
    if (pid < 0) {
        close(fds[0]);
        aerocmd_priv_exec_say(why, cap, "cannot start the shader compiler: no process (%s)",
                              strerror(errno));
        return -2;
    }
    timed_out = read_reply(fds[0], reply, sizeof(reply), &got) != 0;
    close(fds[0]);
    if (timed_out)
        kill(pid, SIGKILL);
    reaped = reap(pid, &status) == 0;
    return verdict(reply, got, timed_out, reaped, status, why, cap);
}

/* ---- the cache ------------------------------------------------------------------------- */

struct exec_compile_cache *aerocmd_priv_exec_compile_cache_new(void)
{
    return calloc(1, sizeof(struct exec_compile_cache));
}

void aerocmd_priv_exec_compile_cache_free(struct exec_compile_cache *cache)
{
    uint32_t i;
    if (cache == NULL)
        return;
    for (i = 0; i < cache->count; i++)
        free(cache->entries[i].dxbc);
    free(cache);
}

static const struct exec_compile_entry *lookup(const struct exec_compile_cache *cache,
                                               const uint8_t *dxbc, size_t size)
{
    uint32_t i;
    for (i = 0; i < cache->count; i++) {
        const struct exec_compile_entry *e = &cache->entries[i];
        /* the checksum first (bytes 4..19), then every byte: MD5 collisions can be made */
        if (e->size == size && memcmp(e->dxbc + 4, dxbc + 4, 16) == 0 &&
            memcmp(e->dxbc, dxbc, size) == 0)
            return e;
    }
    return NULL;
}

static void remember(struct exec_compile_cache *cache, const uint8_t *dxbc, size_t size, int ok,
                     const char *why)
{
    struct exec_compile_entry *e;
    uint8_t *copy = malloc(size);
    if (copy == NULL)
        return; /* not cached: the next look runs the child again */
    if (cache->count < CACHE_ENTRIES) {
        e = &cache->entries[cache->count++];
    } else {
        e = &cache->entries[cache->next];
        cache->next = (cache->next + 1u) % CACHE_ENTRIES;
        free(e->dxbc);
    }
    memcpy(copy, dxbc, size);
    e->dxbc = copy;
    e->size = size;
    e->ok = ok;
    snprintf(e->why, sizeof(e->why), "%s", why != NULL ? why : "");
}

aerocmd_result aerocmd_priv_exec_compile_checked(struct aerocmd_exec *ex, const uint8_t *dxbc,
                                                 size_t size, char *why, size_t cap)
{
    const struct exec_compile_entry *hit;
    char reply[REPLY_BYTES] = "";
    int r;
    if (ex != NULL && (ex->options.flags & AEROCMD_EXEC_COMPILE_IN_PROCESS) != 0)
        return aerocmd_priv_exec_vkd3d_calls(dxbc, size, why, cap) == 0 ? AEROCMD_OK
                                                                        : AEROCMD_E_MALFORMED;
    hit = ex != NULL && ex->compile_cache != NULL ? lookup(ex->compile_cache, dxbc, size) : NULL;
    if (hit != NULL) {
        aerocmd_priv_exec_say(why, cap, "%s", hit->why);
        return hit->ok ? AEROCMD_OK : AEROCMD_E_MALFORMED;
    }
    r = aerocmd_priv_exec_vkd3d_isolated(dxbc, size, reply, sizeof(reply));
    aerocmd_priv_exec_say(why, cap, "%s", reply);
    if (r == -2) /* no process: nothing was learnt about the shader */
        return AEROCMD_E_OUT_OF_MEMORY;
    if (ex != NULL && ex->compile_cache != NULL)
        remember(ex->compile_cache, dxbc, size, r == 0, reply);
    return r == 0 ? AEROCMD_OK : AEROCMD_E_MALFORMED;
}
