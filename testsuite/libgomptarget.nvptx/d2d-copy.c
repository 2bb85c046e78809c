/* Copies between two GPUs with omp_target_memcpy through the nvptx
   plugin: peer to peer where the driver lets the devices access each
   other (the emulated driver's trace shows cuMemcpyPeer), and within one
   GPU.  */

/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_DEVICES "2" } */
/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_TRACE "nvptx-d2d-copy.trace" } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */

#include "nvptx-test.h"

#ifndef EXPECT_PEER
#define EXPECT_PEER 1
#endif

#define N (3 << 20)	/* 12 MiB: several chunks of staging memory.  */

int
main (void)
{
  int *h = malloc (N * sizeof *h), i;
  int *d0, *d1, *d1b;

  trace_reset ();
  need_gpus (2);
  for (i = 0; i < N; i++)
    h[i] = i ^ 0x5a5a;
  d0 = omp_target_alloc (N * sizeof *h, 0);
  d1 = omp_target_alloc (N * sizeof *h, 1);
  d1b = omp_target_alloc (N * sizeof *h, 1);
  CHECK (d0 && d1 && d1b, "omp_target_alloc failed");

  CHECK (omp_target_memcpy (d0, h, N * sizeof *h, 0, 0, 0,
			    omp_get_initial_device ()) == 0,
	 "host to device 0 failed");
  CHECK (omp_target_memcpy (d1, d0, N * sizeof *h, 0, 0, 1, 0) == 0,
	 "device 0 to device 1 failed");
  /* Within device 1, at an offset.  */
  CHECK (omp_target_memcpy (d1b, d1, (N - 16) * sizeof *h, 0,
			    16 * sizeof *h, 1, 1) == 0,
	 "device 1 to device 1 failed");
#pragma omp target device(1) is_device_ptr(d1b)
  for (int j = 0; j < N - 16; j++)
    d1b[j] += 1;
  memset (h, 0, N * sizeof *h);
  CHECK (omp_target_memcpy (h, d1b, N * sizeof *h, 0, 0,
			    omp_get_initial_device (), 1) == 0,
	 "device 1 to host failed");
  for (i = 0; i < N - 16; i++)
    CHECK (h[i] == ((i + 16) ^ 0x5a5a) + 1, "h[%d] = %d", i, h[i]);

  if (EXPECT_PEER)
    TRACE_CHECK (trace_count ("copy kind=peer", NULL) >= 1
	   && trace_count ("copy kind=DtoD", NULL) >= 1,
	   "no peer copy or copy within a device in the trace");
  else
    TRACE_CHECK (trace_count ("copy kind=peer", NULL) == 0
	   && trace_count ("copy kind=DtoH device=0", NULL) >= 2,
	   "the copy between devices was not staged through the host");

  omp_target_free (d0, 0);
  omp_target_free (d1, 1);
  omp_target_free (d1b, 1);
  free (h);
  return 0;
}

/* Which, the trace tells (a real pair of GPUs may have either).  */
/* { dg-final { gomptarget-output-includes {nvptx: device 1: copies from device 0 go (peer to peer|through host memory)} } } */
