/* SPDX-License-Identifier: MIT */
/* demo_render.c — aerocmd demo's picture through the reference executor. */
#include "demo_render.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render.h"

#ifdef AEROCMD_HAVE_EXEC
#include "aerocmd/exec.h"
#include "png_write.h"

/* A JSON string: quotes, backslashes and control characters escaped. */
static void put_json_string(const char *s)
{
    putchar('"');
    for (; *s != '\0'; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            printf("\\%c", c);
        else if (c < 0x20)
            printf("\\u%04x", c);
        else
            putchar(c);
    }
    putchar('"');
}

static void say(int json, const char *path, const char *what)
{
    if (json) {
        printf("{\"type\":\"picture\",\"picture\":");
        if (path != NULL)
            put_json_string(path);
        else
            printf("null");
        printf(",\"note\":");
        put_json_string(what);
        printf("}\n");
    } else if (path != NULL) {
        printf("# picture: %s (%s)\n", path, what);
    } else {
        printf("# picture: none (%s)\n", what);
    }
}

int aerocmd_demo_render(const uint8_t *trace, size_t trace_len, const char *png_path, int json)
{
    struct aerocmd_exec_error err;
    struct aerocmd_exec *ex = NULL;
    const struct aerocmd_exec_present *pr;
    int status = 1;
    if (png_path == NULL) {
        say(json, NULL, "--no-png");
        return 0;
    }
    if (trace == NULL) {
        say(json, NULL, "the trace could not be built");
        return 1;
    }
    aerocmd_render_prepare_env();
    if (aerocmd_exec_create(NULL, &ex, &err) != AEROCMD_OK) {
        fprintf(stderr, "aerocmd demo: %s\n", err.message);
        say(json, NULL, "the reference executor cannot start");
        return 1;
    }
    pr = NULL;
    if (aerocmd_exec_run(ex, trace, trace_len, &err) != AEROCMD_OK)
        fprintf(stderr, "aerocmd demo: reference executor: %s\n", err.message);
    else
        pr = aerocmd_exec_get_present(ex, 0);
    if (pr == NULL || pr->image.rgba8 == NULL)
        say(json, NULL, "the reference executor drew no frame");
    else if (aerocmd_write_png(png_path, pr->image.rgba8, pr->image.width, pr->image.height) == 0) {
        say(json, png_path,
            "the frame's PRESENT of the demo's trace as the reference executor "
            "drew it");
        status = 0;
    }
    aerocmd_exec_destroy(ex);
    return status;
}
#else
int aerocmd_demo_render(const uint8_t *trace, size_t trace_len, const char *png_path, int json)
{
    (void)trace;
    (void)trace_len;
    (void)png_path;
    if (json)
        printf("{\"type\":\"picture\",\"picture\":null,\"note\":\"built without the reference "
               "executor\"}\n");
    else
        printf("# picture: none (built without the reference executor)\n");
    return 0;
}
#endif
