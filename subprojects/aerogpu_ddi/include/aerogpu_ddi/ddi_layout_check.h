/* SPDX-License-Identifier: MIT */
/* Compile-time layout checks used by the generated ddi_layout_*.h files.
 *
 * Every check line carries the x86 and the x64 numbers measured for Windows 7; the target
 * (_WIN64 or not) picks which pair the compiler must reproduce. A mismatch stops the build
 * with a message naming the struct and member.
 */
#ifndef AEROGPU_DDI_LAYOUT_CHECK_H
#define AEROGPU_DDI_LAYOUT_CHECK_H

#include "aerogpu_ddi/ddi_platform.h"

#include <stddef.h>

#ifdef _WIN64
#define AEROGPU_DDI_PICK(x86, x64) (x64)
#else
#define AEROGPU_DDI_PICK(x86, x64) (x86)
#endif

#if defined(__cplusplus)
#define AEROGPU_DDI_STATIC_ASSERT(cond, msg) static_assert(cond, msg)
#elif defined(__GNUC__)
#define AEROGPU_DDI_STATIC_ASSERT(cond, msg) __extension__ _Static_assert(cond, msg)
#else
#define AEROGPU_DDI_STATIC_ASSERT(cond, msg) _Static_assert(cond, msg)
#endif

#if defined(__GNUC__)
#define AEROGPU_DDI_ALIGNOF(type) __alignof__(type)
#else
#define AEROGPU_DDI_ALIGNOF(type) __alignof(type)
#endif

#define AEROGPU_DDI_CHECK_TYPE(type, size86, align86, size64, align64)                             \
    AEROGPU_DDI_STATIC_ASSERT(sizeof(type) == AEROGPU_DDI_PICK(size86, size64),                    \
                              "aerogpu_ddi layout: sizeof " #type);                                \
    AEROGPU_DDI_STATIC_ASSERT(AEROGPU_DDI_ALIGNOF(type) == AEROGPU_DDI_PICK(align86, align64),     \
                              "aerogpu_ddi layout: alignment of " #type)

#define AEROGPU_DDI_CHECK_FIELD(type, member, off86, size86, off64, size64)                        \
    AEROGPU_DDI_STATIC_ASSERT(offsetof(type, member) == AEROGPU_DDI_PICK(off86, off64),            \
                              "aerogpu_ddi layout: offset of " #type "." #member);                 \
    AEROGPU_DDI_STATIC_ASSERT(sizeof(((type *)0)->member) == AEROGPU_DDI_PICK(size86, size64),     \
                              "aerogpu_ddi layout: size of " #type "." #member)

/* A function table must be exactly its Windows 7 slot count of code pointers: one slot more
 * or less shifts every later entry the runtime calls.
 */
#define AEROGPU_DDI_CHECK_TABLE(type, slots)                                                       \
    AEROGPU_DDI_STATIC_ASSERT(sizeof(type) == (slots) * sizeof(void (*)(void)),                    \
                              "aerogpu_ddi layout: slot count of " #type)

#endif
