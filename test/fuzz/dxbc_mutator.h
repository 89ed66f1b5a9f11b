/* SPDX-License-Identifier: MIT */
/* dxbc_mutator.h — SM4 token mutations inside the DXBC containers of a fuzz input
 * (dxbc_mutator.c), for fuzz_exec's custom mutator. */
#ifndef AEROCMD_FUZZ_DXBC_MUTATOR_H
#define AEROCMD_FUZZ_DXBC_MUTATOR_H

#include <stddef.h>
#include <stdint.h>

/* Changes one to three tokens of one container the input carries (seeded) and recomputes
 * its checksum. Returns size, or 0 when the input carries no container. */
size_t dxbc_mutator_mutate(uint8_t *data, size_t size, unsigned int seed);
/* Recomputes the checksum of every container the input carries. */
void dxbc_mutator_fix_checksums(uint8_t *data, size_t size);

#endif
