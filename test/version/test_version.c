/* SPDX-License-Identifier: MIT */
/* The version in the headers and in the linked library is the project's (meson.build's
 * project(version), passed in as EXPECTED_VERSION). */
#include <stdio.h>

#include "aerocmd/version.h"
#include "check.h"

int main(void)
{
    CHECK_STR(AEROCMD_VERSION_STRING, EXPECTED_VERSION);
    CHECK_STR(aerocmd_version(), EXPECTED_VERSION);
    CHECK_EQ(aerocmd_version_number(), AEROCMD_VERSION_NUMBER);
    CHECK(AEROCMD_VERSION_NUMBER ==
          ((EXPECTED_MAJOR << 16) | (EXPECTED_MINOR << 8) | EXPECTED_MICRO));
    CHECK(AEROCMD_VERSION_AT_LEAST(EXPECTED_MAJOR, EXPECTED_MINOR, EXPECTED_MICRO));
    CHECK(!AEROCMD_VERSION_AT_LEAST(EXPECTED_MAJOR, EXPECTED_MINOR, EXPECTED_MICRO + 1));
    CHECK(AEROCMD_VERSION_AT_LEAST(0, 0, 0));
    return check_finish();
}
