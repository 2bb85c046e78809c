/* Reverse offload from a remote region (GCC 14; mpirun: -n 2): a region
   on device 0 (MPI rank 1) reaches a target construct with
   device(ancestor: 1), which runs on rank 0, the process that runs main,
   with rank 0's addresses: the maps of the ancestor region are
   translated from the device's copies to main's variables, and what it
   writes comes back to the device.  Twice, from a loop.  */
/* mpirun: -n 2 */
/* { dg-gomptarget-gcc-min 14 } */
/* { dg-gomptarget-images "" } */
/* reverse_offload needs sm_35 at least (GCC 14's default is older).  */
/* { dg-additional-options "-foffload-options=nvptx-none=-march=sm_80" } */

#include "mpi-test.h"

#include <omp.h>

#pragma omp requires reverse_offload

/* Where the ancestor region runs (no API call may be made in it
   directly).  */
static void __attribute__ ((noinline))
where (int *initial, int *pid)
{
  *initial = omp_is_initial_device ();
  *pid = (int) getpid ();
}

int
main (void)
{
  int x = 5, on_device = -1, initial = 0, pid = 0, a[4] = { 1, 2, 3, 4 };
  int i, remote = 0;

  CHECK (omp_get_num_devices () == 1);
#pragma omp target map(tofrom: x, on_device, initial, pid, a, remote)
  {
    on_device = omp_get_device_num ();
    remote = !omp_is_initial_device ();
    x++;
    for (i = 0; i < 2; i++)
      {
#pragma omp target device(ancestor: 1) map(always, tofrom: x, a) \
	map(always, from: initial, pid)
	{
	  where (&initial, &pid);
	  x *= 10;
	  a[i] += 100;
	}
	x++;
      }
  }
  CHECK (on_device == 0 && remote);
  CHECK (initial == 1);
  CHECK (pid == (int) getpid ());
  CHECK (x == 611);
  CHECK (a[0] == 101 && a[1] == 102 && a[2] == 3 && a[3] == 4);
  if (errors == 0)
    printf ("ok\n");
  return errors != 0;
}

/* { dg-final { gomptarget-output-includes {(^|\n)ok\n} } } */
