/* { dg-do run } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */
/* { dg-final { gomptarget-output-includes {unmap \[0x[0-9a-f]+,0x[0-9a-f]+\) from device 0} } } */
/* { dg-final { gomptarget-output-includes {gomptarget: host: device 0: finished} } } */
/* { dg-final { gomptarget-output-includes {gomptarget: device 0 finished} } } */
/* { dg-final { gomptarget-output-includes {after teardown: not present} } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   At exit every initialised device is taken down: what is still mapped
   is unmapped, the plugin finishes the device and frees its memory.  An
   exit handler registered before the device was first used runs after
   that, and finds the device fresh again.  */

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static int x[1000];

static void
check (void)
{
  if (omp_target_is_present (x, 0))
    {
      printf ("after teardown: still present\n");
      _Exit (1);
    }
  printf ("after teardown: not present\n");
  fflush (stdout);
}

int
main (void)
{
  atexit (check);
#pragma omp target enter data map(to: x)
  if (!omp_target_is_present (x, 0))
    abort ();
  return 0;
}
