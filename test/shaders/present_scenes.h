/* SPDX-License-Identifier: MIT */
/* present_scenes.h — the data of the presenting scenarios, shared by their host twins
 * (test/unit/umd/golden_present.h), their Wine versions (test/shims/scenario_present.c)
 * and the checks of their pictures (test/pixels/present_pictures.h). */
#ifndef AEROCMD_TEST_PRESENT_SCENES_H
#define AEROCMD_TEST_PRESENT_SCENES_H

#include <stdint.h>

/* Swap chains: FRAMES frames of W x H, frame k's back buffer cleared to colour k
 * (components 0 or 1, so every UNORM value is exact). */
#define PRESENT_FRAMES 5u
#define PRESENT_W      16u
#define PRESENT_H      8u
static const float present_frame_colour[PRESENT_FRAMES][4] = {
    {1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}, {1, 1, 0, 1}, {0, 1, 1, 1}};

/* The compositor present: a 4x4 R8G8B8A8 back buffer holding these texels (R, G, B, A
 * bytes) is blitted with DXGI's Present flag into a 7x5 B8G8R8A8 shared surface. */
#define COMPOSE_SRC   4u
#define COMPOSE_DST_W 7u
#define COMPOSE_DST_H 5u
static const uint8_t compose_texels[COMPOSE_SRC * COMPOSE_SRC * 4] = {
    255, 0,  0,  255, 0,   255, 0,   255, 0,   0,   255, 255, 255, 255, 255, 255, /**/
    0,   0,  0,  255, 128, 64,  32,  255, 32,  64,  128, 255, 200, 100, 50,  128, /**/
    10,  20, 30, 40,  250, 240, 230, 220, 90,  180, 0,   255, 0,   90,  180, 255, /**/
    60,  60, 60, 255, 120, 0,   240, 255, 240, 120, 0,   255, 0,   240, 120, 0};

/* GenerateMips: a 7x5 R8G8B8A8 texture of MIPS_LEVELS levels created with
 * AUTO_GEN_MIP_MAP, level 0 holding these texels (R, G, B, A bytes, row by row) and the
 * others zeros; after GenerateMips, levels 1 (3x2) and 2 (1x1) are copied into textures of
 * their own, whose pictures show the generated levels. */
#define MIPS_W      7u
#define MIPS_H      5u
#define MIPS_LEVELS 3u
static const uint8_t mips_texels[MIPS_W * MIPS_H * 4] = {
    255, 0,   0,   255, 0,   255, 0,   255, 0,   0,   255, 255, 255, 255, 255, 255, /**/
    0,   0,   0,   255, 128, 64,  32,  255, 32,  64,  128, 255, 200, 100, 50,  128, /**/
    10,  20,  30,  40,  250, 240, 230, 220, 90,  180, 0,   255, 0,   90,  180, 255, /**/
    60,  60,  60,  255, 120, 0,   240, 255, 240, 120, 0,   255, 0,   240, 120, 0,   /**/
    17,  34,  51,  68,  85,  102, 119, 136, 153, 170, 187, 204, 221, 238, 255, 0,   /**/
    255, 128, 0,   64,  0,   128, 255, 192, 33,  99,  165, 231, 77,  11,  200, 144, /**/
    5,   250, 5,   250, 250, 5,   250, 5,   128, 128, 128, 128, 64,  192, 32,  224, /**/
    192, 64,  224, 32,  1,   2,   3,   4,   254, 253, 252, 251, 100, 150, 200, 250, /**/
    30,  60,  90,  120, 180, 40,  200, 255, 66,  77,  88,  99};
static const uint8_t mips_zeros[(MIPS_W / 2u) * (MIPS_H / 2u) * 4] = {0};

#endif /* AEROCMD_TEST_PRESENT_SCENES_H */
