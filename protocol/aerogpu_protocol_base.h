/* SPDX-License-Identifier: MIT */
/* aerogpu_protocol_base.h — what every AeroGPU protocol header needs: fixed-width types,
 * packing, explicit alignment and compile-time layout checks that work in C99, C++ and
 * freestanding (kernel) builds alike. */
#ifndef AEROGPU_PROTOCOL_BASE_H
#define AEROGPU_PROTOCOL_BASE_H

#include <stddef.h>
#include <stdint.h>

/* Command-stream structs are byte-packed on the wire; pragma pack is understood by
 * GCC, Clang and MSVC alike, so one spelling serves every build of the driver. */
#define AEROGPU_PACKED_BEGIN _Pragma("pack(push, 1)")
#define AEROGPU_PACKED_END   _Pragma("pack(pop)")

/* Ring and allocation-table structs keep natural alignment; 64-bit members are forced to
 * 8 so that 32-bit x86 builds (where uint64_t may be 4-aligned) agree with the device. */
#if defined(_MSC_VER)
#define AEROGPU_ALIGNAS(n) __declspec(align(n))
#else
#define AEROGPU_ALIGNAS(n) __attribute__((aligned(n)))
#endif

#define AEROGPU_CONCAT_(a, b) a##b
#define AEROGPU_CONCAT(a, b)  AEROGPU_CONCAT_(a, b)

/* A negative array size stops the build; usable at file scope in C99 and C++. */
#define AEROGPU_STATIC_ASSERT(cond, tag)                                                           \
    typedef char AEROGPU_CONCAT(aerogpu_static_assert_, tag)[(cond) ? 1 : -1]

/* tag names the check (struct name, struct_field) so two headers never collide. */
#define AEROGPU_ASSERT_SIZE(tag, type, bytes)                                                      \
    AEROGPU_STATIC_ASSERT(sizeof(type) == (bytes), AEROGPU_CONCAT(tag, _sizeof))
#define AEROGPU_ASSERT_OFFSET(tag, type, field, bytes)                                             \
    AEROGPU_STATIC_ASSERT(offsetof(type, field) == (bytes), AEROGPU_CONCAT(tag, _offsetof_##field))

#endif /* AEROGPU_PROTOCOL_BASE_H */
