/* { dg-do run } */
/* { dg-gomptarget-gcc-min 13 } */
/* { dg-shouldfail "present data is absent" } */
/* { dg-gomptarget-exit-status 1 } */
/* { dg-final { gomptarget-output-includes {libgomptarget: present clause: no corresponding data on parent device at 0x[0-9a-f]+ with size 4} } } */
/* { dg-final { gomptarget-output-excludes {host function ran} } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   map(present: ...) on an ancestor region whose data the device never
   mapped (a variable of the target region itself) is a fatal error, with
   libgomp's message; the host function does not run.  */

#include <stdio.h>

#pragma omp requires reverse_offload

__attribute__ ((noinline)) static void
on_host (int *v)
{
  fprintf (stderr, "host function ran: %d\n", *v);
}

int
main (void)
{
#pragma omp target
  {
    int v = 1;
#pragma omp target device(ancestor: 1) map(present, to: v)
    on_host (&v);
  }
  return 0;
}
