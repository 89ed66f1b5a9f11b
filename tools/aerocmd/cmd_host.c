/* SPDX-License-Identifier: MIT */
/* aerocmd host: the reference executor served live to running guests (doc/host.md): its
 * options and their defaults. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "commands.h"
#include "host.h"
#include "tool_options.h"
#include "render.h"

#define EXIT_USAGE_OR_IO 2

static void usage(FILE *out)
{
    fprintf(out,
            "usage: aerocmd host [--listen ADDRESS] [--pictures DIR] [--max-clients N]\n"
            "                    [--max-memory BYTES] [--max-message BYTES] [--max-work N]\n"
            "                    [--deadline TIME] [--io-timeout TIME] [-q]\n\n"
            "Serves the reference executor (Direct3D 12 through vkd3d, headless on Mesa's\n"
            "lavapipe) to running guests: each connection is one device that submits\n"
            "command streams with their allocation tables and guest memory, waits for\n"
            "fences (the guest memory the device wrote, WRITEBACK_DST copies, travels back\n"
            "before a fence completes) and may read back its last presented picture. Wire\n"
            "format: doc/host-protocol.md; clients: aerocmd/host_client.h, aerocmd replay.\n"
            "The first line on standard output is 'listening on ADDRESS'.\n\n"
            "Every client runs in its own process with its own executor: nothing of one is\n"
            "visible to another, a client that disconnects leaves nothing behind, and a\n"
            "crash costs that client alone. Each submission is validated (structure, the\n"
            "allocation table, semantics) before it runs; a refused one gets an ERROR with\n"
            "its packet's offset and reason and loses the client's device (connect again\n"
            "for a new one). The host goes on serving everyone else.\n\n"
            "  --listen ADDRESS     tcp:127.0.0.1:PORT (loopback only; PORT 0 picks one) or\n"
            "                       unix:PATH (default tcp:127.0.0.1:0)\n"
            "  --pictures DIR       write each PRESENT as DIR/present_NNNN.png, numbered\n"
            "                       across the host's life (created if missing)\n"
            "  --max-clients N      clients served at once; more are refused with ERROR\n"
            "                       busy (default 16, at most 1024)\n"
            "  --max-memory BYTES   the memory budget of one client's device (K, M, G\n"
            "                       suffixes; default 1G); a client's process resident over\n"
            "                       this + 2 x --max-message + 384M is stopped (ERROR memory)\n"
            "  --max-message BYTES  the largest submission a client may send, its guest\n"
            "                       memory included (default 64M, at most 4G - 1)\n"
            "  --max-work N         the work budget of one submission, passed to the\n"
            "                       executor (K, M, G suffixes; 0, the default: the\n"
            "                       executor's own, 2G units)\n"
            "  --deadline TIME      how long one submission may run before the watchdog\n"
            "                       stops it and the client's device is lost (default 30s)\n"
            "  --io-timeout TIME    how long one message may take to arrive or leave once\n"
            "                       begun, and the HELLO after connecting (default 10s)\n"
            "  -q                   no log lines on standard error\n\n"
            "TIME is seconds, or a number with an ms or s suffix. Environment: as for\n"
            "aerocmd render (lavapipe selected, Mesa's shader cache kept out of $HOME);\n"
            "AEROCMD_HOST_RSS_OVERHEAD (bytes, K/M/G) replaces the 384M allowance.\n"
            "SIGINT or SIGTERM stops the host (its clients get ERROR host).\n\n"
            "Exit status: 0 stopped by a signal, 2 usage error or cannot listen.\n");
}

/* One option with its value at argv[*i]; 1 taken, 0 not this option, -1 bad value. */
static int take_option(struct host_config *cfg, int argc, char **argv, int *i)
{
    const char *name = argv[*i], *value = *i + 1 < argc ? argv[*i + 1] : NULL;
    uint64_t n;
    int ok;
    if (value == NULL)
        return 0;
    if (strcmp(name, "--listen") == 0)
        ok = aerocmd_priv_host_addr_parse(value, &cfg->listen) == 0 &&
             (cfg->listen.is_unix || cfg->listen.ipv4 >> 24 == 127u);
    else if (strcmp(name, "--pictures") == 0)
        ok = (cfg->pictures = value)[0] != '\0';
    else if (strcmp(name, "--max-clients") == 0)
        ok = tool_parse_size(value, 0, &n) == 0 && n >= 1 && n <= HOST_LIMIT_MAX_CLIENTS &&
             (cfg->max_clients = (uint32_t)n) != 0;
    else if (strcmp(name, "--max-memory") == 0)
        ok = tool_parse_size(value, 1, &cfg->max_memory) == 0 && cfg->max_memory != 0;
    else if (strcmp(name, "--max-message") == 0)
        ok = tool_parse_size(value, 1, &cfg->max_message) == 0 && cfg->max_message >= 64u &&
             cfg->max_message <= HOST_LIMIT_MAX_MESSAGE;
    else if (strcmp(name, "--max-work") == 0)
        ok = tool_parse_size(value, 1, &cfg->max_work) == 0;
    else if (strcmp(name, "--deadline") == 0)
        ok = tool_parse_time(value, &cfg->deadline_ms) == 0 && cfg->deadline_ms != 0;
    else if (strcmp(name, "--io-timeout") == 0)
        ok = tool_parse_time(value, &cfg->io_timeout_ms) == 0 && cfg->io_timeout_ms != 0;
    else
        return 0;
    (*i)++;
    return ok ? 1 : -1;
}

