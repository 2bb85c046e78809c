/* { dg-do run } */
/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   firstprivate data of a target nowait region is captured at the
   directive: explicit and implicit scalars, an array and a struct are
   changed by the host right after the directive, before taskwait, and
   the region (which sleeps first) still sees the old values.  Also a
   region launched from a function that returns before the region runs:
   its frame is reused by other calls meanwhile.  Four threads.  */

#include <omp.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NT 4

static void
sleep_ms (int ms)
{
  struct timespec ts = { 0, ms * 1000000L };
  nanosleep (&ts, NULL);
}

struct s { int i; double d; char c[13]; };

long out1[NT], out2[NT];

static void __attribute__ ((noinline))
launch (int t)
{
  long k = 77 + t;
  int arr[8];
  for (int i = 0; i < 8; i++)
    arr[i] = i * t;
#pragma omp target nowait firstprivate(k, arr) map(from: out2[t:1])
  {
    sleep_ms (60);
    long s = k;
    for (int i = 0; i < 8; i++)
      s += arr[i];
    out2[t] = s;
  }
}

static void __attribute__ ((noinline))
scribble (void)
{
  volatile char junk[4096];
  memset ((char *) junk, 0x5a, sizeof junk);
}

int
main (void)
{
#pragma omp parallel num_threads(NT)
  {
    int t = omp_get_thread_num ();
    int x = 10 + t;			/* Implicitly firstprivate.  */
    double y = 0.5 * t;
    int arr[16];
    struct s st = { 3 * t, 1.25, "hello, world" };

    for (int i = 0; i < 16; i++)
      arr[i] = i + t;
#pragma omp target nowait firstprivate(y, arr, st) map(from: out1[t:1])
    {
      sleep_ms (60);
      long s = x + (long) (4 * y) + st.i + (long) (st.d * 4);
      for (int i = 0; i < 16; i++)
	s += arr[i];
      if (strcmp (st.c, "hello, world") != 0)
	s = -1;
      out1[t] = s;
    }
    x = -1000;
    y = -1000.0;
    for (int i = 0; i < 16; i++)
      arr[i] = -1000;
    st.i = -1000;
    st.d = -1000.0;
    strcpy (st.c, "clobbered");

    launch (t);
    scribble ();
#pragma omp taskwait
    long e1 = (10 + t) + 2 * t + 3 * t + 5;
    for (int i = 0; i < 16; i++)
      e1 += i + t;
    long e2 = 77 + t + 28 * t;
    if (out1[t] != e1 || out2[t] != e2)
      abort ();
  }
  return 0;
}
