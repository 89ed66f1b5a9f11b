/* SPDX-License-Identifier: MIT */
/* fxc_blobs.h — DXBC containers produced by Microsoft's HLSL compiler (public test data),
 * whose checksums are the compiler's: the truth the project's own checksum code is held
 * to. */
#ifndef AEROCMD_TEST_FXC_BLOBS_H
#define AEROCMD_TEST_FXC_BLOBS_H

#include <stdint.h>

/* Two containers produced by the HLSL compiler (public test data): cs_5_0 with empty
 * signatures, and ps_5_0 writing SV_Target0 (float4). Their checksums are the compiler's. */
static const uint32_t fxc_cs[43] = {
    0x43425844, 0x9de05180, 0xc4ce6696, 0x888b971b, 0x17d7d33f, 0x00000001, 0x000000ac, 0x00000003,
    0x0000002c, 0x0000003c, 0x0000004c, 0x4e475349, 0x00000008, 0x00000000, 0x00000008, 0x4e47534f,
    0x00000008, 0x00000000, 0x00000008, 0x58454853, 0x00000058, 0x00050050, 0x00000016, 0x0100086a,
    0x0400009e, 0x0011e000, 0x00000000, 0x00000004, 0x0400009b, 0x00000001, 0x00000001, 0x00000001,
    0x0a0000ad, 0x0011e000, 0x00000000, 0x00004002, 0x00000000, 0x00000000, 0x00000000, 0x00000000,
    0x00004001, 0x00000001, 0x0100003e};
static const uint32_t fxc_ps[45] = {
    0x43425844, 0x2f09e5ff, 0xaa135d5e, 0x7860f4b5, 0x5c7b8cbc, 0x00000001, 0x000000b4, 0x00000003,
    0x0000002c, 0x0000003c, 0x00000070, 0x4e475349, 0x00000008, 0x00000000, 0x00000008, 0x4e47534f,
    0x0000002c, 0x00000001, 0x00000008, 0x00000020, 0x00000000, 0x00000000, 0x00000003, 0x00000000,
    0x0000000f, 0x545f5653, 0x65677261, 0xabab0074, 0x58454853, 0x0000003c, 0x00000050, 0x0000000f,
    0x0100086a, 0x03000065, 0x001020f2, 0x00000000, 0x08000036, 0x001020f2, 0x00000000, 0x00004002,
    0x00000000, 0x3e800000, 0x3f000000, 0x3f800000, 0x0100003e};
/* A root signature container: another checksum over a different length. */
static const uint32_t fxc_rootsig[17] = {0x43425844, 0xd64afc1d, 0x5dc27735, 0x9edacb4a, 0x6bd8a7fa,
                                         0x00000001, 0x00000044, 0x00000001, 0x00000024, 0x30535452,
                                         0x00000018, 0x00000001, 0x00000000, 0x00000018, 0x00000000,
                                         0x00000018, 0x00000000};

#endif /* AEROCMD_TEST_FXC_BLOBS_H */
