/* SPDX-License-Identifier: MIT */
/* Single-word mutants of the demo's shaders through the reference executor (issue 27).
 *
 * The demo's frame (tools/aerocmd/demo_scene.c) is built as a trace with its guest memory,
 * as `aerocmd demo -o` writes it. Each mutant replaces one word of the vertex or pixel
 * shader's SHDR tokens (the version and length tokens included) by another value, the DXBC
 * checksum recomputed so that only the tokens are wrong, and the whole trace runs through
 * the executor: in a dry run (`aerocmd render --dry-run`) and drawing (`aerocmd render`).
 * A host serving several guests must survive any of them: every mutant must either run
 * (drawing a picture) or be refused with an error result and a message. A child process
 * runs the mutants one after another; a child that dies (a signal, an abort inside a
 * library, a hang past the alarm) marks the mutant it was running and the next child goes
 * on after it.
 *
 * Values per word: 0, 0xFFFFFFFF, the word + 1 and - 1 ("basic"), and with --values=all
 * (the default) also each of the 32 single-bit flips, which reach every field of an
 * opcode or operand token (opcode, length, controls, extended bit; component count,
 * selection, register type, index dimension and representation).
 *
 * A mutant the dry run refuses is refused by a drawing run at the same packet, before any
 * device work: the drawing pass runs every mutant the dry run ran and every 8th refused one
 * (--draw=all: every one; 2 x 1890 runs, about two minutes on an idle two-core machine).
 *
 * usage: test_shader_mutants [--values=basic|all] [--mode=dry|draw|both] [--draw=all|sample]
 *                            [--report FILE] [--shader=vs|ps] [--word=N] [-v]
 * --report writes one line per mutant: shader, word, old and new value, mode, outcome and
 * the executor's message (doc/executor.md has the counts before and after issue 27). */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "aerocmd/alloc.h"
#include "aerocmd/exec.h"
#include "aerocmd/umd_dxbc.h"
#include "check.h"
#include "demo_scene.h"
#include "demo_shaders.h"
#include "demo_trace.h"

#define MAX_MUTANTS   8192u
#define MESSAGE_BYTES 448u
#define ALARM_SECONDS 60u

enum outcome { NOT_RUN = 0, RENDERED, REFUSED, NO_PICTURE, DIED };
static const char *const outcome_names[] = {"not run", "rendered", "refused", "no picture", "died"};

struct mutant {
    uint32_t shader; /* 0 VS, 1 PS */
    uint32_t word;   /* index into the SHDR tokens */
    uint32_t value;
};

/* What a child reports, in memory shared with the parent. */
struct result {
    uint32_t outcome;
    int32_t signal;
    char message[MESSAGE_BYTES];
};

struct shared {
    volatile uint32_t current; /* the mutant the child is running */
    struct result results[MAX_MUTANTS];
};

struct shader_site {
    size_t code_at; /* byte offset of the SHDR tokens in the trace */
    size_t dxbc_at; /* byte offset of the container in the trace */
    uint32_t dxbc_size, token_count;
};

struct sweep {
    uint8_t *trace;
    size_t trace_len;
    struct shader_site sites[2];
    struct mutant mutants[MAX_MUTANTS];
    uint32_t count;
    uint8_t skip[MAX_MUTANTS]; /* not run in this pass */
    int dry;
    int verbose;
};

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

static void wr32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

/* The shader's container inside the trace, and its SHDR chunk. */
static int find_site(struct sweep *s, enum aerocmd_shader_kind kind, struct shader_site *site)
{
    uint8_t dxbc[DEMO_SHADER_MAX_DXBC];
    uint32_t size = 0, i, chunks;
    size_t at;
    if (demo_shader_dxbc(kind, dxbc, sizeof dxbc, &size) != AEROCMD_OK)
        return 0;
    for (at = 0; at + size <= s->trace_len; at++)
        if (memcmp(s->trace + at, dxbc, size) == 0)
            break;
    if (at + size > s->trace_len)
        return 0;
    chunks = rd32(dxbc + 28);
    for (i = 0; i < chunks; i++) {
        uint32_t off = rd32(dxbc + 32 + 4 * i);
        if (rd32(dxbc + off) == 0x52444853u) { /* SHDR */
            site->dxbc_at = at;
            site->dxbc_size = size;
            site->code_at = at + off + 8u;
            site->token_count = rd32(dxbc + off + 8u + 4u);
            return 1;
        }
    }
    return 0;
}

