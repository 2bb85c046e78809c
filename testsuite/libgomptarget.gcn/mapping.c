/* { dg-set-target-env-var GOMP_DEBUG "1" } */

/* Data mapping through the GCN plugin: the emulated GPU's memory is its
   own, so only what the map clauses copy reaches the device or comes
   back.  to/from/tofrom/alloc, array sections, target data with update,
   enter/exit data, and the memory routines.  */

#include <string.h>
#include "gcn-test.h"

#define N 4096

int
main (void)
{
  static int a[N], b[N];
  int i, dev = omp_get_default_device (), on_device = 0;
  int *p;

  CHECK (omp_get_num_devices () == 1);
  for (i = 0; i < N; i++)
    a[i] = i;

  /* to + from.  */
#pragma omp target map(to: a) map(from: b) map(from: on_device)
  {
    on_device = !omp_is_initial_device ();
    for (int j = 0; j < N; j++)
      b[j] = a[j] * 3;
  }
  CHECK (on_device);
  for (i = 0; i < N; i++)
    CHECK (b[i] == 3 * i);

  /* Without "from", the host keeps its own copy.  */
  memset (b, 0, sizeof b);
#pragma omp target map(to: b)
  for (int j = 0; j < N; j++)
    b[j] = 7;
  for (i = 0; i < N; i++)
    CHECK (b[i] == 0);

  /* An array section, and alloc: device memory starts as it is.  */
#pragma omp target map(tofrom: a[100:50])
  for (int j = 100; j < 150; j++)
    a[j] = -a[j];
  for (i = 0; i < N; i++)
    CHECK (a[i] == (i >= 100 && i < 150 ? -i : i));

  /* target data with update.  */
#pragma omp target data map(tofrom: a)
  {
#pragma omp target
    for (int j = 0; j < N; j++)
      a[j] = 1;
    CHECK (a[0] == 0 && a[200] == 200);
#pragma omp target update from(a[0:10])
    CHECK (a[0] == 1 && a[9] == 1 && a[10] == 10);
    a[5] = 50;
#pragma omp target update to(a[5:1])
#pragma omp target
    a[6] = a[5] + 1;
  }
  CHECK (a[5] == 50 && a[6] == 51 && a[200] == 1);

  /* enter/exit data.  */
  for (i = 0; i < N; i++)
    b[i] = i;
#pragma omp target enter data map(to: b)
  CHECK (omp_target_is_present (b, dev));
#pragma omp target
  for (int j = 0; j < N; j++)
    b[j] += 1;
#pragma omp target exit data map(from: b)
  CHECK (!omp_target_is_present (b, dev));
  for (i = 0; i < N; i++)
    CHECK (b[i] == i + 1);

  /* omp_target_alloc and omp_target_memcpy.  */
  p = omp_target_alloc (N * sizeof (int), dev);
  CHECK (p != NULL);
  CHECK (omp_target_memcpy (p, a, N * sizeof (int), 0, 0, dev,
			    omp_get_initial_device ()) == 0);
#pragma omp target is_device_ptr(p)
  for (int j = 0; j < N; j++)
    p[j] *= 2;
  CHECK (omp_target_memcpy (b, p, N * sizeof (int), 0, 0,
			    omp_get_initial_device (), dev) == 0);
  for (i = 0; i < N; i++)
    CHECK (b[i] == 2 * a[i]);
  omp_target_free (p, dev);
  puts ("mapping ok");
  return 0;
}

/* { dg-final { gomptarget-output-includes {mapping ok} } } */
/* The regions ran on the GPU, through the plugin.  */
/* { dg-final { gomptarget-output-includes {gcn: device 0: launching main\._omp_fn\.0: } } } */
/* { dg-final { gomptarget-output-includes {gcn: device 0: loaded a gfx[0-9a-f]+ image} } } */
