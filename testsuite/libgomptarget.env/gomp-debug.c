/* { dg-do run } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */
/* { dg-final { gomptarget-output-includes {(^|\n)gomptarget: [^\n]*plugin 'host' loaded from [^\n]*: 1 device\(s\)} } } */
/* { dg-final { gomptarget-output-includes {(^|\n)gomptarget: [^\n]*device 0 initialised} } } */
/* { dg-final { gomptarget-output-includes {(^|\n)gomptarget: [^\n]*map} } } */
/* { dg-final { gomptarget-output-includes {(^|\n)gomptarget: [^\n]*copy to device} } } */
/* { dg-final { gomptarget-output-includes {(^|\n)gomptarget: [^\n]*launch} } } */
/* { dg-final { gomptarget-output-includes {(^|\n)gomptarget: [^\n]*copy from device} } } */
/* { dg-final { gomptarget-output-includes {(^|\n)gomptarget: [^\n]*unmap} } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   GOMP_DEBUG=1 traces plugin loading, device initialisation, mapping,
   copies, the launch and the unmapping, each line starting with
   'gomptarget: '.  */

#include <stdlib.h>

int
main (void)
{
  int a[16] = { 0 };

#pragma omp target map(tofrom: a)
  a[3] = 3;
  if (a[3] != 3)
    abort ();
  return 0;
}
