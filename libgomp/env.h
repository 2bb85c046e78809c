/* env.h -- the ICVs this library owns and the environment that sets
   them (env.c); base floor.

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

#ifndef GT_ENV_H
#define GT_ENV_H

#include "diagnostics.h"

enum gt_offload_policy
{
  GT_OFFLOAD_DEFAULT,
  GT_OFFLOAD_MANDATORY,
  GT_OFFLOAD_DISABLED
};

/* The plugins tried when GOMPTARGET_PLUGINS is not set: GPUs first, so
   that on a GPU machine device 0 is a GPU, then the other ranks of a
   program started with mpirun, then the emulated device.  These are all
   the plugins gomptarget has.  */
#define GT_DEFAULT_PLUGINS "gcn,nvptx,mpi,host"

struct gt_icvs
{
  enum gt_offload_policy target_offload;
  int default_device;		/* Initial default-device-var.  */
  const char *plugins;		/* GOMPTARGET_PLUGINS or the default.  */
  const char *plugin_path;	/* GOMPTARGET_PLUGIN_PATH or NULL.  */
};

extern struct gt_icvs gt_icvs GT_HIDDEN;

/* target-offload-var from OMP_TARGET_OFFLOAD (a warning if malformed):
   read once at startup, and by fuzz/fuzz-env.c.  */
void gt_read_target_offload (void) GT_HIDDEN;

#endif /* GT_ENV_H */
