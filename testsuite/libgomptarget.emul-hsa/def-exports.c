/* { dg-set-target-env-var LD_PRELOAD "@PLUGINDIR@/libhsa-runtime64.so.1" } */

/* What a plugin does with plugin/gcn/hsa-lib.def: dlopen
   ("libhsa-runtime64.so.1") finds the preloaded emulated runtime, which
   has every function of the list, with the types of Debian's headers.  */

#define _GNU_SOURCE 1
#include <dlfcn.h>
#include "emul-hsa-test.h"

struct hsa_fns
{
#define HSA_REQUIRED(name) __typeof__ (name) *name##_fn;
#define HSA_OPTIONAL(name) __typeof__ (name) *name##_fn;
#include "hsa-lib.def"
};

int
main (void)
{
  struct hsa_fns fns;
  void *h = dlopen ("libhsa-runtime64.so.1", RTLD_LAZY | RTLD_LOCAL);
  Dl_info info;
  hsa_status_t s;
  int required = 0, optional = 0;

  ASSERT (h != NULL);
#define HSA_REQUIRED(name) \
  fns.name##_fn = (__typeof__ (fns.name##_fn)) dlsym (h, #name); \
  ASSERT (fns.name##_fn != NULL); \
  required++;
#define HSA_OPTIONAL(name) \
  fns.name##_fn = (__typeof__ (fns.name##_fn)) dlsym (h, #name); \
  ASSERT (fns.name##_fn != NULL); \
  optional++;
#include "hsa-lib.def"
  ASSERT (dladdr ((void *) fns.hsa_init_fn, &info) != 0);
  ASSERT (strstr (info.dli_fname, "testsuite/.libs/libhsa-runtime64.so.1")
	  != NULL);
  s = fns.hsa_init_fn ();
  ASSERT (s == HSA_STATUS_SUCCESS);
  ASSERT (fns.hsa_shut_down_fn () == HSA_STATUS_SUCCESS);
  printf ("%d required and %d optional functions\n", required, optional);
  return 0;
}

/* { dg-final { gomptarget-output-includes {33 required and 21 optional functions} } } */