static int parse(struct host_config *cfg, int argc, char **argv)
{
    const char *overhead;
    int i;
    memset(cfg, 0, sizeof(*cfg));
    aerocmd_priv_host_addr_parse("tcp:127.0.0.1:0", &cfg->listen);
    cfg->max_clients = HOST_DEFAULT_MAX_CLIENTS;
    cfg->max_memory = HOST_DEFAULT_MAX_MEMORY;
    cfg->max_message = HOST_DEFAULT_MAX_MESSAGE;
    cfg->deadline_ms = HOST_DEFAULT_DEADLINE_MS;
    cfg->io_timeout_ms = HOST_DEFAULT_IO_MS;
    cfg->rss_overhead = HOST_RSS_OVERHEAD;
    overhead = getenv("AEROCMD_HOST_RSS_OVERHEAD");
    if (overhead != NULL && tool_parse_size(overhead, 1, &cfg->rss_overhead) != 0) {
        fprintf(stderr, "aerocmd host: bad AEROCMD_HOST_RSS_OVERHEAD '%s'\n", overhead);
        return -1;
    }
    for (i = 1; i < argc; i++) {
        int r = take_option(cfg, argc, argv, &i);
        if (r < 0) {
            fprintf(stderr, "aerocmd host: bad value '%s' for %s\n", argv[i], argv[i - 1]);
            return -1;
        }
        if (r == 0 && strcmp(argv[i], "-q") == 0) {
            cfg->quiet = 1;
        } else if (r == 0) {
            fprintf(stderr, "aerocmd host: unexpected argument '%s'\n", argv[i]);
            return -1;
        }
    }
    return 0;
}

int aerocmd_cmd_host(int argc, char **argv)
{
    struct host_config cfg;
    int i;
    for (i = 1; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage(stdout);
            return 0;
        }
    if (parse(&cfg, argc, argv) != 0) {
        usage(stderr);
        return EXIT_USAGE_OR_IO;
    }
    if (cfg.pictures != NULL && mkdir(cfg.pictures, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "aerocmd host: %s: %s\n", cfg.pictures, strerror(errno));
        return EXIT_USAGE_OR_IO;
    }
    if (!aerocmd_render_available()) {
        fprintf(stderr, "aerocmd host: this aerocmd was built without the reference executor "
                        "(meson -Dexec=enabled needs libvkd3d-dev and libpng-dev)\n");
        return EXIT_USAGE_OR_IO;
    }
#ifdef AEROCMD_HAVE_EXEC
    aerocmd_render_prepare_env();
    return host_serve(&cfg);
#else
    return EXIT_USAGE_OR_IO;
#endif
}
