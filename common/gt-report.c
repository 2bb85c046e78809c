/* gt-report.c -- the one writer of report lines: one write per line, so
   that the lines of several threads do not mix.

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

#include "config.h"

#include "gt-report.h"

#include <stdio.h>

void
gt_vreport (const char *prefix, const char *fmt, va_list ap)
{
  /* One write per line, so that lines of several threads do not mix.  */
  char buf[1024];
  int n = snprintf (buf, sizeof buf, "%s", prefix);
  int m;
  size_t len;

  if (n < 0 || (size_t) n >= sizeof buf / 2)
    n = 0;
  m = vsnprintf (buf + n, sizeof buf - n - 1, fmt, ap);
  len = n + (m < 0 ? 0 : (size_t) m < sizeof buf - n - 1
	     ? (size_t) m : sizeof buf - n - 2);
  if (len == 0 || buf[len - 1] != '\n')
    buf[len++] = '\n';
  fwrite (buf, 1, len, stderr);
  fflush (stderr);
}
