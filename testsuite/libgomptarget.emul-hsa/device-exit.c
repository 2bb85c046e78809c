/* { dg-set-target-env-var LD_PRELOAD "@PLUGINDIR@/libhsa-runtime64.so.1" } */

/* exit (n), abort () and a failed assert inside a kernel end the kernel
   (nothing after them runs), leave the exit value in the ring's
   return_value in newlib's encoding and still signal completion; the
   queue goes on with the next kernel.  */

#include <assert.h>
#include <signal.h>
#include "emul-hsa-test.h"

void kern_exit (void);
void kern_abort (void);
void kern_assert (void);
void kern_after (void);

void
kern_exit (void)
{
  int a[2] = { 0, 0 };
#pragma omp target map(tofrom: a)
  {
    /* Through a pointer, so that the compiler keeps what follows.  */
    void (*volatile end) (int) = exit;
    printf ("before exit\n");
    a[0] = 1;
    end (3);
    a[1] = 1;
  }
}

void
kern_abort (void)
{
  int a[2] = { 0, 0 };
#pragma omp target map(tofrom: a)
  {
    void (*volatile end) (void) = abort;
    a[0] = 1;
    end ();
    a[1] = 1;
  }
}

/* glibc's assert calls __assert_fail, which the device libraries lack:
   the kernel gets it as data (it runs as host code here).  */
typedef void assert_fail_fn (const char *, const char *, unsigned,
			     const char *);

void
kern_assert (void)
{
  int a[2] = { 0, 0 };
  assert_fail_fn *fail[1] = { __assert_fail };
#pragma omp target map(tofrom: a) map(to: fail)
  {
    if (a[0] != 12345)
      fail[0] ("a[0] == 12345", "device-exit.c", 42, "kern_assert");
    a[1] = 1;
  }
}

void
kern_after (void)
{
#pragma omp target
  printf ("after\n");
}

static struct test_agent *g;
static hsa_executable_t exec;
static hsa_queue_t *q;

/* Run kernel NAME with a fresh int[2] of zeros (after EXTRA in the
   address array, if any); return its return value and the array.  */
static uint32_t
run (const char *name, int *a, void *extra)
{
  struct test_kernel k = test_kernel (exec, g, name);
  void *da, *vars[2];
  struct gcn_kernargs_gcc12 *ka;
  hsa_signal_t done;
  uint32_t rv;

  a[0] = a[1] = 0;
  da = test_device_copy (g, a, 2 * sizeof (int));
  vars[0] = extra ? extra : da;
  vars[1] = da;
  ka = test_kernargs (g, test_device_copy (g, vars, sizeof vars));
  CHECK (hsa_signal_create (1, 0, NULL, &done));
  test_dispatch (q, &k, ka, 1, 1, done);
  test_wait (done, &ka->output_data);
  CHECK (hsa_memory_copy (a, da, 2 * sizeof (int)));
  rv = (uint32_t) ka->output_data.return_value;
  CHECK (hsa_signal_destroy (done));
  CHECK (hsa_memory_free (ka));
  return rv;
}

int
main (void)
{
  int a[2];
  uint32_t rv;
  assert_fail_fn *fail[1];

  test_init ();
  g = &test_gpus[0];
  exec = test_load (g);
  CHECK (hsa_queue_create (g->agent, 64, HSA_QUEUE_TYPE_MULTI, NULL, NULL,
			   UINT32_MAX, UINT32_MAX, &q));

  rv = run ("kern_exit._omp_fn.0.kd", a, NULL);
  ASSERT (rv == 0xffff0003u);
  ASSERT (GCN_EXIT_UPPER (rv) == 0xffff && GCN_EXIT_SIGNAL (rv) == 0
	  && GCN_EXIT_STATUS (rv) == 3);
  ASSERT (a[0] == 1 && a[1] == 0);
  ASSERT (strcmp (test_console, "before exit\n") == 0);

  rv = run ("kern_after._omp_fn.0.kd", a, NULL);
  ASSERT (rv == GCN_EXIT_UNSET);
  ASSERT (strcmp (test_console, "before exit\nafter\n") == 0);

  rv = run ("kern_abort._omp_fn.0.kd", a, NULL);
  ASSERT (rv == GCN_SIGNAL_ENCODE (SIGABRT));
  ASSERT (GCN_EXIT_SIGNAL (rv) == SIGABRT);
  ASSERT (a[0] == 1 && a[1] == 0);

  fail[0] = __assert_fail;
  rv = run ("kern_assert._omp_fn.0.kd", a,
	    test_device_copy (g, fail, sizeof fail));
  ASSERT (rv == GCN_SIGNAL_ENCODE (SIGABRT));
  ASSERT (a[1] == 0);
  ASSERT (strstr (test_console, "device-exit.c:42: kern_assert: Assertion "
		  "`a[0] == 12345' failed.\n") != NULL);

  rv = run ("kern_after._omp_fn.0.kd", a, NULL);
  ASSERT (rv == GCN_EXIT_UNSET);
  ASSERT (hsa_queue_load_read_index_acquire (q) == 5);
  puts ("host continues");
  return 0;
}

/* { dg-final { gomptarget-output-includes {host continues} } } */
