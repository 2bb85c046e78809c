/* Reverse offload (GCC 14) from two GPUs at once: each has its own
   mailbox, and each request names its device, whose mapping table
   translates it.  The regions are nowait, so that both kernels run
   together and no thread waits for either.  */

/* { dg-gomptarget-gcc-min 14 } */
/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_DEVICES "2" } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */

#include "nvptx-test.h"

#pragma omp requires reverse_offload

#define ROUNDS 10

static int calls[2];
static int *host_data[2];

static void __attribute__ ((noinline))
on_host (int dev, int *data)
{
  CHECK (data == host_data[dev], "device %d: mapped data at %p, not the "
	 "host's %p", dev, (void *) data, (void *) host_data[dev]);
  calls[dev]++;
}

int
main (void)
{
  int data[2][4] = { { 0 } }, done[2] = { 0, 0 };

  need_gpus (2);
  host_data[0] = data[0];
  host_data[1] = data[1];
#pragma omp parallel num_threads(2)
#pragma omp single
  {
    for (int d = 0; d < 2; d++)
      {
#pragma omp target nowait device(d) firstprivate(d) \
		   map(tofrom: data[d][0:4], done[d:1])
	{
	  for (int r = 0; r < ROUNDS; r++)
	    {
#pragma omp target device(ancestor: 1) map(tofrom: data[d][0:4]) \
		   firstprivate(d)
	      on_host (d, data[d]);
	    }
	  done[d] = 1;
	}
      }
#pragma omp taskwait
  }
  for (int d = 0; d < 2; d++)
    {
      CHECK (done[d] == 1, "the region on device %d did not finish", d);
      CHECK (calls[d] == ROUNDS, "device %d: %d requests served, not %d", d,
	     calls[d], ROUNDS);
    }
  printf ("done\n");
  return 0;
}

/* { dg-output "done\n" } */
/* { dg-final { gomptarget-output-includes {gomptarget: nvptx: device 0: served a reverse-offload request of device 0: } } } */
/* { dg-final { gomptarget-output-includes {gomptarget: nvptx: device 1: served a reverse-offload request of device 1: } } } */
