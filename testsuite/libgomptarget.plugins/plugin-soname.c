/* { dg-do run } */
/* { dg-set-target-env-var GOMPTARGET_PLUGINS "host" } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */
/* { dg-final { gomptarget-output-includes {gomptarget: [^\n]*plugin 'host' loaded from [^\n]*libgomptarget-plugin-host\.so\.1: 1 device\(s\)} } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   With no GOMPTARGET_PLUGIN_PATH, a plugin is opened by its versioned
   name, libgomptarget-plugin-NAME.so.1, beside the library: the name
   it is installed under (no unversioned link is installed), found with
   no environment variable.  */

#include <stdlib.h>
#include <omp.h>

int
main (void)
{
  int initial = -1;

#pragma omp target map(from: initial)
  initial = omp_is_initial_device ();
  if (initial != 0)
    abort ();
  return 0;
}
