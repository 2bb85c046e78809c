/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   omp_target_alloc on the initial device returns ordinary host memory
   the host can use directly.  */

#include <stdlib.h>
#include <omp.h>

int
main (void)
{
  int host = omp_get_initial_device ();
  int *p = omp_target_alloc (100 * sizeof (int), host), i;

  if (p == NULL)
    abort ();
  for (i = 0; i < 100; i++)
    p[i] = i;
  for (i = 0; i < 100; i++)
    if (p[i] != i)
      abort ();
  if (!omp_target_is_present (p, host))
    abort ();
  omp_target_free (p, host);
  return 0;
}
