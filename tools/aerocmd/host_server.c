/* SPDX-License-Identifier: MIT */
/* host_server.c — the host's listening process (host.h): accepts connections, forks one
 * worker per client up to --max-clients (the rest get ERROR `busy` at once), reaps workers,
 * and is their watchdog: a submission running past --deadline, or a worker resident over
 * its budget, is killed, and its client gets an ERROR saying which (unless the worker was
 * mid-answer: then the connection just closes). A worker that dies of a signal is reported
 * the same way. The listener itself never runs a client's work and holds no more than its
 * slot table, so nothing a client does makes it grow. SIGINT / SIGTERM end it. */
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../../libaerocmd/src/host/client/host_wire.h"
#include "aerocmd/host_client.h"
#include "host.h"

#define TICK_MS        50
#define RSS_EVERY_MS   100u
#define NOTICE_MS      200u /* for an ERROR the listener writes itself */
#define LISTEN_BACKLOG 1024
#define SPARE_RETRY_MS 1000u /* after a spare died unused */

enum kill_reason { KILL_NONE = 0, KILL_WATCHDOG, KILL_MEMORY, KILL_SHUTDOWN };

struct client {
    pid_t pid; /* 0: free */
    int fd;    /* the connection (-1 for the spare) */
    int ctl;   /* the spare's end of its socket pair (-1 for a client) */
    uint32_t id;
    int killed; /* enum kill_reason */
    uint64_t rss;
};

/* Slots: --max-clients clients and the spare. */
struct server {
    const struct host_config *cfg;
    int fd;
    struct host_shared *shared;
    struct client *clients;
    uint32_t slots, active, next_id;
    struct client *spare;
    int spare_ready;
    uint64_t spare_at; /* no spare before this */
    sigset_t stops;
    uint64_t rss_at;
    long page;
};

uint64_t host_rss_limit(const struct host_config *cfg)
{
    return cfg->max_memory + 2u * cfg->max_message + cfg->rss_overhead;
}

