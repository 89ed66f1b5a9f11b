/* SPDX-License-Identifier: MIT */
/* export.h — which declarations the shared libaerocmd exports.
 *
 * The library is compiled with -fvisibility=hidden. Every installed header wraps its
 * declarations in one AEROCMD_EXPORT_BEGIN / AEROCMD_EXPORT_END pair, so a function or
 * table declared there is exported and everything else (internal headers, aerocmd_priv_*)
 * stays inside the library. One pair per header instead of a mark on every declaration:
 * a declaration added to a public header is exported without further ceremony.
 * test/exports checks the shared library's export list against the installed headers. */
#ifndef AEROCMD_EXPORT_H
#define AEROCMD_EXPORT_H

#if defined(__GNUC__) && !defined(_WIN32) /* gcc and clang on ELF/Mach-O */
#define AEROCMD_EXPORT_BEGIN _Pragma("GCC visibility push(default)")
#define AEROCMD_EXPORT_END   _Pragma("GCC visibility pop")
#else
#define AEROCMD_EXPORT_BEGIN
#define AEROCMD_EXPORT_END
#endif

#endif
