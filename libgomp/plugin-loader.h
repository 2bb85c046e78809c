/* plugin-loader.h -- finding the plugins GOMPTARGET_PLUGINS names and
   binding their entry points with libltdl (plugin-loader.c).

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

#ifndef GT_PLUGIN_LOADER_H
#define GT_PLUGIN_LOADER_H

#include "diagnostics.h"
#include "gomptarget-plugin.h"

#include <stdint.h>

/* Opaque outside plugin-loader.c and device-calls.c.  */
struct gt_plugin;

/* A plugin the loader kept: one with at least one device.  */
struct gt_plugin_info
{
  struct gt_plugin *plugin;
  const char *name;
  uint32_t caps;		/* GT_CAP_*.  */
  bool async;			/* It has the asynchronous interface.  */
  int num_devices;
};

/* Load the plugins GOMPTARGET_PLUGINS names, in that order, from the
   directories of GOMPTARGET_PLUGIN_PATH or else this library's own,
   and keep those that bind and report devices (the others are reported
   under GOMP_DEBUG).  Set *PLUGINS to a malloc'ed array of the kept
   ones and return their number; -1, with *PLUGINS NULL, when no plugin
   can be searched for at all (said under GOMP_DEBUG).  */
int gt_load_plugins (struct gt_plugin_info **plugins) GT_HIDDEN;

/* Why the plugins tried have no device, after gt_load_plugins: "NAME:
   REASON" for each, separated by "; " (empty when every plugin has
   devices).  */
const char *gt_plugins_without_devices (void) GT_HIDDEN;

/* What gt_load_plugins found for one name of GOMPTARGET_PLUGINS, for
   gomptarget-info.  */
struct gt_plugin_tried
{
  char name[32];
  char path[256];		/* The file, or empty when not found.  */
  int num_devices;		/* 0 when not kept.  */
  char why[256];		/* When not kept, why.  */
};

/* After gt_load_plugins: the names it tried, in order, their number in
   *N, and in *DIRS the directories searched (GOMPTARGET_PLUGIN_PATH's, or
   this library's own), NULL when none could be.  */
const struct gt_plugin_tried *gt_plugins_tried (int *n, const char **dirs)
  GT_HIDDEN;

/* The program's own images (NUM_IMAGES of IMAGES, oldest first) are
   registered, before main: offer each plugin GOMPTARGET_PLUGINS names
   that has __tgt_rtl_serve_program the program to serve (a plugin whose
   devices are other processes running this same program may keep this
   process as a device server there, and never return).  */
void gt_plugins_serve_program (int32_t num_images,
			       __tgt_device_image *const *images) GT_HIDDEN;

#endif /* GT_PLUGIN_LOADER_H */
