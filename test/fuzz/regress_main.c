/* SPDX-License-Identifier: MIT */
/* regress_main.c — replays files through a fuzzer's LLVMFuzzerTestOneInput without
 * libFuzzer, so every build (gcc, sanitizers, valgrind) re-checks the inputs that once
 * crashed a fuzzer and its seed corpus.
 *
 * Usage: fuzz_regress_NAME DIR_OR_FILE...   Each argument is a file or a directory whose
 * regular files are all replayed. A violated invariant aborts the program (the fuzzer's
 * own check); otherwise it prints how many inputs ran and "N passed, 0 failed". */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_INPUT_BYTES (4u << 20)

/* Reads the whole file into an exact-size heap block (so ASan sees overreads). Returns
 * -1 when it is not a readable regular file. */
static int replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    uint8_t *buf;
    long len;
    if (f == NULL)
        return -1;
    if (fseek(f, 0, SEEK_END) != 0 || (len = ftell(f)) < 0 || len > (long)MAX_INPUT_BYTES ||
        fseek(f, 0, SEEK_SET) != 0) {
        fclose(f);
        return -1;
    }
    buf = (uint8_t *)malloc(len ? (size_t)len : 1u);
    if (buf == NULL || fread(buf, 1, (size_t)len, f) != (size_t)len) {
        free(buf);
        fclose(f);
        return -1;
    }
    fclose(f);
    LLVMFuzzerTestOneInput(buf, (size_t)len);
    free(buf);
    return 0;
}

/* Replays every file of a directory (not recursive; names starting with '.' skipped). */
static int replay_dir(DIR *d, const char *dir, unsigned *count)
{
    struct dirent *e;
    char path[4096];
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, e->d_name) >= sizeof path)
            return -1;
        if (replay_file(path) != 0) {
            fprintf(stderr, "cannot read %s\n", path);
            return -1;
        }
        (*count)++;
    }
    return 0;
}

int main(int argc, char **argv)
{
    unsigned count = 0, errors = 0;
    int i;
    if (argc < 2) {
        fprintf(stderr, "usage: %s DIR_OR_FILE...\n", argv[0]);
        return 2;
    }
    for (i = 1; i < argc; i++) {
        DIR *d = opendir(argv[i]);
        if (d != NULL) {
            errors += replay_dir(d, argv[i], &count) != 0;
            closedir(d);
        } else if (replay_file(argv[i]) == 0) {
            count++;
        } else {
            fprintf(stderr, "cannot read %s\n", argv[i]);
            errors++;
        }
    }
    printf("%u inputs replayed\n", count);
    printf("%u passed, %u failed\n", errors ? 0u : 1u, errors ? 1u : 0u);
    return errors ? 1 : 0;
}
