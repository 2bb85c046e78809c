/* Reverse offload through a full console ring (GCC 14): while the host
   serves the first request of a kernel, nobody drains the kernel's ring,
   so the other threads of the kernel, printing, fill it and wait; their
   own requests are then claimed while the ring is full and wait for room
   like any output.  Every request is served once, in the order of the
   ring, every line arrives once, and each thread gets its own answer.
   gcn.exp runs this test for GCC 14 and later.  */

#include "gcn-test.h"

#include <unistd.h>

#pragma omp requires reverse_offload

#define NTHR 8
#define LINES 300

static int host_calls, host_seen[NTHR], host_initial = 1;

__attribute__ ((noinline)) static void
on_host (const int *t, int *r)
{
  /* The first request holds the host long enough for the other threads
     to fill the ring (1024 slots; they print NTHR * LINES lines).  */
  if (__atomic_add_fetch (&host_calls, 1, __ATOMIC_RELAXED) == 1)
    usleep (100000);
  if (*t >= 0 && *t < NTHR)
    __atomic_add_fetch (&host_seen[*t], 1, __ATOMIC_RELAXED);
  if (!omp_is_initial_device ())
    host_initial = 0;
  *r = *t * 10 + 1;
}

int
main (void)
{
  int answer[NTHR], nthr = 0, on_device = 0, i;

  for (i = 0; i < NTHR; i++)
    answer[i] = -1;
#pragma omp target map(from: answer[0:NTHR], nthr, on_device)
  {
    on_device = !omp_is_initial_device ();
#pragma omp parallel num_threads(NTHR)
    {
      int t = omp_get_thread_num (), r = -1, j;

      if (t == 0)
	nthr = omp_get_num_threads ();
      else
	for (j = 0; j < LINES; j++)
	  printf ("thread %d line %d\n", t, j);
#pragma omp target device(ancestor: 1) map(to: t) map(from: r)
      on_host (&t, &r);
      answer[t] = r;
      printf ("thread %d done\n", t);
    }
  }
  printf ("threads %d, host calls %d\n", nthr, host_calls);
  CHECK (on_device == 1);
  CHECK (nthr == NTHR);
  CHECK (host_calls == NTHR);
  CHECK (host_initial == 1);
  for (i = 0; i < NTHR; i++)
    {
      CHECK (host_seen[i] == 1);
      CHECK (answer[i] == i * 10 + 1);
    }
  puts ("rev ring ok");
  return 0;
}

/* { dg-final { gomptarget-output-count {^thread [1-7] line [0-9]+$} 2100 } } */
/* { dg-final { gomptarget-output-count {^thread [0-7] done$} 8 } } */
/* { dg-final { gomptarget-output-includes {threads 8, host calls 8\nrev ring ok} } } */