static int build_trace(struct sweep *s)
{
    static struct demo_scene scene;
    aerocmd_result r = demo_scene_run(&scene, aerocmd_allocator_libc());
    if (r == AEROCMD_OK)
        r = demo_trace_build(&scene.fake, aerocmd_allocator_libc(), "test_shader_mutants",
                             &s->trace, &s->trace_len);
    demo_scene_release(&scene);
    if (!CHECK_EQ(r, AEROCMD_OK))
        return 0;
    return CHECK(find_site(s, AEROCMD_SHADER_VS, &s->sites[0])) &&
           CHECK(find_site(s, AEROCMD_SHADER_PS, &s->sites[1]));
}

static void add(struct sweep *s, uint32_t shader, uint32_t word, uint32_t old, uint32_t value)
{
    uint32_t i;
    if (value == old || s->count >= MAX_MUTANTS)
        return;
    for (i = s->count;
         i > 0 && s->mutants[i - 1].shader == shader && s->mutants[i - 1].word == word; i--)
        if (s->mutants[i - 1].value == value)
            return;
    s->mutants[s->count].shader = shader;
    s->mutants[s->count].word = word;
    s->mutants[s->count].value = value;
    s->count++;
}

static void enumerate(struct sweep *s, int all_bits, int only_shader, int only_word)
{
    uint32_t sh, w, bit;
    for (sh = 0; sh < 2; sh++) {
        const struct shader_site *site = &s->sites[sh];
        if (only_shader >= 0 && (uint32_t)only_shader != sh)
            continue;
        for (w = 0; w < site->token_count; w++) {
            uint32_t old = rd32(s->trace + site->code_at + 4u * w);
            if (only_word >= 0 && (uint32_t)only_word != w)
                continue;
            add(s, sh, w, old, 0u);
            add(s, sh, w, old, 0xFFFFFFFFu);
            add(s, sh, w, old, old + 1u);
            add(s, sh, w, old, old - 1u);
            for (bit = 0; all_bits && bit < 32; bit++)
                add(s, sh, w, old, old ^ (1u << bit));
        }
    }
}

/* One mutant through a fresh executor; runs in the child. */
static void run_mutant(const struct sweep *s, const struct mutant *m, uint8_t *copy,
                       struct result *out)
{
    const struct shader_site *site = &s->sites[m->shader];
    struct aerocmd_exec_options opts;
    struct aerocmd_exec_error err;
    struct aerocmd_exec *ex = NULL;
    uint8_t *dxbc = copy + site->dxbc_at;
    aerocmd_result r;
    memcpy(copy, s->trace, s->trace_len);
    wr32(copy + site->code_at + 4u * m->word, m->value);
    aerocmd_umd_dxbc_checksum(dxbc, site->dxbc_size, dxbc + 4);
    memset(&opts, 0, sizeof opts);
    opts.flags = s->dry ? AEROCMD_EXEC_DRY_RUN : 0u;
    if (aerocmd_exec_create(&opts, &ex, &err) != AEROCMD_OK) {
        out->outcome = NO_PICTURE;
        snprintf(out->message, sizeof out->message, "executor cannot start: %s", err.message);
        return;
    }
    r = aerocmd_exec_run(ex, copy, s->trace_len, &err);
    if (r != AEROCMD_OK) {
        out->outcome = err.message[0] != '\0' && err.result == r ? REFUSED : NO_PICTURE;
        snprintf(out->message, sizeof out->message, "%s", err.message);
    } else if (aerocmd_exec_present_count(ex) == 1 &&
               (s->dry || aerocmd_exec_get_present(ex, 0)->image.rgba8 != NULL)) {
        out->outcome = RENDERED;
    } else {
        out->outcome = NO_PICTURE;
        snprintf(out->message, sizeof out->message, "ran, but %u presents",
                 aerocmd_exec_present_count(ex));
    }
    aerocmd_exec_destroy(ex);
}

static void child(const struct sweep *s, struct shared *sh, uint32_t from)
{
    uint8_t *copy = malloc(s->trace_len);
    uint32_t i;
    if (copy == NULL)
        _exit(3);
    for (i = from; i < s->count; i++) {
        sh->current = i;
        if (s->skip[i])
            continue;
        alarm(ALARM_SECONDS);
        run_mutant(s, &s->mutants[i], copy, &sh->results[i]);
    }
    alarm(0);
    sh->current = s->count;
    free(copy);
    _exit(0);
}

