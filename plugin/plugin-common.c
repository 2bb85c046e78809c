/* plugin-common.c -- diagnostics with the plugin's name and image checks
   shared by all gomptarget plugins (their side only: what the front end
   shares with them is in common/).

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

#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>

static const char *plugin_name = "plugin";
int gt_plugin_debug_level;

void
gt_plugin_init_common (const char *name)
{
  plugin_name = name;
  gt_plugin_debug_level = gt_env_debug_level ();
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
gt_plugin_debug_print (const char *fmt, ...)
{
  va_list ap;
  if (!gt_plugin_debug_level)
    return;
  va_start (ap, fmt);
  plugin_vprint ("gomptarget: ", fmt, ap);
  va_end (ap);
}

/* Why the plugin has no device: gt_plugin_no_devices.  */
static char no_devices_reason[512];

void
gt_plugin_no_devices (const char *fmt, ...)
{
  va_list ap, copy;
  va_start (ap, fmt);
  va_copy (copy, ap);
  vsnprintf (no_devices_reason, sizeof no_devices_reason, fmt, copy);
  va_end (copy);
  /* The trace line whole, however long.  */
  if (gt_plugin_debug_level)
    plugin_vprint ("gomptarget: ", fmt, ap);
  va_end (ap);
}

const char *
__tgt_rtl_no_devices_reason (void)
{
  return no_devices_reason[0] ? no_devices_reason : NULL;
}

void
gt_plugin_error (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  plugin_vprint ("libgomptarget: ", fmt, ap);
  va_end (ap);
}

struct gt_plugin_services gt_services_table;
pthread_once_t gt_services_once = PTHREAD_ONCE_INIT;
bool gt_services_found;

/* Fill the table from the list of services: each one's address in the
   program, NULL when it has none.  */
void
gt_find_services (void)
{
#define GT_PLUGIN_SERVICE(NAME, RET, PARAMS) \
  *(void **) &gt_services_table.NAME \
    = dlsym (RTLD_DEFAULT, "GOMPTARGET_PLUGIN_" #NAME);
#include "gomptarget-services.def"
#undef GT_PLUGIN_SERVICE
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
  return d->magic == GT_GCC_IMAGE_MAGIC
	 && (d->target_type == target_type
	     || target_type == GT_ANY_TARGET_TYPE);
}
