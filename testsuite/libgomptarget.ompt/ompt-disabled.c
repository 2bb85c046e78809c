/* { dg-set-target-env-var OMP_TOOL "disabled" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   OMP_TOOL=disabled: the tool compiled into the program is not even
   started, and no callback is made.  */

#include "ompt-tool.h"

int
main (void)
{
  int x = 0;

#pragma omp target map(tofrom: x)
  x++;
  if (x != 1 || ompt_test_log ()->n != 0)
    {
      printf ("FAIL: x %d, %d callbacks\n", x, ompt_test_log ()->n);
      return 1;
    }
  printf ("disabled: ok\n");
  return 0;
}

/* { dg-final { gomptarget-output-includes {disabled: ok} } } */
/* { dg-final { gomptarget-output-excludes {ompt tool: started} } } */
