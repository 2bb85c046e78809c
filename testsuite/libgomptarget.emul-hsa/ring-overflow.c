/* { dg-set-target-env-var LD_PRELOAD "@PLUGINDIR@/libhsa-runtime64.so.1" } */

/* A kernel that prints more lines than the ring has slots (1024) waits
   while the ring is full: without a host draining it the kernel does not
   finish; with one, every line arrives, in order.  */

#include <time.h>
#include "emul-hsa-test.h"

#define LINES 3000

void kern_lines (void);

void
kern_lines (void)
{
  int n[1] = { LINES };
#pragma omp target map(to: n)
  {
    int i;
    for (i = 0; i < n[0]; i++)
      printf ("line %d\n", i);
  }
}

int
main (void)
{
  int n[1] = { LINES };
  struct test_agent *g;
  hsa_executable_t exec;
  struct test_kernel k;
  struct gcn_kernargs_gcc12 *ka;
  hsa_queue_t *q;
  hsa_signal_t done;
  struct timespec ts = { 0, 300 * 1000 * 1000 };
  void *dn, *vars;
  uint32_t next;
  char *p;
  int i;

  test_init ();
  g = &test_gpus[0];
  exec = test_load (g);
  k = test_kernel (exec, g, "kern_lines._omp_fn.0.kd");
  dn = test_device_copy (g, n, sizeof n);
  vars = test_device_copy (g, &dn, sizeof dn);
  ka = test_kernargs (g, vars);
  CHECK (hsa_queue_create (g->agent, 64, HSA_QUEUE_TYPE_MULTI, NULL, NULL,
			   UINT32_MAX, UINT32_MAX, &q));
  CHECK (hsa_signal_create (1, 0, NULL, &done));
  test_dispatch (q, &k, ka, 1, 1, done);

  /* Nobody drains: the kernel fills the ring and waits.  The kernel's
     thread is still running: read its counter atomically, as a plugin
     does (test_drain).  */
  nanosleep (&ts, NULL);
  ASSERT (hsa_signal_load_acquire (done) == 1);
  ASSERT (ka->output_data.consumed == 0);
  next = __atomic_load_n (&ka->output_data.next_output, __ATOMIC_ACQUIRE);
  ASSERT (next >= GCN_CONSOLE_SLOTS);
  ASSERT (next <= GCN_CONSOLE_SLOTS + 1);

  test_wait (done, &ka->output_data);
  ASSERT (ka->output_data.next_output == LINES);
  ASSERT (ka->output_data.consumed == LINES);
  for (i = 0, p = test_console; i < LINES; i++)
    {
      char want[32];
      int len = snprintf (want, sizeof want, "line %d\n", i);
      if (strncmp (p, want, (size_t) len) != 0)
	test_fail ("line %d is missing or out of order", i);
      p += len;
    }
  ASSERT (*p == '\0');
  return 0;
}

/* { dg-final { gomptarget-output-count {^line [0-9]+$} 3000 } } */
