/* SPDX-License-Identifier: MIT */
/* aerogpu_escape.h — Driver escape packets (debug/diagnostic queries). */
#ifndef AEROGPU_ESCAPE_H
#define AEROGPU_ESCAPE_H

#include "aerogpu_protocol_base.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef uint32_t aerogpu_escape_u32;

#define AEROGPU_ESCAPE_VERSION         1u
#define AEROGPU_ESCAPE_OP_QUERY_DEVICE 1u

/* Common header of every driver escape. */
AEROGPU_PACKED_BEGIN
typedef struct aerogpu_escape_header {
    aerogpu_escape_u32 version;
    aerogpu_escape_u32 op;
    aerogpu_escape_u32 size;
    aerogpu_escape_u32 reserved0;
} aerogpu_escape_header;
AEROGPU_PACKED_END

/* Answer to AEROGPU_ESCAPE_OP_QUERY_DEVICE. */
AEROGPU_PACKED_BEGIN
typedef struct aerogpu_escape_query_device_out {
    aerogpu_escape_header hdr;
    aerogpu_escape_u32 mmio_version;
    aerogpu_escape_u32 reserved0;
} aerogpu_escape_query_device_out;
AEROGPU_PACKED_END

AEROGPU_ASSERT_SIZE(aerogpu_escape_header, aerogpu_escape_header, 16);
AEROGPU_ASSERT_OFFSET(aerogpu_escape_header, aerogpu_escape_header, version, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_escape_header, aerogpu_escape_header, op, 4);
AEROGPU_ASSERT_OFFSET(aerogpu_escape_header, aerogpu_escape_header, size, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_escape_header, aerogpu_escape_header, reserved0, 12);

AEROGPU_ASSERT_SIZE(aerogpu_escape_query_device_out, aerogpu_escape_query_device_out, 24);
AEROGPU_ASSERT_OFFSET(aerogpu_escape_query_device_out, aerogpu_escape_query_device_out, hdr, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_escape_query_device_out, aerogpu_escape_query_device_out,
                      mmio_version, 16);
AEROGPU_ASSERT_OFFSET(aerogpu_escape_query_device_out, aerogpu_escape_query_device_out, reserved0,
                      20);

#ifdef __cplusplus
}
#endif

#endif /* AEROGPU_ESCAPE_H */
