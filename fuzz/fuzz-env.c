/* fuzz-env.c -- libFuzzer target: the values of the environment
   variables gomptarget reads, through its own readers: gt_env_number
   (every numeric variable: GOMPTARGET_*, GCN_*, GOMP_*_LOWLAT_POOL,
   OMP_DEFAULT_DEVICE and the OMP_*_DEV_<n> forms), gt_env_debug_level
   (GOMP_DEBUG), gt_read_target_offload (OMP_TARGET_OFFLOAD) and
   gt_load_plugins (GOMPTARGET_PLUGINS and GOMPTARGET_PLUGIN_PATH), with
   their results checked against what the documentation promises: a
   number in range or the default, one of the three policies, and no
   plugin kept (no directory the fuzzer can name holds one: contrib/fuzz
   runs it in an empty directory).

   Input: up to four values separated by NUL bytes: a number, the
   OMP_TARGET_OFFLOAD value, the GOMPTARGET_PLUGINS value and the
   GOMPTARGET_PLUGIN_PATH value; a missing one is unset.

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

#include "gomptarget.h"
#include "env.h"
#include "gt-env.h"
#include "plugin-loader.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  (void) argc;
  (void) argv;
  /* The library's warnings, one an input, go nowhere (libFuzzer and the
     sanitizers write their reports without stdio's stderr).  */
  stderr = fopen ("/dev/null", "w");
  if (stderr == NULL)
    abort ();
  return 0;
}

static void
set (const char *name, const char *value)
{
  if (value != NULL)
    setenv (name, value, 1);
  else
    unsetenv (name);
}

static void
numbers (void)
{
  static const long max[] = { 0, 1, 64, 100, 1024, 1L << 20, 1L << 30,
			      1L << 40, INT_MAX, LONG_MAX };
  size_t i;
  long v;
  int d;

  for (i = 0; i < sizeof max / sizeof max[0]; i++)
    {
      v = gt_env_number ("GOMPTARGET_FUZZ", -7, max[i]);
      if (v != -7 && (v < 0 || v > max[i]))
	abort ();
    }
  setenv ("GOMP_DEBUG", getenv ("GOMPTARGET_FUZZ"), 1);
  d = gt_env_debug_level ();
  if (d < 0 || d > 100 || d != gt_env_debug_level ())
    abort ();
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  char *copy = malloc (size + 1), *value[4] = { NULL }, *p;
  struct gt_plugin_info *plugins;
  size_t n = 0;
  int kept;

  memcpy (copy, data, size);
  copy[size] = '\0';
  for (p = copy; n < 4 && p <= copy + size; p += strlen (p) + 1)
    value[n++] = p;

  set ("GOMPTARGET_FUZZ", value[0] != NULL ? value[0] : "");
  numbers ();

  gt_icvs.target_offload = GT_OFFLOAD_MANDATORY;
  set ("OMP_TARGET_OFFLOAD", value[1]);
  gt_read_target_offload ();
  if (gt_icvs.target_offload != GT_OFFLOAD_DEFAULT
      && gt_icvs.target_offload != GT_OFFLOAD_MANDATORY
      && gt_icvs.target_offload != GT_OFFLOAD_DISABLED)
    abort ();

  /* As env.c sets them from the two variables.  */
  gt_icvs.plugins = value[2] != NULL ? value[2] : "gcn,nvptx,mpi,host";
  gt_icvs.plugin_path = value[3] != NULL && *value[3] ? value[3] : ".";
  kept = gt_load_plugins (&plugins);
  if (kept != 0 || plugins == NULL)
    abort ();
  free (plugins);
  gt_icvs.plugins = "";
  gt_icvs.plugin_path = NULL;

  unsetenv ("OMP_TARGET_OFFLOAD");
  free (copy);
  return 0;
}
