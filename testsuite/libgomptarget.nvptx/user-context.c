/* A program that uses the CUDA driver itself may leave no context, or
   a context of its own, current on the thread that meets the next
   target region; the plugin does not ask the driver which context is
   current before every launch, so each kind of region must still run in
   the plugin's context: one without variables, one whose teams need new
   soft stacks (allocated by the driver in the current context), and one
   that maps a variable.  Run by the real-GPU kit too, with the machine's
   driver.  */

#include "nvptx-test.h"

#include <dlfcn.h>

typedef int CUresult;
typedef void *CUcontext;
typedef int CUdevice;

#pragma omp declare target
int counter;
int on_device;
#pragma omp end declare target

static CUresult (*ctx_set_current) (CUcontext);
static CUresult (*ctx_create) (CUcontext *, unsigned, CUdevice);
static CUresult (*ctx_destroy) (CUcontext);
static CUresult (*device_get) (CUdevice *, int);

static void
regions (const char *what, int expect, int num_teams)
{
  int x = 0, ran_there = 0;

#pragma omp target
  {
    counter++;
    on_device = !omp_is_initial_device ();
  }
  /* More teams than any region before: a new block of soft stacks, for
     a region without variables (the number of teams a constant).  */
  switch (num_teams)
    {
    case 1:
#pragma omp target teams num_teams(1) thread_limit(1024)
      if (omp_get_team_num () == 0)
	counter++;
      break;
    case 2:
#pragma omp target teams num_teams(2) thread_limit(1024)
      if (omp_get_team_num () == 0)
	counter++;
      break;
    case 4:
#pragma omp target teams num_teams(4) thread_limit(1024)
      if (omp_get_team_num () == 0)
	counter++;
      break;
    default:
#pragma omp target teams num_teams(8) thread_limit(1024)
      if (omp_get_team_num () == 0)
	counter++;
      break;
    }
#pragma omp target map(tofrom: x, ran_there)
  {
    x = counter;
    ran_there = on_device;
  }
  CHECK (x == expect, "%s: counter = %d, not %d", what, x, expect);
  CHECK (ran_there == 1, "%s: the regions did not run on the device", what);
  printf ("%s: ok\n", what);
}

int
main (void)
{
  void *cuda = dlopen ("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
  CUcontext mine;
  CUdevice dev;

  if (cuda == NULL)
    cuda = dlopen ("libcuda.so.1", RTLD_NOW);
  CHECK (cuda != NULL, "no libcuda.so.1: %s", dlerror ());
  ctx_set_current = (CUresult (*) (CUcontext)) dlsym (cuda, "cuCtxSetCurrent");
  ctx_create = (CUresult (*) (CUcontext *, unsigned, CUdevice))
    dlsym (cuda, "cuCtxCreate_v2");
  ctx_destroy = (CUresult (*) (CUcontext)) dlsym (cuda, "cuCtxDestroy_v2");
  device_get = (CUresult (*) (CUdevice *, int)) dlsym (cuda, "cuDeviceGet");
  CHECK (ctx_set_current && ctx_create && ctx_destroy && device_get,
	 "the driver lacks a context call");

  /* The plugin's context is made and current.  */
  regions ("first", 2, 1);

  CHECK (ctx_set_current (NULL) == 0, "cuCtxSetCurrent (NULL) failed");
  regions ("no context current", 4, 2);

  CHECK (device_get (&dev, 0) == 0, "cuDeviceGet failed");
  CHECK (ctx_create (&mine, 0, dev) == 0, "cuCtxCreate failed");
  regions ("the program's context current", 6, 4);
  CHECK (ctx_set_current (mine) == 0, "cuCtxSetCurrent failed");
  regions ("the program's context current again", 8, 8);
  CHECK (ctx_destroy (mine) == 0, "cuCtxDestroy failed");
  return 0;
}

/* { dg-final { gomptarget-output-includes {the program's context current again: ok} } } */
/* { dg-final { gomptarget-output-excludes {failed|CUDA_ERROR} } } */
