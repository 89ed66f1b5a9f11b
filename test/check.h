/* SPDX-License-Identifier: MIT */
/* check.h — the test suite's assertion helpers. A failed CHECK prints where and why and
 * counts; check_finish() prints "N passed, N failed" and gives the exit status. */
#ifndef AEROCMD_TEST_CHECK_H
#define AEROCMD_TEST_CHECK_H

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static unsigned check_passed_count;
static unsigned check_failed_count;

static int check_report(int ok, const char *file, int line, const char *what)
{
    if (ok) {
        check_passed_count++;
    } else {
        check_failed_count++;
        fprintf(stderr, "%s:%d: check failed: %s\n", file, line, what);
    }
    return ok;
}

static int check_report_u64(uint64_t got, uint64_t want, const char *file, int line,
                            const char *what)
{
    int ok = got == want;
    if (!check_report(ok, file, line, what))
        fprintf(stderr, "    got %" PRIu64 " (0x%" PRIx64 "), want %" PRIu64 " (0x%" PRIx64 ")\n",
                got, got, want, want);
    return ok;
}

#define CHECK(cond) check_report(!!(cond), __FILE__, __LINE__, #cond)
#define CHECK_EQ(got, want)                                                                        \
    check_report_u64((uint64_t)(got), (uint64_t)(want), __FILE__, __LINE__, #got " == " #want)
#define CHECK_STR(got, want)                                                                       \
    check_report(strcmp((got), (want)) == 0, __FILE__, __LINE__, #got " == " #want)

static int check_finish(void)
{
    printf("%u passed, %u failed\n", check_passed_count, check_failed_count);
    return check_failed_count ? 1 : 0;
}

#endif
