/* A nowait region runs beside the thread that met it on the nvptx plugin
   too, in every team shape, and its completion is honoured at each wait
   (libgomptarget.tasks/overlap-shapes.h).  The regions read host memory
   through its addresses, which only the emulated driver's kernels reach:
   skipped on a real GPU.  */

#include <string.h>
#include "nvptx-test.h"
#include "../libgomptarget.tasks/overlap-shapes.h"

int
main (void)
{
  const char *pre = getenv ("LD_PRELOAD");

  if (pre == NULL || strstr (pre, "emul/cuda") == NULL)
    {
      printf ("skipped: needs the emulated CUDA driver\n");
      return SKIPPED;
    }
  CHECK (gpus () >= 1, "no GPU");
  overlap_shapes ();
  return 0;
}
