/* A cross-check with an independent plugin: GCC's own libgomp and its
   nvptx plugin (libgomp-plugin-nvptx1) run an unchanged OpenMP program
   on the emulated driver.  Device memory is separate (a map(to:) array
   comes back unchanged), teams, target data and update, nowait targets
   (streams and callbacks) and kernel output work, and the trace shows
   GCC's launches.  (emul-cuda.exp runs this test only when GCC's
   plugin is installed.)  */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD "mandatory" } */
/* GCC's libgomp leaks a little when its GCN plugin finds no GPU: keep
   LeakSanitizer (GOMPTARGET_TEST_CFLAGS=-fsanitize=address) quiet.  */
/* { dg-set-target-env-var ASAN_OPTIONS "detect_leaks=0" } */
/* GCC 14's GCN plugin stops the program when a real HSA runtime is
   installed but finds no GPU: keep it from finding one.  */
/* { dg-set-target-env-var HSA_RUNTIME_LIB "libgomptarget-no-hsa-runtime.so" } */
/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_TRACE "emul-cuda-gcc.trace" } */
/* { dg-final { gomptarget-output-includes {hello from the emulated device\n} } } */

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define N 1000

int scale = 3;
#pragma omp declare target to(scale)

int
main (void)
{
  const char *trace = getenv ("GOMPTARGET_EMUL_CUDA_TRACE");
  if (trace)
    unlink (trace);
  if (omp_get_num_devices () < 1)
    {
      fprintf (stderr, "FAIL: GCC's libgomp found no device\n");
      return 1;
    }

  static int x[N], y[N];
  for (int i = 0; i < N; i++)
    {
      x[i] = i;
      y[i] = -1;
    }
#pragma omp target map(tofrom: x) map(to: y)
  for (int i = 0; i < N; i++)
    {
      x[i] = x[i] * scale;
      y[i] = 7;
    }
  for (int i = 0; i < N; i++)
    if (x[i] != 3 * i || y[i] != -1)
      {
	fprintf (stderr, "FAIL: x[%d] = %d, y[%d] = %d\n", i, x[i], i, y[i]);
	return 1;
      }

  int updated = 0;
#pragma omp target data map(tofrom: x)
  {
#pragma omp target teams distribute parallel for
    for (int i = 0; i < N; i++)
      x[i] += 1;
    x[0] = -100;		/* The host copy only.  */
#pragma omp target update from(x[1:1])
    updated = x[1] == 4 && x[0] == -100;
  }
  if (!updated)
    {
      fprintf (stderr, "FAIL: target update\n");
      return 1;
    }
  if (x[0] != 1 || x[N - 1] != 3 * (N - 1) + 1)
    {
      fprintf (stderr, "FAIL: x[0] = %d, x[N-1] = %d\n", x[0], x[N - 1]);
      return 1;
    }

  int a = 0, b = 0;
#pragma omp target map(tofrom: a) nowait
  a = 1;
#pragma omp target map(tofrom: b) nowait
  b = 2;
#pragma omp taskwait
  if (a != 1 || b != 2)
    {
      fprintf (stderr, "FAIL: nowait targets gave %d, %d\n", a, b);
      return 1;
    }

#pragma omp target
  printf ("hello from the emulated device\n");

  /* GCC's launches went through the emulated driver.  */
  int launches = 0;
  FILE *f = trace ? fopen (trace, "r") : NULL;
  if (f)
    {
      char line[512];
      while (fgets (line, sizeof line, f))
	launches += strncmp (line, "launch device=0 kernel=main$_omp_fn$", 36)
		    == 0;
      fclose (f);
      unlink (trace);
    }
  if (launches != 5)
    {
      fprintf (stderr, "FAIL: %d launches in the trace, expected 5\n",
	       launches);
      return 1;
    }
  return 0;
}
