/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   omp_target_memcpy with both sides on the initial device behaves
   like memcpy.  */

#include <stdlib.h>
#include <omp.h>

int
main (void)
{
  int host = omp_get_initial_device ();
  long a[10], b[10];
  int i;

  for (i = 0; i < 10; i++)
    {
      a[i] = i * 11;
      b[i] = 0;
    }
  if (omp_target_memcpy (b, a, 5 * sizeof (long), 2 * sizeof (long),
			 sizeof (long), host, host))
    abort ();
  for (i = 0; i < 10; i++)
    if (b[i] != ((i >= 2 && i < 7) ? (i - 1) * 11 : 0))
      abort ();
  return 0;
}
