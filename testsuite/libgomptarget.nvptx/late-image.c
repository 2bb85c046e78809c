/* An image registered after the GPU is initialised (a shared object with
   target regions of its own, opened with dlopen after a first region) is
   loaded into the running device: its region runs there, and its declare
   target variable is on the device; dlclose unregisters it, which
   unloads its module, and the program's own image goes on working.  */

/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_TRACE "nvptx-late-image.trace" } */

#include "nvptx-test.h"

#include <dlfcn.h>
#include <libgen.h>

int
main (int argc, char **argv)
{
  char path[4096];
  int x = 0, loads, r;
  void *h;
  int (*region) (int, int);
  void (*set_scale) (int, int);

  (void) argc;
  trace_reset ();
  need_gpus (1);

#pragma omp target device (0) map (from: x)
  x = omp_is_initial_device () ? -1 : 1;
  CHECK (x == 1, "the first region did not run on GPU 0 (%d)", x);
  loads = tracing () ? trace_count ("load device=0", NULL) : 1;
  TRACE_CHECK (loads == 1, "%d module loads before dlopen, expected 1",
	       loads);

  /* The library is beside the program.  */
  snprintf (path, sizeof path, "%s/late-image-lib.so", dirname (argv[0]));
  h = dlopen (path, RTLD_NOW | RTLD_LOCAL);
  CHECK (h != NULL, "dlopen: %s", dlerror ());
  region = (int (*) (int, int)) dlsym (h, "late_image_region");
  set_scale = (void (*) (int, int)) dlsym (h, "late_image_set_scale");
  CHECK (region != NULL && set_scale != NULL, "dlsym: %s", dlerror ());

  r = region (0, 5);
  CHECK (r == 15, "the library's region gave %d, expected 15 (negative: "
	 "it ran on the host)", r);
  TRACE_CHECK (trace_count ("load device=0", NULL) == 2,
	       "the library's image was not loaded into GPU 0");
  TRACE_CHECK (trace_count ("launch device=0 kernel=late_image_region",
			    NULL) == 1,
	       "the library's kernel was not launched on GPU 0");
  set_scale (0, 7);
  r = region (0, 5);
  CHECK (r == 35, "after target update of the library's variable, its "
	 "region gave %d, expected 35", r);

  CHECK (dlclose (h) == 0, "dlclose: %s", dlerror ());
  TRACE_CHECK (trace_count ("unload device=0", NULL) == 1,
	       "dlclose did not unload the library's module (%d unloads)",
	       trace_count ("unload device=0", NULL));

#pragma omp target device (0) map (from: x)
  x = omp_is_initial_device () ? -2 : 2;
  CHECK (x == 2, "the program's region after dlclose gave %d", x);
  printf ("late image: ok\n");
  return 0;
}
