/* exit in a kernel ends the kernel's thread, as GCC 12's nvptx exit (the
   PTX "exit" instruction) does: the kernel ends without error, what
   follows the call does not run, and neither the program nor the
   context is affected.  */
/* { dg-final { gomptarget-output-includes {host: after the kernels\n} } } */

#include "emul-cuda-test.h"

static void
region (int *x)
{
#pragma omp target map(tofrom: x[0:3])
  {
    x[0]++;
    if (x[2])
      exit (3);
    x[1]++;
  }
}

int
main (void)
{
  setup ();
  CUmodule mod = load_image ();
  int x[3] = { 0, 0, 1 };
  region (x);
  struct launch l = prepare (mod, &last_region, 1, 1);
  CHECK (launch (&l, NULL));
  CHECK (cu.cuCtxSynchronize ());
  finish (&l, &last_region);
  if (x[0] != 1 || x[1] != 0)
    fail ("after exit: x = {%d, %d}, expected {1, 0}", x[0], x[1]);
  x[2] = 0;
  region (x);
  l = prepare (mod, &last_region, 1, 1);
  CHECK (launch (&l, NULL));
  CHECK (cu.cuCtxSynchronize ());
  finish (&l, &last_region);
  if (x[0] != 2 || x[1] != 1)
    fail ("without exit: x = {%d, %d}, expected {2, 1}", x[0], x[1]);
  printf ("host: after the kernels\n");
  return 0;
}
