/* A GCC 12 nvptx image through the emulated driver: the PTX objects
   linked with the JIT linker, the module loaded, the kernel of a target
   region launched asynchronously on a stream with GCC's kernel ABI, and
   the results copied back.  The declare-target variable is the
   program's own variable.  */

#include "emul-cuda-test.h"

#define N 1000

int scale = 3;
#pragma omp declare target to(scale)

static void
region (int *x, int n)
{
#pragma omp target map(tofrom: x[0:n])
  for (int i = 0; i < n; i++)
    x[i] = x[i] * scale + 1;
}

int
main (void)
{
  static int x[N];
  for (int i = 0; i < N; i++)
    x[i] = i;

  setup ();
  CUmodule mod = load_image ();

  /* The declared-target variable resolves to the program's own.  */
  CUdeviceptr gptr;
  size_t gsize;
  if (image->nvars != 1 || strcmp (image->vars[0], "scale") != 0)
    fail ("expected the image to list the variable 'scale'");
  CHECK (cu.cuModuleGetGlobal_v2 (&gptr, &gsize, mod, "scale"));
  if (gptr != (CUdeviceptr) (uintptr_t) &scale || gsize != sizeof scale)
    fail ("'scale' is at %#llx (%zu bytes), the program's is at %p",
	  gptr, gsize, (void *) &scale);

  region (x, N);		/* Captured, not run.  */
  for (int i = 0; i < N; i++)
    if (x[i] != i)
      fail ("the region ran on the host");

  run_last_region (mod, 2, 4);
  for (int i = 0; i < N; i++)
    if (x[i] != i * 3 + 1)
      fail ("x[%d] = %d, expected %d", i, x[i], i * 3 + 1);

  /* A change of the variable on the device is the program's.  */
  int seven = 7;
  CHECK (cu.cuMemcpyHtoD_v2 (gptr, &seven, sizeof seven));
  if (scale != 7)
    fail ("writing 'scale' on the device did not change the program's");

  CHECK (cu.cuModuleUnload (mod));
  CHECK (cu.cuDevicePrimaryCtxRelease_v2 (0));
  puts ("ok");
  return 0;
}
