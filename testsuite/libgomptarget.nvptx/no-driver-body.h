/* The body of the tests where the nvptx plugin finds no usable GPU: the
   program runs on the next device (the emulated host device, as
   GOMPTARGET_PLUGINS=nvptx,host orders them), correctly, with nothing on
   stderr unless GOMP_DEBUG asks.  */

#include "nvptx-test.h"

int
main (void)
{
  int x[100], i, initial = -1;

  for (i = 0; i < 100; i++)
    x[i] = i;
  CHECK (omp_get_num_devices () == 1, "%d devices, expected the host "
	 "device alone", omp_get_num_devices ());
#pragma omp target map(tofrom: x) map(from: initial)
  {
    for (int j = 0; j < 100; j++)
      x[j] += 7;
    initial = omp_is_initial_device ();
  }
  CHECK (initial == 0, "the region did not run on a device");
  for (i = 0; i < 100; i++)
    CHECK (x[i] == i + 7, "x[%d] = %d", i, x[i]);
  printf ("done\n");
  return 0;
}