/* Children until every mutant has a result. */
static void sweep_run(struct sweep *s, struct shared *sh)
{
    uint32_t from = 0;
    while (from < s->count) {
        int status = 0;
        pid_t pid;
        fflush(NULL);
        pid = fork();
        if (pid < 0) {
            CHECK(pid >= 0);
            return;
        }
        if (pid == 0)
            child(s, sh, from);
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
        if (sh->current >= s->count)
            return;
        sh->results[sh->current].outcome = DIED;
        sh->results[sh->current].signal = WIFSIGNALED(status) ? WTERMSIG(status) : -1;
        snprintf(sh->results[sh->current].message, MESSAGE_BYTES,
                 WIFSIGNALED(status) ? "killed by signal %d" : "exited with status %d",
                 WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
        from = sh->current + 1u;
    }
}

static void describe(const struct sweep *s, uint32_t i, char *out, size_t cap)
{
    const struct mutant *m = &s->mutants[i];
    uint32_t old = rd32(s->trace + s->sites[m->shader].code_at + 4u * m->word);
    snprintf(out, cap, "%s word %u: 0x%08x -> 0x%08x", m->shader ? "ps" : "vs", m->word, old,
             m->value);
}

static void report(const struct sweep *s, const struct shared *sh, FILE *f)
{
    uint32_t counts[5] = {0, 0, 0, 0, 0}, i;
    char what[64];
    for (i = 0; i < s->count; i++) {
        const struct result *res = &sh->results[i];
        int ok = res->outcome == RENDERED || res->outcome == REFUSED;
        counts[res->outcome < 5 ? res->outcome : 0]++;
        if (s->skip[i])
            continue;
        describe(s, i, what, sizeof what);
        if (f != NULL)
            fprintf(f, "%s\t%s\t%s\t%s\n", what, s->dry ? "dry" : "draw",
                    outcome_names[res->outcome < 5 ? res->outcome : 0], res->message);
        if (!ok || s->verbose)
            fprintf(ok ? stdout : stderr, "%s %s: %s: %s\n", s->dry ? "dry run" : "drawing", what,
                    outcome_names[res->outcome < 5 ? res->outcome : 0], res->message);
        check_report(ok, __FILE__, __LINE__, "the executor renders or refuses the mutant");
    }
    printf("# %s: %u mutants: %u rendered, %u refused, %u without a picture or message, %u "
           "died, %u not run\n",
           s->dry ? "dry run" : "drawing", s->count, counts[RENDERED], counts[REFUSED],
           counts[NO_PICTURE], counts[DIED], counts[NOT_RUN]);
}

static int arg_value(const char *arg, const char *name, const char **value)
{
    size_t n = strlen(name);
    if (strncmp(arg, name, n) != 0 || arg[n] != '=')
        return 0;
    *value = arg + n + 1;
    return 1;
}

int main(int argc, char **argv)
{
    static struct sweep s;
    struct shared *sh;
    const char *values = "all", *mode = "both", *report_path = NULL, *v;
    int only_shader = -1, only_word = -1, i, pass, draw_all = 0;
    FILE *rep = NULL;
    for (i = 1; i < argc; i++) {
        if (arg_value(argv[i], "--values", &v))
            values = v;
        else if (arg_value(argv[i], "--mode", &v))
            mode = v;
        else if (arg_value(argv[i], "--shader", &v))
            only_shader = strcmp(v, "ps") == 0;
        else if (arg_value(argv[i], "--word", &v))
            only_word = atoi(v);
        else if (strcmp(argv[i], "--report") == 0 && i + 1 < argc)
            report_path = argv[++i];
        else if (arg_value(argv[i], "--draw", &v))
            draw_all = strcmp(v, "all") == 0;
        else if (strcmp(argv[i], "-v") == 0)
            s.verbose = 1;
        else {
            fprintf(stderr,
                    "usage: %s [--values=basic|all] [--mode=dry|draw|both] "
                    "[--draw=all|sample] [--report FILE] [--shader=vs|ps] [--word=N] [-v]\n",
                    argv[0]);
            return 2;
        }
    }
    if (!build_trace(&s))
        return check_finish();
    enumerate(&s, strcmp(values, "basic") != 0, only_shader, only_word);
    sh = mmap(NULL, sizeof *sh, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (!CHECK(sh != MAP_FAILED))
        return check_finish();
    if (report_path != NULL && (rep = fopen(report_path, "w")) == NULL) {
        perror(report_path);
        return 2;
    }
    for (pass = 0; pass < 2; pass++) {
        s.dry = pass == 0;
        if (strcmp(mode, "both") != 0 && strcmp(mode, s.dry ? "dry" : "draw") != 0)
            continue;
        /* What the dry run refused, drawing refuses at the same packet before any device
         * work: unless --draw=all, drawing runs what the dry run ran and every 8th refusal. */
        for (i = 0; !s.dry && draw_all == 0 && i < (int)s.count; i++)
            s.skip[i] = sh->results[i].outcome == REFUSED && i % 8 != 0;
        memset(sh, 0, sizeof *sh);
        sweep_run(&s, sh);
        report(&s, sh, rep);
    }
    if (rep != NULL)
        fclose(rep);
    munmap(sh, sizeof *sh);
    aerocmd_allocator_libc()->release(aerocmd_allocator_libc()->user, s.trace, s.trace_len);
    return check_finish();
}
