/* { dg-do run } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   omp_target_memcpy on memory of omp_target_alloc: a copy that would run
   past the end of the allocation, by its length or by its offset, to or
   from the device, returns an error and copies nothing (no byte written
   behind the allocation, none of it changed); copies that fit, up to
   the last byte, work.  GCC's libgomp and LLVM's write past the end.  */

#include <omp.h>
#include <stdlib.h>
#include <string.h>

#define N 64

int
main (void)
{
  int dev = omp_get_default_device (), host = omp_get_initial_device ();
  unsigned char in[2 * N], out[2 * N];
  unsigned char *d = omp_target_alloc (N, dev);
  int i;

  if (d == NULL)
    abort ();
  for (i = 0; i < 2 * N; i++)
    in[i] = (unsigned char) i;
  if (omp_target_memcpy (d, in, N, 0, 0, dev, host) != 0)
    abort ();

  /* Too long, from the start; at an offset; reading past the end.  */
  memset (in, 0xee, sizeof in);
  if (omp_target_memcpy (d, in, N + 1, 0, 0, dev, host) == 0
      || omp_target_memcpy (d, in, 16, N - 15, 0, dev, host) == 0
      || omp_target_memcpy (d, in, 1, N, 0, dev, host) == 0
      || omp_target_memcpy (out, d, N + 1, 0, 0, host, dev) == 0
      || omp_target_memcpy (out, d, 2, 0, N - 1, host, dev) == 0
      || omp_target_memcpy (d, in, 8, (size_t) -4, 0, dev, host) == 0)
    abort ();

  /* Nothing was copied: the device still holds 0 .. N-1.  */
  memset (out, 0, sizeof out);
  if (omp_target_memcpy (out, d, N, 0, 0, host, dev) != 0)
    abort ();
  for (i = 0; i < N; i++)
    if (out[i] != i)
      abort ();

  /* What fits works, to the last byte.  */
  if (omp_target_memcpy (d, in, 16, N - 16, 0, dev, host) != 0
      || omp_target_memcpy (out, d, 1, 0, N - 1, host, dev) != 0
      || out[0] != 0xee)
    abort ();
  omp_target_free (d, dev);
  return 0;
}

/* { dg-final { gomptarget-output-includes {omp_target_memcpy: bytes 0 to 65 from 0x[0-9a-f]+ on device 0 run past the end of its allocation of 64 bytes at 0x[0-9a-f]+; nothing copied} } } */
