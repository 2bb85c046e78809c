/* { dg-do run } */
/* { dg-set-target-env-var GOMPTARGET_PLUGINS "nonexistent,host" } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */
/* { dg-final { gomptarget-output-includes {gomptarget: [^\n]*plugin 'nonexistent' not found} } } */
/* { dg-final { gomptarget-output-includes {gomptarget: [^\n]*plugin 'host' loaded from} } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   GOMPTARGET_PLUGINS=nonexistent,host: the missing plugin is skipped
   (the debug trace says 'not found') and the host plugin still provides
   device 0.  */

#include <stdlib.h>
#include <omp.h>

int
main (void)
{
  int initial = -1;

  if (omp_get_num_devices () != 1)
    abort ();
#pragma omp target map(from: initial)
  initial = omp_is_initial_device ();
  if (initial != 0)
    abort ();
  return 0;
}
