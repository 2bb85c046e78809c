/* { dg-do run } */
/* { dg-gomptarget-gcc-min 13 } */
/* { dg-gomptarget-exit-status 1 } */
/* { dg-final { gomptarget-output-includes {handler: the device found error 7\nprogram's exit handler\n} } } */
/* { dg-final { gomptarget-output-excludes {not reached} } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Device code that finds an error calls a host error handler through an
   ancestor region, and the handler prints and calls exit (1), as the
   OpenMP examples teach.  The program ends with the handler's status,
   its output written (stdout is fully buffered here) and the program's
   exit handlers run, although the kernel that asked still waits for the
   handler to return: the devices are not finished at that exit.  */

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#pragma omp requires reverse_offload

static void
at_exit (void)
{
  printf ("program's exit handler\n");
}

__attribute__ ((noinline)) static void
on_error (int code)
{
  printf ("handler: the device found error %d\n", code);
  exit (1);
}

int
main (void)
{
  int out = 0;

  setvbuf (stdout, NULL, _IOFBF, BUFSIZ);
  atexit (at_exit);
#pragma omp target map(from: out)
  {
    int code = 7;
    out = 1;
#pragma omp target device(ancestor: 1) map(to: code)
    on_error (code);
    out = 2;
  }
  printf ("not reached: out = %d\n", out);
  return 0;
}
