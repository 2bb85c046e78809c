/* { dg-set-target-env-var GOMPTARGET_SUMMARY "1" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   GOMPTARGET_SUMMARY=1: the summary goes to stderr at exit, after what
   the program printed; a region's count, total, mean and max.  */

#include <stdio.h>
#include <stdlib.h>

#define fail(...) abort ()
#include "profile-work.h"

int
main (void)
{
  work ();
  printf ("work done\n");
  fflush (stdout);
  return 0;
}

/* { dg-final { gomptarget-output-includes {work done\n(.*\n)?gomptarget: summary of process [0-9]+\n} } } */
/* { dg-final { gomptarget-output-includes {gomptarget:\s+count\s+total ms\s+mean us\s+max us\s+region\n} } } */
/* { dg-final { gomptarget-output-includes {gomptarget:\s+3\s+[0-9.]+\s+[0-9.]+\s+[0-9.]+\s+scale\._omp_fn\.0\n} } } */
/* { dg-final { gomptarget-output-includes {gomptarget:\s+2\s+[0-9.]+\s+[0-9.]+\s+[0-9.]+\s+on_thread\._omp_fn\.0\n} } } */
/* { dg-final { gomptarget-output-includes {gomptarget: waiting for devices: [0-9.]+ ms in [0-9]+ wait\(s\)} } } */
