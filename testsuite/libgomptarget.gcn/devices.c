/* { dg-set-target-env-var GOMP_DEBUG "1" } */
/* { dg-set-target-env-var GOMPTARGET_EMUL_HSA_AGENTS "2" } */

/* Two GPU agents are two devices, each with its own memory, its own
   copy of the image and its own queues; data moves between them with
   omp_target_memcpy.  */

#include "gcn-test.h"

#define N 1000

int
main (void)
{
  static int a[N], b[N];
  int i, d, ran[2] = { 0, 0 };
  int *p0, *p1;

  CHECK (omp_get_num_devices () == 2);
  for (d = 0; d < 2; d++)
    {
      for (i = 0; i < N; i++)
	a[i] = i + d;
#pragma omp target enter data map(to: a) device(d)
    }
  /* Each device has its own copy.  */
  for (d = 0; d < 2; d++)
    {
#pragma omp target map(from: b, ran[d:1]) device(d)
      {
	ran[d] = !omp_is_initial_device ();
	for (int j = 0; j < N; j++)
	  b[j] = a[j] * 10;
      }
      for (i = 0; i < N; i++)
	CHECK (b[i] == (i + d) * 10);
      CHECK (ran[d]);
#pragma omp target exit data map(delete: a) device(d)
    }

  /* Device to device.  */
  p0 = omp_target_alloc (N * sizeof (int), 0);
  p1 = omp_target_alloc (N * sizeof (int), 1);
  CHECK (p0 != NULL && p1 != NULL);
  for (i = 0; i < N; i++)
    a[i] = 3 * i;
  CHECK (omp_target_memcpy (p0, a, sizeof a, 0, 0, 0,
			    omp_get_initial_device ()) == 0);
  CHECK (omp_target_memcpy (p1, p0, sizeof a, 0, 0, 1, 0) == 0);
#pragma omp target is_device_ptr(p1) device(1)
  for (int j = 0; j < N; j++)
    p1[j] += 1;
  CHECK (omp_target_memcpy (b, p1, sizeof b, 0, 0,
			    omp_get_initial_device (), 1) == 0);
  for (i = 0; i < N; i++)
    CHECK (b[i] == 3 * i + 1);
  omp_target_free (p0, 0);
  omp_target_free (p1, 1);
  puts ("devices ok");
  return 0;
}

/* { dg-final { gomptarget-output-includes {devices ok} } } */
/* { dg-final { gomptarget-output-includes {gcn: device 0: launching main\._omp_fn} } } */
/* { dg-final { gomptarget-output-includes {gcn: device 1: launching main\._omp_fn} } } */
/* { dg-final { gomptarget-output-includes {gcn: GPU 1: gfx} } } */
