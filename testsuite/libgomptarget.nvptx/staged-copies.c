/* Copies behind pending work go through each stream's pinned staging
   memory (segments from 1 MiB, reused as the stream gets past them, more
   made when none is free): copies of 24 MiB back from kernels, waited
   for or nowait, and data copied back and then to the device again on
   the same stream, arrive whole and in order.  */

#include "nvptx-test.h"

#define N (6 << 20)	/* 24 MiB of ints.  */

int
main (void)
{
  int *a = malloc (N * sizeof *a), *b = malloc (N * sizeof *b);
  long i, bad = 0;

  CHECK (a != NULL && b != NULL, "no host memory");
  for (i = 0; i < N; i++)
    a[i] = (int) i;

  /* Back from a kernel, waited for.  */
#pragma omp target map(tofrom: a[0:N])
  for (long j = 0; j < N; j++)
    a[j] = 3 * a[j] + 1;
  for (i = 0; i < N; i++)
    bad += a[i] != 3 * (int) i + 1;
  CHECK (bad == 0, "%ld wrong values after a region", bad);

  /* A chain on one stream: back to the host, to the device again, and
     back, without the host waiting in between.  */
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp target enter data map(to: a[0:N]) nowait depend(out: a[0])
#pragma omp target nowait depend(inout: a[0])
    for (long j = 0; j < N; j++)
      a[j] -= 1;
#pragma omp target update from(a[0:N]) nowait depend(inout: a[0])
#pragma omp task depend(inout: a[0])
    for (long j = 0; j < N; j++)
      a[j] -= 2 * (int) j;
#pragma omp target update to(a[0:N]) nowait depend(inout: a[0])
#pragma omp target map(from: b[0:N]) nowait depend(inout: a[0])
    for (long j = 0; j < N; j++)
      b[j] = a[j] + 7;
#pragma omp target exit data map(release: a[0:N]) nowait depend(inout: a[0])
#pragma omp taskwait
  }
  for (i = 0; i < N; i++)
    bad += a[i] != (int) i || b[i] != (int) i + 7;
  CHECK (bad == 0, "%ld wrong values after the chain", bad);
  free (a);
  free (b);
  return 0;
}
