/* { dg-do run } */
/* { dg-set-target-env-var GOMPTARGET_HOST_DEVICES "3" } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */
/* { dg-final { gomptarget-output-includes {gomptarget: [^\n]*plugin 'host' loaded from [^\n]*: 3 device\(s\)} } } */
/* { dg-final { gomptarget-output-includes {gomptarget: [^\n]*device 2 initialised} } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   The debug trace reports the number of devices of the host plugin
   (3 with GOMPTARGET_HOST_DEVICES=3), and devices initialise on first
   use only.  */

#include <stdlib.h>
#include <omp.h>

int
main (void)
{
  int num = -1;

#pragma omp target device(2) map(from: num)
  num = omp_get_device_num ();
  if (num != 2)
    abort ();
  return 0;
}
