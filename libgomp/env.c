/* env.c -- the ICVs this library owns and the environment variables that
   set them: OMP_TARGET_OFFLOAD, OMP_DEFAULT_DEVICE (and _ALL), GOMP_DEBUG,
   GOMPTARGET_PLUGINS and GOMPTARGET_PLUGIN_PATH; and the report of a bad
   GOMPTARGET_QUEUES, which the plugins read.

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

#include "env.h"
#include "gt-env.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct gt_icvs gt_icvs = {
  .target_offload = GT_OFFLOAD_DEFAULT,
  .default_device = 0,
  .plugins = GT_DEFAULT_PLUGINS,
  .plugin_path = NULL
};

void
gt_read_target_offload (void)
{
  const char *s = getenv ("OMP_TARGET_OFFLOAD");
  size_t len;

  if (s == NULL)
    return;
  while (*s == ' ' || *s == '\t')
    s++;
  len = strlen (s);
  while (len > 0 && (s[len - 1] == ' ' || s[len - 1] == '\t'))
    len--;
  if (len == 7 && strncasecmp (s, "default", 7) == 0)
    gt_icvs.target_offload = GT_OFFLOAD_DEFAULT;
  else if (len == 9 && strncasecmp (s, "mandatory", 9) == 0)
    gt_icvs.target_offload = GT_OFFLOAD_MANDATORY;
  else if (len == 8 && strncasecmp (s, "disabled", 8) == 0)
    gt_icvs.target_offload = GT_OFFLOAD_DISABLED;
  else
    gt_warning ("OMP_TARGET_OFFLOAD='%s' is not one of DEFAULT, MANDATORY "
		"or DISABLED; using DEFAULT", getenv ("OMP_TARGET_OFFLOAD"));
}

static void __attribute__ ((constructor))
gt_initialize_env (void)
{
  const char *s;

  gt_debug_level = gt_env_debug_level ();
  /* The plugins read GOMPTARGET_QUEUES, each for itself: a bad value is
     reported here, once.  */
  gt_env_queues (true);
  gt_read_target_offload ();
  /* The host's default-device-var: OMP_DEFAULT_DEVICE, else the value
     for all devices and the host (the devices' own forms are read by
     icv-device.c).  */
  gt_icvs.default_device
    = (int) gt_env_number ("OMP_DEFAULT_DEVICE",
			   gt_env_number ("OMP_DEFAULT_DEVICE_ALL", 0,
					  0x7fffffff), 0x7fffffff);
  s = getenv ("GOMPTARGET_PLUGINS");
  if (s != NULL)
    gt_icvs.plugins = s;
  s = getenv ("GOMPTARGET_PLUGIN_PATH");
  if (s != NULL && *s != '\0')
    gt_icvs.plugin_path = s;
}
