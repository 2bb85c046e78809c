/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Outside any parallel region a nowait region runs beside the thread
   that met it (task-free.c); when nothing waits for it, the end of the
   thread's implicit parallel region does: the end of a thread the
   program made, and the end of the program.  Each region still prints
   its line after the host went on.  */

#include <omp.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

static int flag;

static void
spin (double seconds)
{
  double t0 = omp_get_wtime ();
  while (omp_get_wtime () - t0 < seconds)
    ;
}

/* Wait until *P is set, 10 s at most.  */
static void
wait_set (uintptr_t p)
{
  double t0 = omp_get_wtime ();
  while (!__atomic_load_n ((int *) p, __ATOMIC_ACQUIRE)
	 && omp_get_wtime () - t0 < 10.0)
    ;
}
#pragma omp declare target to(spin, wait_set)

static void *
thread_main (void *arg)
{
  (void) arg;
#pragma omp target nowait
  {
    spin (0.1);
    printf ("region of the thread\n");
    fflush (stdout);
  }
  return NULL;
}

int
main (void)
{
  pthread_t t;
  uintptr_t fp = (uintptr_t) &flag;

  if (pthread_create (&t, NULL, thread_main, NULL) != 0
      || pthread_join (t, NULL) != 0)
    return 1;
  printf ("thread joined\n");
  fflush (stdout);
#pragma omp target nowait firstprivate(fp)
  {
    wait_set (fp);
    printf ("region of main\n");
    fflush (stdout);
  }
  printf ("main returns\n");
  fflush (stdout);
  __atomic_store_n (&flag, 1, __ATOMIC_RELEASE);
  return 0;
}

/* { dg-output "region of the thread\[\r\n\]+thread joined\[\r\n\]+main returns\[\r\n\]+region of main" } */
