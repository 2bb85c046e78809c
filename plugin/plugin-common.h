/* plugin-common.h -- what every gomptarget plugin shares (and the front
   end links too): the GOMP_DEBUG trace, error messages, environment
   parsing.

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

#ifndef GT_PLUGIN_COMMON_H
#define GT_PLUGIN_COMMON_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#include "gomptarget-plugin.h"
#include "gt-valgrind.h"

#include <pthread.h>

#define GT_PLUGIN_HIDDEN __attribute__ ((visibility ("hidden")))

/* Initialise the common state of plugin NAME once (reads GOMP_DEBUG).  */
void gt_plugin_init_common (const char *name) GT_PLUGIN_HIDDEN;

/* A trace line under GOMP_DEBUG=1: "gomptarget: NAME: ...".  */
void gt_plugin_debug (const char *fmt, ...)
  __attribute__ ((format (printf, 1, 2))) GT_PLUGIN_HIDDEN;

/* An error line, always printed: "libgomptarget: NAME: ...".  */
void gt_plugin_error (const char *fmt, ...)
  __attribute__ ((format (printf, 1, 2))) GT_PLUGIN_HIDDEN;

/* A non-negative integer from the environment, at most MAX; DEFLT when
   unset; a warning and DEFLT when malformed.  Shared with the front end.  */
long gt_env_number (const char *name, long deflt, long max)
  GT_PLUGIN_HIDDEN;

/* The GOMP_DEBUG level, from 0 (unset or malformed) to 100: the one
   parser of GOMP_DEBUG, for the front end and the plugins alike.  WARN:
   report a malformed value (the front end does; the plugins, which it
   loads, do not say it again).  */
int gt_env_debug_level (bool warn) GT_PLUGIN_HIDDEN;

/* GOMPTARGET_QUEUES, the number of queues of each device of every
   plugin, from 1 to 64 (default 8): its one parser.  WARN as above: the
   front end reports a bad value once, however many plugins read it.  */
int gt_env_queues (bool warn) GT_PLUGIN_HIDDEN;

/* pthread_once (ONCE, FN), the slow path of gt_once; with the
   annotations, FN's work is told to happen before ONCE's return.  */
#ifdef GT_VALGRIND_ANNOTATIONS
void gt_once_run (pthread_once_t *once, void (*fn) (void)) GT_PLUGIN_HIDDEN;
#else
static inline void
gt_once_run (pthread_once_t *once, void (*fn) (void))
{
  pthread_once (once, fn);
}
#endif

/* Run FN once in the process, as pthread_once (ONCE, FN); DONE, when not
   NULL, a flag set after it, so that later calls take no call at all.
   What FN did is seen by the caller, and Helgrind and DRD are told so
   (they do not understand pthread_once).  */
static inline void
gt_once (pthread_once_t *once, bool *done, void (*fn) (void))
{
  if (done == NULL
      || __builtin_expect (!__atomic_load_n (done, __ATOMIC_ACQUIRE), 0))
    {
      gt_once_run (once, fn);
      if (done != NULL)
	{
	  GT_ANNOTATE_ATOMIC (done);
	  __atomic_store_n (done, true, __ATOMIC_RELEASE);
	}
    }
  GT_ANNOTATE_HAPPENS_AFTER (once);
}

/* Write PREFIX and FMT formatted as one line on stderr, in one write.
   Shared with the front end.  */
void gt_vreport (const char *prefix, const char *fmt, va_list ap)
  GT_PLUGIN_HIDDEN;

/* Is IMAGE a wrapped GCC image for TARGET_TYPE?  */
bool gt_plugin_gcc_image_p (const __tgt_device_image *image,
			    int target_type) GT_PLUGIN_HIDDEN;

#endif /* GT_PLUGIN_COMMON_H */
