/* SPDX-License-Identifier: MIT */
/* decode_kernel.h — private to the core: the decoder's fast structural walk in the form the
 * KMD's render path (kmd_render.c) uses on every submission. */
#ifndef AEROCMD_DECODE_KERNEL_H
#define AEROCMD_DECODE_KERNEL_H

#include <stdint.h>

#include "aerocmd/decode.h"

/* Walks packets from `offset` (a packet boundary) while each is certainly structurally
 * sound and needs nothing more from the kernel; returns where it stopped: the stream's
 * end, or a packet the caller must look at with the cursor, aerocmd_packet_check and its
 * own policy. Beyond the structural fast walk, it also stops at every opcode this library
 * does not know (the kernel refuses them), at PRESENT and PRESENT_EX (the submission's
 * present flag) and at the shared-surface packets (their share tokens). A packet newer
 * than the stream's minor never passes either. Reserved opcodes are the caller's: it walks
 * this way only when its policy reserves none. */
uint32_t aerocmd_priv_decode_kernel_walk(const struct aerocmd_stream *stream, uint32_t offset);

#endif /* AEROCMD_DECODE_KERNEL_H */
