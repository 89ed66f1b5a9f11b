/* SPDX-License-Identifier: MIT */
/* host_shared.c — what the host's processes share: one slot per worker (what it is doing,
 * read by the listener's watchdog) and the picture counter. The page is a MAP_SHARED
 * mapping of an unlinked temporary file made before any worker is forked; the counter is
 * guarded by an fcntl record lock on that file, which the kernel releases when its holder
 * dies, so a worker killed at any moment never leaves the others waiting. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "host.h"

struct host_shared_page {
    volatile uint32_t next_picture;
    uint32_t slot_count;
    struct host_slot slots[1]; /* slot_count of them */
};

struct host_shared {
    FILE *file;
    size_t size;
    struct host_shared_page *page;
};

struct host_shared *host_shared_create(uint32_t slots)
{
    struct host_shared *sh = calloc(1, sizeof(*sh));
    if (sh == NULL)
        return NULL;
    sh->size = sizeof(struct host_shared_page) + (size_t)slots * sizeof(struct host_slot);
    sh->file = tmpfile();
    if (sh->file == NULL || ftruncate(fileno(sh->file), (off_t)sh->size) != 0) {
        host_shared_destroy(sh);
        return NULL;
    }
    sh->page = mmap(NULL, sh->size, PROT_READ | PROT_WRITE, MAP_SHARED, fileno(sh->file), 0);
    if (sh->page == MAP_FAILED) {
        sh->page = NULL;
        host_shared_destroy(sh);
        return NULL;
    }
    sh->page->slot_count = slots;
    return sh;
}

void host_shared_destroy(struct host_shared *sh)
{
    if (sh == NULL)
        return;
    if (sh->page != NULL)
        munmap(sh->page, sh->size);
    if (sh->file != NULL)
        fclose(sh->file);
    free(sh);
}

struct host_slot *host_shared_slot(struct host_shared *sh, uint32_t index)
{
    return index < sh->page->slot_count ? &sh->page->slots[index] : NULL;
}

static int lock_counter(struct host_shared *sh, short type)
{
    struct flock fl;
    memset(&fl, 0, sizeof(fl));
    fl.l_type = type;
    fl.l_whence = SEEK_SET;
    fl.l_start = 0;
    fl.l_len = 1;
    while (fcntl(fileno(sh->file), F_SETLKW, &fl) != 0)
        if (errno != EINTR)
            return -1; /* no locks here: numbers may repeat, nothing else goes wrong */
    return 0;
}

uint32_t host_shared_next_picture(struct host_shared *sh)
{
    uint32_t n;
    lock_counter(sh, F_WRLCK);
    n = sh->page->next_picture;
    sh->page->next_picture = n + 1u;
    lock_counter(sh, F_UNLCK);
    return n;
}

void host_slot_set(struct host_slot *slot, uint32_t state, uint32_t submission, uint64_t fence)
{
    slot->state = HOST_SLOT_READING; /* never RUNNING with a stale start */
    slot->submission = submission;
    slot->fence = fence;
    slot->since_ms = aerocmd_priv_host_now_ms();
    slot->state = state;
}
