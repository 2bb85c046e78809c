/* A nowait region runs beside the thread that met it on the GCN plugin
   too, in every team shape, and its completion is honoured at each wait
   (libgomptarget.tasks/overlap-shapes.h).  The regions read host memory
   through its addresses, which only the emulated HSA runtime's kernels
   reach: skipped on a real GPU.  */

#include <string.h>
#include "gcn-test.h"
#include "../libgomptarget.tasks/overlap-shapes.h"

int
main (void)
{
  const char *pre = getenv ("LD_PRELOAD");

  if (pre == NULL || strstr (pre, "libhsa-runtime64") == NULL
      || strstr (pre, "testsuite") == NULL)
    {
      printf ("skipped: needs the emulated HSA runtime\n");
      return 77;
    }
  if (omp_get_num_devices () < 1)
    abort ();
  overlap_shapes ();
  return 0;
}
