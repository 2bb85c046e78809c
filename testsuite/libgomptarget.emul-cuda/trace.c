/* GOMPTARGET_EMUL_CUDA_TRACE gets one line per launch (with its grid,
   block, shared memory and GCC kernel arguments), copy, allocation and
   module load: what a test of a plugin's launch geometry reads.  */
/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_TRACE "emul-cuda-trace.txt" } */

#include "emul-cuda-test.h"

#include <unistd.h>

static void
region (int *x)
{
#pragma omp target map(tofrom: x[0:1])
  x[0]++;
}

int
main (void)
{
  const char *file = getenv ("GOMPTARGET_EMUL_CUDA_TRACE");
  if (file == NULL)
    fail ("GOMPTARGET_EMUL_CUDA_TRACE is not set");
  unlink (file);		/* Before the driver opens it.  */
  setup ();
  CUmodule mod = load_image ();
  int x = 0;
  region (&x);
  struct launch l = prepare (mod, &last_region, 3, 2);
  CHECK (launch (&l, NULL));
  CHECK (cu.cuCtxSynchronize ());

  char expect[512];
  snprintf (expect, sizeof expect,
	    "launch device=0 kernel=%s grid=3,1,1 block=32,2,1 shared=0 "
	    "stream=null vars=%p stack=%p stacksize=%zu\n", image->fns[0].name,
	    (void *) (uintptr_t) l.vars, (void *) (uintptr_t) l.stacks,
	    l.stacksize);
  FILE *f = fopen (file, "r");
  if (f == NULL)
    fail ("no trace file %s", file);
  char line[512];
  int launches = 0, loads = 0, copies = 0;
  while (fgets (line, sizeof line, f))
    {
      if (strncmp (line, "launch ", 7) == 0)
	{
	  launches++;
	  if (strcmp (line, expect) != 0)
	    fail ("trace line\n%swhere\n%swas expected", line, expect);
	}
      loads += strncmp (line, "load device=0 ", 14) == 0;
      copies += strncmp (line, "copy kind=HtoD device=0 bytes=4 async=0", 39)
		== 0;
    }
  fclose (f);
  unlink (file);
  if (launches != 1 || loads != 1 || copies != 1)
    fail ("%d launch, %d load and %d 4-byte copy lines", launches, loads,
	  copies);
  puts ("ok");
  return 0;
}
