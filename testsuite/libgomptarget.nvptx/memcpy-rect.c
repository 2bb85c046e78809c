/* omp_target_memcpy_rect through the nvptx plugin: 2-D and 3-D parts of
   arrays copied between the host and a GPU, and within a GPU, each with
   one cuMemcpy2D/cuMemcpy3D (the trace shows them), with the right
   elements at the right places.  A 4-D copy is a series of 3-D ones.  */

/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_TRACE "nvptx-memcpy-rect.trace" } */

#include "nvptx-test.h"

#define R 40
#define C 50
#define Z 6

static int host2[R][C], back2[R][C];
static double host3[Z][R][C], back3[Z][R][C];
static short host4[3][4][5][6], back4[3][4][5][6];

int
main (void)
{
  int dev = 0, hostdev, i, j, k, l;

  trace_reset ();
  hostdev = omp_get_initial_device ();
  for (i = 0; i < R; i++)
    for (j = 0; j < C; j++)
      host2[i][j] = i * 1000 + j;

  /* 2-D: rows 5..24, columns 7..36 of host2 into a 30 x 40 device array
     at (2, 3), back to back2 at (10, 1).  */
  int *d2 = omp_target_alloc (30 * 40 * sizeof (int), dev);
  size_t vol2[2] = { 20, 30 }, dims_h[2] = { R, C }, dims_d[2] = { 30, 40 };
  size_t off_h[2] = { 5, 7 }, off_d[2] = { 2, 3 }, off_b[2] = { 10, 1 };
  CHECK (omp_target_memcpy_rect (d2, host2, sizeof (int), 2, vol2, off_d,
				 off_h, dims_d, dims_h, dev, hostdev) == 0,
	 "2-D host to device failed");
  CHECK (omp_target_memcpy_rect (back2, d2, sizeof (int), 2, vol2, off_b,
				 off_d, dims_h, dims_d, hostdev, dev) == 0,
	 "2-D device to host failed");
  for (i = 0; i < R; i++)
    for (j = 0; j < C; j++)
      {
	int in = i >= 10 && i < 30 && j >= 1 && j < 31;
	int want = in ? (i - 10 + 5) * 1000 + (j - 1 + 7) : 0;
	CHECK (back2[i][j] == want, "back2[%d][%d] = %d, expected %d", i, j,
	       back2[i][j], want);
      }
  TRACE_CHECK (trace_count ("copy kind=2D", NULL) == 2,
	 "the 2-D copies were not one cuMemcpy2D each");

  /* 3-D, host to device, device to device, device to host.  */
  for (k = 0; k < Z; k++)
    for (i = 0; i < R; i++)
      for (j = 0; j < C; j++)
	host3[k][i][j] = k * 1e6 + i * 1e3 + j;
  double *d3 = omp_target_alloc (sizeof host3, dev);
  double *d3b = omp_target_alloc (sizeof host3, dev);
  size_t vol3[3] = { 4, 20, 25 }, dims3[3] = { Z, R, C };
  size_t o1[3] = { 1, 2, 3 }, o2[3] = { 2, 10, 20 }, o3[3] = { 0, 0, 0 };
  CHECK (omp_target_memcpy_rect (d3, host3, sizeof (double), 3, vol3, o1, o1,
				 dims3, dims3, dev, hostdev) == 0,
	 "3-D host to device failed");
  CHECK (omp_target_memcpy_rect (d3b, d3, sizeof (double), 3, vol3, o2, o1,
				 dims3, dims3, dev, dev) == 0,
	 "3-D device to device failed");
  CHECK (omp_target_memcpy_rect (back3, d3b, sizeof (double), 3, vol3, o3, o2,
				 dims3, dims3, hostdev, dev) == 0,
	 "3-D device to host failed");
  for (k = 0; k < 4; k++)
    for (i = 0; i < 20; i++)
      for (j = 0; j < 25; j++)
	{
	  double want = (k + 1) * 1e6 + (i + 2) * 1e3 + (j + 3);
	  CHECK (back3[k][i][j] == want, "back3[%d][%d][%d] = %g", k, i, j,
		 back3[k][i][j]);
	}
  TRACE_CHECK (trace_count ("copy kind=3D", NULL) == 3,
	 "the 3-D copies were not one cuMemcpy3D each");

  /* 4-D: three 3-D copies each way.  */
  for (l = 0; l < 3; l++)
    for (k = 0; k < 4; k++)
      for (i = 0; i < 5; i++)
	for (j = 0; j < 6; j++)
	  host4[l][k][i][j] = (short) (l * 1000 + k * 100 + i * 10 + j);
  short *d4 = omp_target_alloc (sizeof host4, dev);
  size_t vol4[4] = { 3, 4, 5, 6 }, dims4[4] = { 3, 4, 5, 6 };
  size_t o4[4] = { 0, 0, 0, 0 };
  CHECK (omp_target_memcpy_rect (d4, host4, sizeof (short), 4, vol4, o4, o4,
				 dims4, dims4, dev, hostdev) == 0
	 && omp_target_memcpy_rect (back4, d4, sizeof (short), 4, vol4, o4, o4,
				    dims4, dims4, hostdev, dev) == 0,
	 "4-D copies failed");
  CHECK (memcmp (host4, back4, sizeof host4) == 0, "4-D copy is wrong");
  TRACE_CHECK (trace_count ("copy kind=3D", NULL) == 9,
	 "the 4-D copies were not six 3-D ones");

  omp_target_free (d2, dev);
  omp_target_free (d3, dev);
  omp_target_free (d3b, dev);
  omp_target_free (d4, dev);
  return 0;
}
