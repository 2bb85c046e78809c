/* { dg-set-target-env-var LD_PRELOAD "@PLUGINDIR@/libhsa-runtime64.so.1" } */
/* { dg-set-target-env-var GOMPTARGET_EMUL_HSA_FAIL "list" } */

/* Every entry point of plugin/gcn/hsa-lib.def (what the GCN plugin can
   call) can be made to fail by name with GOMPTARGET_EMUL_HSA_FAIL, except
   those that return no status, which are refused.
   GOMPTARGET_EMUL_HSA_FAIL=list lists them all, saying which can fail,
   and hsa_init then fails.  The injected failure comes before any check
   of the arguments, so each entry is called here with zeros.  */

#include <unistd.h>
#include "emul-hsa-test.h"

/* Whether an entry returns a status (whatever its parameters).  */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wstrict-prototypes"
typedef hsa_status_t (*status_fn) ();
#pragma GCC diagnostic pop
#define RETURNS_STATUS(name) \
  __builtin_types_compatible_p (__typeof__ (&name), status_fn)

/* Any entry called with zeros: at most 10 arguments, each an integer, a
   pointer or a one-word handle structure, so passed as a word.  */
typedef hsa_status_t (*zeros_fn) (uint64_t, uint64_t, uint64_t, uint64_t,
				  uint64_t, uint64_t, uint64_t, uint64_t,
				  uint64_t, uint64_t);

#define STATUS HSA_STATUS_ERROR_INVALID_CACHE
static const char *listing;
static int failed, refused;

static void
one (const char *name, void (*fn) (void), bool returns_status)
{
  char line[160];
  zeros_fn call = (zeros_fn) fn;

  /* The listing names it.  */
  snprintf (line, sizeof line, "hsa-emul: %s: %s%s\n",
	    returns_status ? "can fail" : "cannot fail", name,
	    returns_status ? " " : " (returns no status)");
  if (returns_status)
    line[strlen (line) - 1] = '\0';
  if (strstr (listing, line) == NULL)
    test_fail ("%s: not listed as %s", name,
	       returns_status ? "able to fail" : "unable to fail");

  snprintf (line, sizeof line, "%s:1=HSA_STATUS_ERROR_INVALID_CACHE", name);
  setenv ("GOMPTARGET_EMUL_HSA_FAIL", line, 1);
  if (!returns_status)
    {
      EXPECT (hsa_init (), HSA_STATUS_ERROR_INVALID_ARGUMENT);
      refused++;
      return;
    }
  if (strcmp (name, "hsa_init") == 0)
    {
      EXPECT (hsa_init (), STATUS);
      failed++;
      return;
    }
  CHECK (hsa_init ());
  if (call (0, 0, 0, 0, 0, 0, 0, 0, 0, 0) != STATUS)
    test_fail ("%s did not fail as injected", name);
  failed++;
  /* After a failed hsa_shut_down, the runtime is still initialized.  */
  CHECK (hsa_shut_down ());
}

int
main (void)
{
  static char buf[16384];
  FILE *tmp = tmpfile ();
  int saved = dup (2);
  size_t n;

  /* The listing, written on stderr: kept to compare, then shown.  */
  ASSERT (tmp != NULL && saved >= 0);
  fflush (stderr);
  ASSERT (dup2 (fileno (tmp), 2) == 2);
  EXPECT (hsa_init (), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  ASSERT (dup2 (saved, 2) == 2);
  rewind (tmp);
  n = fread (buf, 1, sizeof buf - 1, tmp);
  buf[n] = '\0';
  fputs (buf, stderr);
  listing = buf;

#define HSA_REQUIRED(name) \
  one (#name, (void (*) (void)) name, RETURNS_STATUS (name));
#define HSA_OPTIONAL(name) HSA_REQUIRED (name)
#include "hsa-lib.def"

  printf ("%d entries failed as injected, %d refused\n", failed, refused);
  return 0;
}

/* { dg-final { gomptarget-output-count {^hsa-emul: can fail: } 43 } } */
/* { dg-final { gomptarget-output-count {^hsa-emul: cannot fail: } 13 } } */
/* { dg-final { gomptarget-output-includes {hsa-emul: can fail: hsa_memory_allocate HSA_STATUS_ERROR_OUT_OF_RESOURCES} } } */
/* { dg-final { gomptarget-output-includes {hsa-emul: cannot fail: hsa_signal_wait_acquire} } } */
/* { dg-final { gomptarget-output-includes {43 entries failed as injected, 13 refused} } } */
