/* SPDX-License-Identifier: MIT */
/* umd_fault_sites.c — the names of the umd layer's fault sites, and watching a device's. */
#include "aerocmd/umd_fault_sites.h"

#include <stddef.h>

#include "umd_internal.h"

struct site_info {
    const char *name;
    enum aerocmd_umd_fault_class fault_class;
};

#define SITE_INFO(name, class, what) {#name, AEROCMD_UMD_FAULT_##class},
static const struct site_info sites[AEROCMD_UMD_SITE_COUNT] = {
    {NULL, (enum aerocmd_umd_fault_class)0}, AEROCMD_UMD_FAULT_SITES(SITE_INFO)};

void aerocmd_umd_device_watch_faults(struct aerocmd_umd_device *dev, uint32_t *site)
{
    if (dev != NULL)
        dev->fault_site = site;
}

const char *aerocmd_umd_fault_site_name(uint32_t site)
{
    return site < AEROCMD_UMD_SITE_COUNT ? sites[site].name : NULL;
}

enum aerocmd_umd_fault_class aerocmd_umd_fault_site_class(uint32_t site)
{
    return site < AEROCMD_UMD_SITE_COUNT ? sites[site].fault_class
                                         : (enum aerocmd_umd_fault_class)0;
}
