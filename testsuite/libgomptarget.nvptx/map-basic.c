/* Mapping through the nvptx plugin: data reaches the emulated GPU's own
   memory only through map clauses, and comes back only through from
   kinds and updates; the region runs on the device, not the host.  */

#include "nvptx-test.h"

#define N 4096

int
main (void)
{
  static int a[N], b[N];
  int i, on_host = -1, dev = -1, sum = 0;

  for (i = 0; i < N; i++)
    a[i] = i;

#pragma omp target map(to: a) map(from: b) map(from: on_host, dev)
  {
    for (int j = 0; j < N; j++)
      b[j] = 2 * a[j];
    on_host = omp_is_initial_device ();
    dev = omp_get_device_num ();
  }
  CHECK (on_host == 0, "the region ran on the host");
  CHECK (dev == 0, "omp_get_device_num () is %d in the region", dev);
  for (i = 0; i < N; i++)
    CHECK (b[i] == 2 * i, "b[%d] = %d", i, b[i]);

  /* Device memory is separate: a device write is seen only after a
     copy back, a host write only after a copy to.  */
#pragma omp target data map(tofrom: a)
  {
#pragma omp target
    for (int j = 0; j < N; j++)
      a[j] += 1;
    CHECK (a[7] == 7, "a device write reached the host without a copy");
#pragma omp target update from(a[0:N])
    CHECK (a[7] == 8, "target update from: a[7] = %d", a[7]);
    a[7] = 100;
#pragma omp target map(tofrom: sum)
    sum = a[7];
    CHECK (sum == 8, "a host write reached the device without a copy");
#pragma omp target update to(a[7:1])
#pragma omp target map(tofrom: sum)
    sum = a[7];
    CHECK (sum == 100, "target update to: %d", sum);
  }
  CHECK (a[7] == 100 && a[8] == 9, "end of target data: %d %d", a[7], a[8]);

  /* enter/exit data with a section of heap memory.  */
  int *p = malloc (N * sizeof *p);
  for (i = 0; i < N; i++)
    p[i] = -i;
#pragma omp target enter data map(to: p[0:N])
  CHECK (omp_target_is_present (p, 0), "p is not present after enter data");
#pragma omp target
  for (int j = 0; j < N; j++)
    p[j] = p[j] * p[j];
#pragma omp target exit data map(from: p[0:N])
  CHECK (!omp_target_is_present (p, 0), "p is present after exit data");
  for (i = 0; i < N; i++)
    CHECK (p[i] == i * i, "p[%d] = %d", i, p[i]);
  free (p);
  return 0;
}
