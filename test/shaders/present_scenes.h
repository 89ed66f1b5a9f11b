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

#endif /* AEROCMD_TEST_PRESENT_SCENES_H */
