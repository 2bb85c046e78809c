/* plugin-common.c -- diagnostics, environment parsing and image checks
   shared by all gomptarget plugins.

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

#include "plugin-common.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static const char *plugin_name = "plugin";
static int debug_level;

#ifdef GT_VALGRIND_ANNOTATIONS
/* What gt_once_run passes to once_and_tell: FN is run as ONCE's.  */
static __thread void (*once_fn) (void);
static __thread pthread_once_t *once_obj;

static void
once_and_tell (void)
{
  void (*fn) (void) = once_fn;
  pthread_once_t *once = once_obj;

  fn ();
  GT_ANNOTATE_HAPPENS_BEFORE (once);
}

void
gt_once_run (pthread_once_t *once, void (*fn) (void))
{
  once_fn = fn;
  once_obj = once;
  pthread_once (once, once_and_tell);
}
#endif

void
gt_plugin_init_common (const char *name)
{
  plugin_name = name;
  debug_level = gt_env_debug_level (false);
}

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

/* Print a line prefixed with PREFIX and the plugin's name.  */
static void
plugin_vprint (const char *prefix, const char *fmt, va_list ap)
{
  char full[64];
  snprintf (full, sizeof full, "%s%s: ", prefix, plugin_name);
  gt_vreport (full, fmt, ap);
}

void
gt_plugin_debug (const char *fmt, ...)
{
  va_list ap;
  if (!debug_level)
    return;
  va_start (ap, fmt);
  plugin_vprint ("gomptarget: ", fmt, ap);
  va_end (ap);
}

void
gt_plugin_error (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  plugin_vprint ("libgomptarget: ", fmt, ap);
  va_end (ap);
}

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
gt_env_debug_level (bool warn)
{
  return (int) env_number ("GOMP_DEBUG", 0, 0, 100, warn);
}

int
gt_env_queues (bool warn)
{
  return (int) env_number ("GOMPTARGET_QUEUES", 8, 1, 64, warn);
}

bool
gt_plugin_gcc_image_p (const __tgt_device_image *image, int target_type)
{
  const struct gt_gcc_image *d;

  if (image == NULL || image->ImageStart == NULL
      || (const char *) image->ImageEnd - (const char *) image->ImageStart
	 < (long) sizeof *d)
    return false;
  d = image->ImageStart;
  return d->magic == GT_GCC_IMAGE_MAGIC && d->target_type == target_type;
}
