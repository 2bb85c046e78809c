/* { dg-set-target-env-var GOMP_DEBUG "1" } */
/* { dg-set-target-env-var GCN_HEAP_SIZE "1048576" } */

/* GCN_HEAP_SIZE sets the device heap (newlib's malloc arena) each image
   gets; device code allocates from it.  */

#include "gcn-test.h"

int
main (void)
{
  int ok = 0;

#pragma omp target map(from: ok)
  {
    int *p = malloc (1000 * sizeof (int));
    ok = p != NULL;
    if (p)
      {
	for (int i = 0; i < 1000; i++)
	  p[i] = i;
	ok = p[999] == 999;
	free (p);
      }
  }
  CHECK (ok);
  puts ("heap ok");
  return 0;
}

/* { dg-final { gomptarget-output-includes {heap ok} } } */
/* { dg-final { gomptarget-output-includes {gcn: device 0: loaded a gfx[0-9a-f]+ image of GCC [0-9/]+: [0-9]+ kernel\(s\), [0-9]+ variable\(s\), heap of 1048576 bytes} } } */