static void say(const struct server *s, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void say(const struct server *s, const char *fmt, ...)
{
    char text[600];
    va_list ap;
    if (s->cfg->quiet)
        return;
    va_start(ap, fmt);
    vsnprintf(text, sizeof(text), fmt, ap);
    va_end(ap);
    fprintf(stderr, "aerocmd host: %s\n", text);
}

/* ---- listening ----------------------------------------------------------------------------- */

static int bind_unix(int fd, const char *path)
{
    struct sockaddr_un addr;
    struct stat st;
    if (lstat(path, &st) == 0 && S_ISSOCK(st.st_mode))
        unlink(path); /* a socket left by an earlier host */
    memset(&addr, 0, sizeof(addr));
    addr.sun_family = AF_UNIX;
    memcpy(addr.sun_path, path, strlen(path) + 1u);
    return bind(fd, (struct sockaddr *)&addr, sizeof(addr));
}

static int bind_tcp(int fd, struct host_addr *a)
{
    struct sockaddr_in addr;
    socklen_t len = sizeof(addr);
    int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
    memset(&addr, 0, sizeof(addr));
    addr.sin_family = AF_INET;
    addr.sin_port = htons((uint16_t)a->port);
    addr.sin_addr.s_addr = htonl(a->ipv4);
    if (bind(fd, (struct sockaddr *)&addr, sizeof(addr)) != 0 ||
        getsockname(fd, (struct sockaddr *)&addr, &len) != 0)
        return -1;
    a->port = ntohs(addr.sin_port); /* the one port 0 picked */
    return 0;
}

/* The listening socket on *a (its port filled in), or -1 after saying why. */
static int listen_on(struct host_addr *a)
{
    char text[HOST_ADDR_CHARS];
    int fd = socket(a->is_unix ? AF_UNIX : AF_INET, SOCK_STREAM, 0);
    aerocmd_priv_host_addr_format(a, text, sizeof(text));
    if (fd < 0 || (a->is_unix ? bind_unix(fd, a->path) : bind_tcp(fd, a)) != 0 ||
        listen(fd, LISTEN_BACKLOG) != 0 || fcntl(fd, F_SETFL, O_NONBLOCK) != 0) {
        fprintf(stderr, "aerocmd host: cannot listen on %s: %s\n", text, strerror(errno));
        if (fd >= 0)
            close(fd);
        return -1;
    }
    return fd;
}

/* ---- workers ------------------------------------------------------------------------------- */

static uint32_t index_of(const struct server *s, const struct client *c)
{
    return (uint32_t)(c - s->clients);
}

/* In a new worker: nothing of the listener or of another client stays open. */
static struct host_worker_args child_setup(struct server *s, struct client *c)
{
    struct host_worker_args args;
    sigset_t none;
    uint32_t i;
    close(s->fd);
    for (i = 0; i < s->slots; i++) {
        struct client *o = &s->clients[i];
        if (o != c && o->pid != 0 && o->fd >= 0)
            close(o->fd);
        if (o->pid != 0 && o->ctl >= 0)
            close(o->ctl);
    }
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    memset(&args, 0, sizeof(args));
    args.cfg = s->cfg;
    args.shared = s->shared;
    args.slot = host_shared_slot(s->shared, index_of(s, c));
    args.fd = c->fd;
    args.client_id = c->id;
    fflush(stderr);
    return args;
}

static struct client *free_slot(struct server *s)
{
    uint32_t i;
    for (i = 0; i < s->slots; i++)
        if (s->clients[i].pid == 0) {
            memset(&s->clients[i], 0, sizeof(s->clients[i]));
            s->clients[i].fd = s->clients[i].ctl = -1;
            host_slot_set(host_shared_slot(s->shared, i), HOST_SLOT_IDLE, 0, 0);
            return &s->clients[i];
        }
    return NULL;
}

/* A spare worker when there is none (and the last did not just die unused). */
static void spawn_spare(struct server *s)
{
    struct host_worker_args args;
    struct client *c;
    int pair[2];
    pid_t pid;
    if (s->spare != NULL || aerocmd_priv_host_now_ms() < s->spare_at ||
        (c = free_slot(s)) == NULL || socketpair(AF_UNIX, SOCK_STREAM, 0, pair) != 0)
        return;
    pid = fork();
    if (pid == 0) {
        args = child_setup(s, c);
        close(pair[0]);
        exit(host_spare_run(&args, pair[1])); /* exit: the sanitizers check it */
    }
    close(pair[1]);
    if (pid < 0) {
        close(pair[0]);
        s->spare_at = aerocmd_priv_host_now_ms() + SPARE_RETRY_MS;
        return;
    }
    c->pid = pid;
    c->ctl = pair[0];
    s->spare = c;
    s->spare_ready = 0;
}

/* The spare takes the connection when it is ready: 1, else 0 (nothing changed). */
static int hand_to_spare(struct server *s, int fd, uint32_t id)
{
    struct client *c = s->spare;
    char ready;
    if (c == NULL)
        return 0;
    if (!s->spare_ready && recv(c->ctl, &ready, 1, MSG_DONTWAIT) == 1)
        s->spare_ready = 1;
    if (!s->spare_ready)
        return 0;
    if (host_spare_hand_over(c->ctl, fd, id) != 0) {
        kill(c->pid, SIGKILL); /* it cannot take one: reaped as a spare */
        return 0;
    }
    close(c->ctl);
    c->ctl = -1;
    c->fd = fd;
    c->id = id;
    s->spare = NULL;
    return 1;
}

/* Lets go of a connection the listener will not serve: its ERROR, then the close. */
static void turn_away(int fd, uint32_t kind, const char *text)
{
    char drain[512];
    host_send_error(fd, kind, AEROCMD_E_DEVICE_REMOVED, 0, 0, NOTICE_MS, "%s", text);
    shutdown(fd, SHUT_WR);
    while (recv(fd, drain, sizeof(drain), MSG_DONTWAIT) > 0)
        ;
    close(fd);
}

static void accept_one(struct server *s, int fd)
{
    struct host_worker_args args;
    struct client *c;
    char text[160];
    uint32_t id = s->next_id + 1u;
    pid_t pid;
    if (s->active >= s->cfg->max_clients) {
        snprintf(text, sizeof(text), "the host serves %u clients already (--max-clients)",
                 s->cfg->max_clients);
        say(s, "connection refused: %s", text);
        turn_away(fd, AEROCMD_HOST_ERR_BUSY, text);
        return;
    }
    s->next_id = id;
    if (hand_to_spare(s, fd, id)) {
        s->active++;
        return;
    }
    c = free_slot(s); /* there is one: at most max - 1 clients and the spare */
    c->fd = fd;
    c->id = id;
    pid = fork();
    if (pid == 0) {
        args = child_setup(s, c);
        exit(host_worker_run(&args));
    }
    if (pid < 0) {
        snprintf(text, sizeof(text), "the host cannot start a process: %s", strerror(errno));
        turn_away(fd, AEROCMD_HOST_ERR_HOST, text);
        return;
    }
    c->pid = pid;
    s->active++;
}

static void accept_all(struct server *s)
{
    int fd;
    while ((fd = accept(s->fd, NULL, NULL)) >= 0) {
        /* every write the listener makes waits at most NOTICE_MS, whoever is behind */
        fcntl(fd, F_SETFL, O_NONBLOCK);
        accept_one(s, fd);
    }
}

/* What the client is told when its worker ended other than by itself. */
static void tell_client(struct server *s, struct client *c, int status)
{
    struct host_slot *slot = host_shared_slot(s->shared, index_of(s, c));
    uint32_t kind = AEROCMD_HOST_ERR_CRASHED, result = AEROCMD_E_DEVICE_REMOVED;
    char text[300];
    if (c->killed == KILL_WATCHDOG) {
        kind = AEROCMD_HOST_ERR_WATCHDOG;
        snprintf(text, sizeof(text), "submission %u (fence %llu) ran past the deadline of %u ms",
                 slot->submission, (unsigned long long)slot->fence, s->cfg->deadline_ms);
    } else if (c->killed == KILL_MEMORY) {
        kind = AEROCMD_HOST_ERR_MEMORY, result = AEROCMD_E_OUT_OF_MEMORY;
        snprintf(text, sizeof(text), "the device held %llu MiB, over its %llu MiB",
                 (unsigned long long)(c->rss >> 20),
                 (unsigned long long)(host_rss_limit(s->cfg) >> 20));
    } else if (c->killed == KILL_SHUTDOWN) {
        kind = AEROCMD_HOST_ERR_HOST;
        snprintf(text, sizeof(text), "the host is shutting down");
    } else if (WIFSIGNALED(status)) {
        snprintf(text, sizeof(text), "the host's process for this client died of signal %d",
                 WTERMSIG(status));
    } else {
        snprintf(text, sizeof(text), "the host's process for this client failed (status %d)",
                 WEXITSTATUS(status));
    }
    say(s, "client %u: %s", c->id, text);
    if (slot->state != HOST_SLOT_REPLYING)
        host_send_error(c->fd, kind, result, slot->state == HOST_SLOT_RUNNING ? slot->fence : 0,
                        slot->submission, NOTICE_MS, "%s", text);
}

static void ended(struct server *s, struct client *c, int status)
{
    if (c == s->spare) { /* died before any client: try again later */
        close(c->ctl);
        s->spare = NULL;
        s->spare_at = aerocmd_priv_host_now_ms() + SPARE_RETRY_MS;
    } else {
        if (c->killed != KILL_NONE || WIFSIGNALED(status) || WEXITSTATUS(status) != 0)
            tell_client(s, c, status);
        close(c->fd);
        s->active--;
    }
    host_slot_set(host_shared_slot(s->shared, index_of(s, c)), HOST_SLOT_FREE, 0, 0);
    c->pid = 0;
}

static void reap(struct server *s)
{
    pid_t pid;
    int status;
    uint32_t i;
    while ((pid = waitpid(-1, &status, WNOHANG)) > 0)
        for (i = 0; i < s->slots; i++)
            if (s->clients[i].pid == pid)
                ended(s, &s->clients[i], status);
}

/* Resident bytes of pid, 0 when unknown. */
static uint64_t resident(const struct server *s, pid_t pid)
{
    char path[64];
    unsigned long long size = 0, pages = 0;
    FILE *f;
    snprintf(path, sizeof(path), "/proc/%ld/statm", (long)pid);
    f = fopen(path, "r");
    if (f == NULL)
        return 0;
    if (fscanf(f, "%llu %llu", &size, &pages) != 2)
        pages = 0;
    fclose(f);
    return (uint64_t)pages * (uint64_t)s->page;
}

/* How long the slot's submission has run at `now`. A worker may start one after `now` was
 * read: its start is then later than now, and it has run for nothing (not for 2^64 ms). */
static uint64_t running_for(const struct host_slot *slot, uint64_t now)
{
    uint64_t since = slot->since_ms;
    return now > since ? now - since : 0u;
}

static void watch(struct server *s)
{
    uint64_t now = aerocmd_priv_host_now_ms(), limit = host_rss_limit(s->cfg);
    int rss_due = now >= s->rss_at;
    uint32_t i;
    if (rss_due)
        s->rss_at = now + RSS_EVERY_MS;
    for (i = 0; i < s->slots; i++) {
        struct client *c = &s->clients[i];
        struct host_slot *slot = host_shared_slot(s->shared, i);
        if (c->pid == 0 || c->killed != KILL_NONE)
            continue;
        if (slot->state == HOST_SLOT_RUNNING && running_for(slot, now) > s->cfg->deadline_ms)
            c->killed = KILL_WATCHDOG;
        else if (rss_due && (c->rss = resident(s, c->pid)) > limit)
            c->killed = KILL_MEMORY;
        if (c->killed != KILL_NONE)
            kill(c->pid, SIGKILL);
    }
}

/* ---- the loop ------------------------------------------------------------------------------ */

static int stop_requested(struct server *s)
{
    struct timespec zero;
    zero.tv_sec = 0, zero.tv_nsec = 0;
    return sigtimedwait(&s->stops, NULL, &zero) > 0;
}

static void stop_all(struct server *s)
{
    uint32_t i;
    int status;
    for (i = 0; i < s->slots; i++) {
        struct client *c = &s->clients[i];
        if (c->pid == 0)
            continue;
        c->killed = KILL_SHUTDOWN;
        kill(c->pid, SIGKILL);
        while (waitpid(c->pid, &status, 0) < 0 && errno == EINTR)
            ;
        ended(s, c, status);
    }
}

static void loop(struct server *s)
{
    while (!stop_requested(s)) {
        struct pollfd p;
        reap(s);
        watch(s);
        spawn_spare(s);
        p.fd = s->fd, p.events = POLLIN, p.revents = 0;
        if (poll(&p, 1, TICK_MS) > 0)
            accept_all(s);
    }
    stop_all(s);
}

static int setup(struct server *s, const struct host_config *cfg)
{
    memset(s, 0, sizeof(*s));
    s->cfg = cfg;
    s->page = sysconf(_SC_PAGESIZE);
    sigemptyset(&s->stops);
    sigaddset(&s->stops, SIGINT);
    sigaddset(&s->stops, SIGTERM);
    sigprocmask(SIG_BLOCK, &s->stops, NULL);
    signal(SIGPIPE, SIG_IGN);
    s->slots = cfg->max_clients + 1u;
    s->clients = calloc(s->slots, sizeof(*s->clients));
    s->shared = host_shared_create(s->slots);
    if (s->clients == NULL || s->shared == NULL) {
        fprintf(stderr, "aerocmd host: out of memory\n");
        return -1;
    }
    return 0;
}

int host_serve(const struct host_config *cfg)
{
    struct host_addr addr = cfg->listen;
    struct server s;
    char text[HOST_ADDR_CHARS];
    int status = 2;
    if (setup(&s, cfg) == 0 && (s.fd = listen_on(&addr)) >= 0) {
        aerocmd_priv_host_addr_format(&addr, text, sizeof(text));
        printf("listening on %s\n", text);
        fflush(stdout);
        loop(&s);
        close(s.fd);
        if (addr.is_unix)
            unlink(addr.path);
        say(&s, "stopped");
        status = 0;
    }
    free(s.clients);
    host_shared_destroy(s.shared);
    return status;
}
