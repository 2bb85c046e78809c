/* { dg-do run } */
/* { dg-gomptarget-no-wrapper "a test wrapper may set GOMPTARGET_ variables of its own (contrib/check-tsan's does)" } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   The harness removes the caller's OMP_TARGET_OFFLOAD,
   OMP_DEFAULT_DEVICE, GOMP_DEBUG, LD_PRELOAD and GOMPTARGET_*
   variables, so tests start from the documented defaults.  */

#include <stdlib.h>
#include <string.h>

extern char **environ;

int
main (void)
{
  char **e;

  const char *pre = getenv ("LD_PRELOAD");

  if (getenv ("OMP_TARGET_OFFLOAD") || getenv ("OMP_DEFAULT_DEVICE")
      || getenv ("GOMP_DEBUG"))
    abort ();
  /* A wrapper such as valgrind may preload its own helpers.  */
  if (pre && strstr (pre, "libgomptarget"))
    abort ();
  for (e = environ; *e; e++)
    if (strncmp (*e, "GOMPTARGET_", 11) == 0)
      abort ();
  return 0;
}
