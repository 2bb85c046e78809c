/* error.c -- fatal errors, warnings and the GOMP_DEBUG trace, and the
   checked allocation helpers.

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

#include "diagnostics.h"
#include "gt-report.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

int gt_debug_level;

GT_TLS struct gt_held_locks gt_held_locks;

bool gt_exiting_on_error;

void
gt_fatal (const char *fmt, ...)
{
  va_list ap;

  __atomic_store_n (&gt_exiting_on_error, true, __ATOMIC_RELEASE);
  gt_release_held_locks ();
  va_start (ap, fmt);
  gt_vreport ("libgomptarget: ", fmt, ap);
  va_end (ap);
  exit (EXIT_FAILURE);
}

void
gt_lock_overflow (void)
{
  gt_fatal ("internal error: a thread holds more than %d locks",
	    GT_MAX_HELD_LOCKS);
}

/* M is held but was not the last lock taken: take it out of the list.  */
void
gt_forget_lock (gt_mutex_t *m)
{
  unsigned i, n = gt_held_locks.n;

  for (i = n; i > 0; i--)
    if (gt_held_locks.lock[i] == m)
      {
	for (; i < n; i++)
	  gt_held_locks.lock[i] = gt_held_locks.lock[i + 1];
	gt_held_locks.lock[n] = NULL;
	gt_held_locks.n = n - 1;
	return;
      }
  gt_fatal ("internal error: releasing a lock that is not held");
}

void
gt_warning (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  gt_vreport ("libgomptarget: warning: ", fmt, ap);
  va_end (ap);
}

void
gt_debug_printf (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  gt_vreport ("gomptarget: ", fmt, ap);
  va_end (ap);
}

const char *
gt_debug_count (int n, char *buf, size_t size)
{
  if (n <= 0)
    return "default";
  snprintf (buf, size, "%d", n);
  return buf;
}

void *
gt_malloc (size_t size)
{
  void *p = malloc (size ? size : 1);
  if (p == NULL)
    gt_fatal ("out of memory allocating %zu bytes", size);
  return p;
}

void *
gt_calloc (size_t n, size_t size)
{
  void *p = calloc (n ? n : 1, size ? size : 1);
  if (p == NULL)
    gt_fatal ("out of memory allocating %zu bytes", n * size);
  return p;
}

void *
gt_calloc_lines (size_t n, size_t size)
{
  size_t bytes = (n ? n : 1) * (size ? size : 1);
  void *p;

  if (size != 0 && bytes / size != (n ? n : 1))
    gt_fatal ("out of memory allocating %zu x %zu bytes", n, size);
  bytes = (bytes + GT_CACHE_LINE - 1) & ~(size_t) (GT_CACHE_LINE - 1);
  p = aligned_alloc (GT_CACHE_LINE, bytes);
  if (p == NULL)
    gt_fatal ("out of memory allocating %zu bytes", bytes);
  memset (p, 0, bytes);
  return p;
}

void *
gt_realloc (void *old, size_t size)
{
  void *p = realloc (old, size ? size : 1);
  if (p == NULL)
    gt_fatal ("out of memory allocating %zu bytes", size);
  return p;
}

#define HUGE_PAGE ((size_t) 2 << 20)

void *
gt_malloc_huge (size_t size)
{
  void *p;

  if (size < HUGE_PAGE / 2)
    return gt_malloc (size);
  size = (size + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
  p = aligned_alloc (HUGE_PAGE, size);
  if (p == NULL)
    gt_fatal ("out of memory allocating %zu bytes", size);
#ifdef MADV_HUGEPAGE
  /* Only advice: where the kernel refuses, small pages serve.  */
  madvise (p, size, MADV_HUGEPAGE);
#endif
  return p;
}
