/* diagnostics.h -- what every file of the front end uses: visibility,
   thread-local and branch-hint macros, fatal errors, warnings and the
   GOMP_DEBUG trace, and the checked allocation helpers.

   Copyright (C) 2026 The gomptarget authors.

   This file is part of gomptarget.

   gomptarget is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 3, or (at your option) any
   later version.

   gomptarget is distributed in the hope that it will be useful, but
   WITHOUT ANY WARRANTY; without even the implied warranty of
   MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the GNU
   General Public License for more details.

   Under Section 7 of GPL version 3, you are granted additional
   permissions described in the GCC Runtime Library Exception, version
   3.1, as published by the Free Software Foundation.  */

#ifndef GT_DIAGNOSTICS_H
#define GT_DIAGNOSTICS_H

#include "config.h"

#include <stdbool.h>
#include <stddef.h>

#define GT_HIDDEN __attribute__ ((visibility ("hidden")))
#define GT_PUBLIC __attribute__ ((visibility ("default")))
/* Thread-local data: the library is linked or preloaded, never opened
   late, so the static TLS model is safe and saves a call per access.  */
#define GT_TLS __thread __attribute__ ((tls_model ("initial-exec")))
#define GT_LIKELY(x) __builtin_expect (!!(x), 1)
#define GT_UNLIKELY(x) __builtin_expect (!!(x), 0)

/* The GOMP_DEBUG level; 0 = quiet.  */
extern int gt_debug_level GT_HIDDEN;

void gt_fatal (const char *fmt, ...)
  __attribute__ ((noreturn, format (printf, 1, 2))) GT_HIDDEN;
void gt_warning (const char *fmt, ...)
  __attribute__ ((format (printf, 1, 2))) GT_HIDDEN;
void gt_debug_printf (const char *fmt, ...)
  __attribute__ ((format (printf, 1, 2))) GT_HIDDEN;
#define gt_debug(...) \
  do { if (GT_UNLIKELY (gt_debug_level)) gt_debug_printf (__VA_ARGS__); } \
  while (0)

void *gt_malloc (size_t) GT_HIDDEN __attribute__ ((malloc));
void *gt_calloc (size_t, size_t) GT_HIDDEN __attribute__ ((malloc));
void *gt_realloc (void *, size_t) GT_HIDDEN;

#endif /* GT_DIAGNOSTICS_H */
