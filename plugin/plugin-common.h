/* plugin-common.h -- what every gomptarget plugin shares, on the plugins'
   side only: the GOMP_DEBUG trace and error messages with the plugin's
   name, the image check, and the table of the front end's services
   (gomptarget-services.h).  The helpers the front end shares with the
   plugins are in common/.

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
#include "gt-env.h"
#include "gt-once.h"
#include "gt-report.h"
#include "gt-valgrind.h"

#define GT_PLUGIN_HIDDEN __attribute__ ((visibility ("hidden")))

/* Initialise the common state of plugin NAME once (reads GOMP_DEBUG).  */
void gt_plugin_init_common (const char *name) GT_PLUGIN_HIDDEN;

/* GOMP_DEBUG's level, from gt_plugin_init_common.  */
extern int gt_plugin_debug_level GT_PLUGIN_HIDDEN;

/* A trace line under GOMP_DEBUG=1: "gomptarget: NAME: ...".  The level
   is checked before the call: launch paths trace each launch, and
   setting up the call's arguments costs more than the check.  */
#define gt_plugin_debug(...) \
  do \
    if (__builtin_expect (gt_plugin_debug_level != 0, 0)) \
      gt_plugin_debug_print (__VA_ARGS__); \
  while (0)
void gt_plugin_debug_print (const char *fmt, ...)
  __attribute__ ((format (printf, 1, 2))) GT_PLUGIN_HIDDEN;

/* Why the plugin has no device (its vendor library is missing, no GPU,
   ...): kept for __tgt_rtl_no_devices_reason and, under GOMP_DEBUG=1,
   a trace line as gt_plugin_debug's.  */
void gt_plugin_no_devices (const char *fmt, ...)
  __attribute__ ((format (printf, 1, 2))) GT_PLUGIN_HIDDEN;

/* An error line, always printed: "libgomptarget: NAME: ...".  */
void gt_plugin_error (const char *fmt, ...)
  __attribute__ ((cold, format (printf, 1, 2))) GT_PLUGIN_HIDDEN;

/* The front end's services (gomptarget-services.h), the one way a plugin
   reaches them: the plugin is not linked to libgomptarget.so.1, and
   gt_services () gives the table of them, each looked up by name in the
   program at the first call; NULL for a service the program lacks (a
   program that drives a plugin through its entry points alone has
   none).  The core calls it at the first device, so that later calls,
   on a launch or in a fatal error's path, only read the table.  */
extern struct gt_plugin_services gt_services_table GT_PLUGIN_HIDDEN;
extern pthread_once_t gt_services_once GT_PLUGIN_HIDDEN;
extern bool gt_services_found GT_PLUGIN_HIDDEN;
void gt_find_services (void) GT_PLUGIN_HIDDEN;

static inline const struct gt_plugin_services *
gt_services (void)
{
  gt_once (&gt_services_once, &gt_services_found, gt_find_services);
  return &gt_services_table;
}

/* Is IMAGE a wrapped GCC image for TARGET_TYPE?  GT_ANY_TARGET_TYPE: of
   any target (a plugin that reads only the host table, plugin-mpi).  */
#define GT_ANY_TARGET_TYPE (-2)
bool gt_plugin_gcc_image_p (const __tgt_device_image *image,
			    int target_type) GT_PLUGIN_HIDDEN;

#endif /* GT_PLUGIN_COMMON_H */
