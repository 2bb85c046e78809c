/* { dg-do run } */
/* { dg-set-target-env-var GOMPTARGET_HOST_DEVICES "2" } */
/* { dg-final { gomptarget-output-count {GOMPTARGET_PLUGINS: 'host' is named more than once} 1 } } */
/* { dg-final { gomptarget-output-count {GOMPTARGET_PLUGINS: 'nonexistent' is named more than once} 1 } } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   An absurdly long GOMPTARGET_PLUGINS (host named 25,000 times, and a
   plugin that does not exist 250 times among them: near the kernel's
   128 KiB limit for one environment string) loads the host plugin once:
   its two devices (GOMPTARGET_HOST_DEVICES=2) are the only ones, each
   with its own memory; each repeated name is reported once.  The list
   is longer than a test's environment settings are meant to be: the
   program sets it and runs itself again (with an argument: a test
   wrapper may have set GOMPTARGET_PLUGINS already).  */

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define REPEATS 25000

int
main (int argc, char **argv)
{
  int x = 1, y = 0, *p;

  if (argc < 2)
    {
      char *child[] = { argv[0], (char *) "child", NULL };
      char *list = malloc (REPEATS * 5 + REPEATS / 100 * 13 + 1), *e;

      if (list == NULL)
	abort ();
      e = list;
      for (int i = 0; i < REPEATS; i++)
	e = stpcpy (e, i % 100 == 50 ? "host, nonexistent," : "host,");
      setenv ("GOMPTARGET_PLUGINS", list, 1);
      execv ("/proc/self/exe", child);
      perror ("execv /proc/self/exe");
      abort ();
    }

  if (omp_get_num_devices () != 2)
    {
      fprintf (stderr, "%d devices\n", omp_get_num_devices ());
      abort ();
    }
  /* The two devices have separate memory: what is mapped on device 0
     is not present on device 1.  */
#pragma omp target enter data map(to: x) device(0)
  p = &x;
  if (!omp_target_is_present (p, 0) || omp_target_is_present (p, 1))
    abort ();
#pragma omp target map(from: y) device(0)
  y = x + 1;
#pragma omp target exit data map(release: x) device(0)
  if (y != 2)
    abort ();
  return 0;
}
