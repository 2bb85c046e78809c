/* { dg-set-target-env-var LD_PRELOAD "@PLUGINDIR@/libhsa-runtime64.so.1" } */

/* What a plugin does with plugin/gcn/hsa-lib.def: dlopen
   ("libhsa-runtime64.so.1") finds the preloaded emulated runtime, which
   has every function of the list, with the types of Debian's headers.
   hsa_status_string explains every status of the headers, before
   hsa_init too.  */

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
  {
    static const unsigned statuses[] = {
      0x0, 0x1, 0x1000, 0x1001, 0x1002, 0x1003, 0x1004, 0x1005, 0x1006,
      0x1007, 0x1008, 0x1009, 0x100a, 0x100b, 0x100c, 0x100d, 0x100e,
      0x100f, 0x1010, 0x1011, 0x1012, 0x1013, 0x1014, 0x1015, 0x1016,
      0x1017, 0x1018, 0x1019, 0x1020, 0x1021, 0x1022, 0x1023, 0x1024,
      0x1025, 0x1026, 40, 41, 42, 43
    };
    const char *text;
    size_t i;
    for (i = 0; i < sizeof statuses / sizeof statuses[0]; i++)
      {
	text = NULL;
	CHECK (hsa_status_string ((hsa_status_t) statuses[i], &text));
	ASSERT (text != NULL && strncmp (text, "HSA_STATUS_", 11) == 0);
      }
    EXPECT (hsa_status_string ((hsa_status_t) 0x7777, &text),
	    HSA_STATUS_ERROR_INVALID_ARGUMENT);
  }
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

/* { dg-final { gomptarget-output-includes {33 required and 23 optional functions} } } */
