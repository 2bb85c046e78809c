/* { dg-do run } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */
/* { dg-set-target-env-var GOMPTARGET_HOST_DEVICES "0" } */
/* { dg-output {gomptarget: [^\n]*no offload device available, running on the host} } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   GOMP_DEBUG=1 with no device says why the region runs on the host.  */

#include <stdlib.h>

int
main (void)
{
  int x = 0;

#pragma omp target map(tofrom: x)
  x = 1;
  if (x != 1)
    abort ();
  return 0;
}
