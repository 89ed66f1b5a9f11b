/* SPDX-License-Identifier: MIT */
/* corpus.h — the raw command streams in test/data/streams (*.acmd), loaded for the
 * decoder tests. The directory comes from the command line (meson passes it). */
#ifndef AEROCMD_TEST_CORPUS_H
#define AEROCMD_TEST_CORPUS_H

#include <dirent.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aerogpu_cmd.h"
#include "shaders/capture_shaders.h"

#define CORPUS_MAX_FILES 64

struct corpus_file {
    char name[256];
    uint8_t *bytes;
    size_t len;
};

struct corpus {
    struct corpus_file files[CORPUS_MAX_FILES];
    unsigned count;
};

static int corpus_has_suffix(const char *name, const char *suffix)
{
    size_t n = strlen(name), s = strlen(suffix);
    return n > s && strcmp(name + n - s, suffix) == 0;
}

static int corpus_read(const char *path, uint8_t **bytes, size_t *len)
{
    FILE *f = fopen(path, "rb");
    long size;
    if (f == NULL)
        return 0;
    if (fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
        fclose(f);
        return 0;
    }
    *bytes = (uint8_t *)malloc((size_t)size + 1);
    *len = (size_t)size;
    if (*bytes == NULL || fread(*bytes, 1, *len, f) != *len) {
        fclose(f);
        return 0;
    }
    fclose(f);
    return 1;
}

static int corpus_compare(const void *a, const void *b)
{
    return strcmp(((const struct corpus_file *)a)->name, ((const struct corpus_file *)b)->name);
}

/* Loads every *.acmd of dir, sorted by name; 0 if the directory cannot be read. */
static int corpus_load(struct corpus *corpus, const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *entry;
    char path[1024];
    memset(corpus, 0, sizeof *corpus);
    if (d == NULL)
        return 0;
    while ((entry = readdir(d)) != NULL && corpus->count < CORPUS_MAX_FILES) {
        struct corpus_file *file = &corpus->files[corpus->count];
        if (!corpus_has_suffix(entry->d_name, ".acmd") ||
            strlen(entry->d_name) >= sizeof file->name)
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, entry->d_name);
        strcpy(file->name, entry->d_name);
        if (!corpus_read(path, &file->bytes, &file->len)) {
            fprintf(stderr, "cannot read %s\n", path);
            closedir(d);
            return 0;
        }
        corpus->count++;
    }
    closedir(d);
    qsort(corpus->files, corpus->count, sizeof corpus->files[0], corpus_compare);
    return 1;
}

/* The captures' shaders with their checksums made right (capture_shaders.h). */
static uint32_t corpus_resum_shaders(struct corpus_file *file)
{
    return capture_resum_shaders(file->bytes, file->len);
}

/* Puts the zero checksum back into the shader packet at `at` (as captured). */
static void corpus_zero_first_sum(struct corpus_file *file, uint32_t at)
{
    memset(file->bytes + at + sizeof(struct aerogpu_cmd_create_shader_dxbc) + 4, 0, 16);
}

static void corpus_free(struct corpus *corpus)
{
    unsigned i;
    for (i = 0; i < corpus->count; i++)
        free(corpus->files[i].bytes);
    corpus->count = 0;
}

#endif /* AEROCMD_TEST_CORPUS_H */
