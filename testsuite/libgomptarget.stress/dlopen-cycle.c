/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   dlopen/dlclose cycles of a library with offload images of its own
   (lib/cycle-lib.c, built as cycle-lib.so beside this program): each
   cycle registers its image, runs its region on the default device with
   its declare target variable, and unregisters it.  The first cycles run
   before the program's own first region (the device not yet in use),
   the others after it.  After each dlclose the address range the
   library had is reserved, so that the next dlopen must put it
   somewhere else: tables keyed by its old addresses (the runtime's, an
   emulated driver's symbol index) are then caught using stale entries
   instead of passing because the loader happened to reuse the place.
   usage: dlopen-cycle CYCLES; prints
   "dlopen-cycle: ok" and exits 0, else exits 2.  */

#define _GNU_SOURCE
#include <dlfcn.h>
#include <libgen.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define N 64
#define RESERVE 4096		/* One page at its start is enough.  */

static void *last_base;		/* Where the last cycle had the library.  */
static int moved;		/* Cycles that found it somewhere new.  */

static int
cycle (const char *path, int c, int want_device)
{
  long a[N], want = 0;
  void *h = dlopen (path, RTLD_NOW | RTLD_LOCAL);
  if (h == NULL)
    {
      fprintf (stderr, "dlopen-cycle: %s\n", dlerror ());
      return 1;
    }
  long (*region) (const long *, int, int *)
    = (long (*) (const long *, int, int *)) dlsym (h, "cycle_region");
  void (*set_bias) (int) = (void (*) (int)) dlsym (h, "cycle_set_bias");
  if (region == NULL || set_bias == NULL)
    {
      fprintf (stderr, "dlopen-cycle: %s\n", dlerror ());
      return 1;
    }
  for (int i = 0; i < N; i++)
    want += a[i] = c * 100 + i;
  set_bias (c);
  int on = -1;
  long s = region (a, N, &on);
  Dl_info info;
  void *base = NULL;
  if (dladdr ((void *) region, &info) && info.dli_fbase)
    base = info.dli_fbase;
  if (last_base && base != last_base)
    moved++;
  last_base = base;
  dlclose (h);
  /* Keep the next load away from this one's place (kept to the end).  */
  if (base
      && mmap (base, RESERVE, PROT_NONE,
	       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0)
	 == MAP_FAILED)
    base = NULL;
  if (s != want + c)
    {
      fprintf (stderr, "dlopen-cycle: cycle %d: sum %ld, not %ld\n", c, s,
	       want + c);
      return 1;
    }
  if (on != want_device)
    {
      fprintf (stderr, "dlopen-cycle: cycle %d: the region ran on the %s\n",
	       c, on ? "device" : "host");
      return 1;
    }
  return 0;
}

int
main (int argc, char **argv)
{
  char path[4096];
  int cycles = argc > 1 ? atoi (argv[1]) : 10;
  int on_dev = omp_get_default_device () != omp_get_initial_device ();

  char self[4096];
  snprintf (self, sizeof self, "%s", argv[0]);
  snprintf (path, sizeof path, "%s/cycle-lib.so", dirname (self));
  for (int c = 0; c < cycles; c++)
    {
      if (c == cycles / 2)
	{
	  int x = 0;
#pragma omp target map(tofrom: x)
	  x += 1;
	  if (x != 1)
	    {
	      fprintf (stderr, "dlopen-cycle: the program's region gave %d\n",
		       x);
	      return 2;
	    }
	}
      if (cycle (path, c + 1, on_dev))
	return 2;
    }
  printf ("dlopen-cycle: ok (%d cycles, the library moved %d times)\n",
	  cycles, moved);
  return 0;
}
