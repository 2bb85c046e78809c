/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   The fault matrix's load: a little of everything a program does with a
   device (first use, regions waited and nowait, data constructs,
   omp_target_alloc and omp_target_memcpy, device printf), every value
   checked.  stress.exp runs it with one vendor entry point of the
   emulated GPU failing at a time; the run must end with "faults: ok"
   (the failure did not matter, or the runtime fell back as documented)
   or with a libgomptarget error and a non-zero status, in bounded time.
   A wrong value is reported and ends the program with status 2.  */

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 1024

static int
wrong (const char *what, long i, long got, long want)
{
  fprintf (stderr, "faults: %s[%ld] is %ld, not %ld\n", what, i, got, want);
  exit (2);
}

int
main (void)
{
  static long a[N], b[N];
  int dev = omp_get_default_device ();
  int ndev = omp_get_num_devices ();

  /* A region waited for.  */
  for (int i = 0; i < N; i++)
    a[i] = i;
#pragma omp target map(tofrom: a)
  for (int i = 0; i < N; i++)
    a[i] = a[i] * 2 + 1;
  for (int i = 0; i < N; i++)
    if (a[i] != 2 * i + 1)
      wrong ("a", i, a[i], 2 * i + 1);

  /* Data constructs.  */
  for (int i = 0; i < N; i++)
    b[i] = -i;
#pragma omp target enter data map(to: b)
#pragma omp target map(alloc: b)
  for (int i = 0; i < N; i++)
    b[i] += 3;
#pragma omp target update from(b)
  for (int i = 0; i < N; i++)
    if (b[i] != 3 - i)
      wrong ("b", i, b[i], 3 - i);
#pragma omp target exit data map(delete: b)

  /* nowait regions, each on its own part, then taskwait.  */
#pragma omp parallel num_threads(2)
#pragma omp single
  {
    for (int k = 0; k < 4; k++)
      {
#pragma omp target nowait map(tofrom: a[k * (N / 4):N / 4]) firstprivate(k)
	for (int i = k * (N / 4); i < (k + 1) * (N / 4); i++)
	  a[i] -= 1;
      }
#pragma omp taskwait
  }
  for (int i = 0; i < N; i++)
    if (a[i] != 2 * i)
      wrong ("a after nowait", i, a[i], 2 * i);

  /* The memory routines.  */
  int host = omp_get_initial_device ();
  long *d = omp_target_alloc (N * sizeof (long), dev);
  if (d == NULL && dev != host)
    {
      /* An allocation may fail; that is what the routine returns.  */
      printf ("faults: omp_target_alloc gave NULL\n");
    }
  else if (d != NULL)
    {
      if (omp_target_memcpy (d, a, N * sizeof (long), 0, 0, dev, host)
	  == 0)
	{
	  memset (b, 0, sizeof b);
	  if (omp_target_memcpy (b, d, N * sizeof (long), 0, 0, host, dev)
	      == 0)
	    for (int i = 0; i < N; i++)
	      if (b[i] != a[i])
		wrong ("b after omp_target_memcpy", i, b[i], a[i]);
	}
      omp_target_free (d, dev);
    }

  /* Device printf.  */
  int one = 1;
#pragma omp target map(to: one)
  printf ("faults: device says %d\n", one);

  printf ("faults: ok (device %d of %d)\n", dev, ndev);
  return 0;
}
