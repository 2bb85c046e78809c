/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   firstprivate(array): the region gets a copy of the host array,
   and its writes to the copy do not reach the host.  */

#include <stdlib.h>

int
main (void)
{
  int arr[16], sum = 0, i;

  for (i = 0; i < 16; i++)
    arr[i] = i;

#pragma omp target firstprivate(arr) map(from: sum)
  {
    int s = 0;
    for (int j = 0; j < 16; j++)
      {
	s += arr[j];
	arr[j] = 0;
      }
    sum = s;
  }

  if (sum != 120)
    abort ();
  for (i = 0; i < 16; i++)
    if (arr[i] != i)
      abort ();
  return 0;
}
