/* Regions and data on the devices of the MPI plugin: two serving ranks
   (mpirun: -n 3), each one device with memory of its own.  Every map
   kind, target data with update, enter/exit data, a declare-target
   variable; the region runs on its rank as device D, not the initial
   device.  */
/* mpirun: -n 3 */
/* { dg-gomptarget-images "" } */

#include "mpi-test.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000

#pragma omp declare target
int counter = 5;
#pragma omp end declare target

int
main (void)
{
  int d, i;

  CHECK (omp_get_num_devices () == 2);
  for (d = 0; d < omp_get_num_devices (); d++)
    {
      int a[N], b[N], c[N], on = -1, initial = 1, seen = -1;
      for (i = 0; i < N; i++)
	{
	  a[i] = i;
	  b[i] = -1;
	  c[i] = 7;
	}
      /* to, from, tofrom, alloc.  */
#pragma omp target device(d) map(to: a) map(from: b) map(tofrom: c) \
		   map(from: on, initial)
      {
	int tmp[N];
	for (i = 0; i < N; i++)
	  tmp[i] = a[i] + 1;
	for (i = 0; i < N; i++)
	  {
	    b[i] = tmp[i];
	    c[i] += a[i];
	  }
	on = omp_get_device_num ();
	initial = omp_is_initial_device ();
      }
      CHECK (on == d);
      CHECK (initial == 0);
      for (i = 0; i < N; i++)
	CHECK (b[i] == i + 1 && c[i] == i + 7);

      /* Separate memory: what is not copied back is not seen.  */
#pragma omp target data device(d) map(to: a)
      {
#pragma omp target device(d)
	for (i = 0; i < N; i++)
	  a[i] = -a[i];
	CHECK (a[5] == 5);
#pragma omp target update device(d) from(a)
	CHECK (a[5] == -5);
	a[6] = 66;
#pragma omp target update device(d) to(a)
#pragma omp target device(d) map(from: seen)
	seen = a[6];
	CHECK (seen == 66);
      }

      /* enter/exit data.  */
#pragma omp target enter data device(d) map(to: a)
      CHECK (omp_target_is_present (a, d));
#pragma omp target device(d)
      for (i = 0; i < N; i++)
	a[i] *= 2;
#pragma omp target exit data device(d) map(from: a)
      CHECK (!omp_target_is_present (a, d));
      CHECK (a[5] == -10 && a[6] == 132);

      /* A declare-target variable: each rank its own.  */
#pragma omp target device(d) map(from: seen)
      {
	counter += 10 * (d + 1);
	seen = counter;
      }
      CHECK (seen == 5 + 10 * (d + 1));
      CHECK (counter == 5);
#pragma omp target update device(d) from(counter)
      CHECK (counter == 5 + 10 * (d + 1));
      counter = 5;
    }
  if (errors == 0)
    printf ("ok\n");
  return errors != 0;
}

/* { dg-final { gomptarget-output-includes {(^|\n)ok\n} } } */
