/* gt-env.c -- numbers from the environment: the parser that
   gt_env_number, GOMP_DEBUG and GOMPTARGET_QUEUES share, and its
   warning for a malformed value (never for GOMP_DEBUG: libgomp gives
   it).

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

#include "gt-env.h"
#include "gt-report.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>

static void
report_warning (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  gt_vreport ("libgomptarget: warning: ", fmt, ap);
  va_end (ap);
}

/* A number from MIN to MAX from the environment variable NAME, DEFLT
   when it is unset or malformed; a malformed value is reported only if
   WARN.  */
static long
env_number (const char *name, long deflt, long min, long max, bool warn)
{
  const char *s = getenv (name), *p;
  char *end;
  long v;

  if (s == NULL)
    return deflt;
  for (p = s; *p == ' ' || *p == '\t'; p++)
    ;
  errno = 0;
  v = strtol (p, &end, 10);
  while (*end == ' ' || *end == '\t')
    end++;
  if (*p == '\0' || *end != '\0' || errno != 0 || v < min || v > max)
    {
      if (warn)
	report_warning ("%s='%s' is not a number from %ld to %ld; using %ld",
			name, s, min, max, deflt);
      return deflt;
    }
  return v;
}

long
gt_env_number (const char *name, long deflt, long max)
{
  return env_number (name, deflt, 0, max, true);
}

int
gt_env_debug_level (void)
{
  long v = env_number ("GOMP_DEBUG", 0, 0, LONG_MAX, false);
  return v > 100 ? 100 : (int) v;
}

int
gt_env_queues (bool warn)
{
  return (int) env_number ("GOMPTARGET_QUEUES", 8, 1, 64, warn);
}
