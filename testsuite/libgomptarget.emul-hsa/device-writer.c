/* { dg-set-target-env-var LD_PRELOAD "@PLUGINDIR@/libhsa-runtime64.so.1" } */

/* The device-side writer of config/gcn/console.c, built here as GCN
   offload code (it is in the image) and run by the emulated kernel on the
   ring of its kernarg block: every slot type, the exit value, and a
   reverse-offload request (type 4) that waits until the host has
   serviced it and cleared the slot.  */

#include "emul-hsa-test.h"

#pragma omp declare target
#include "console.c"
#pragma omp end declare target

void kern_writer (void);

void
kern_writer (void)
{
  struct gcn_output *ring[1] = { 0 };
  uint64_t words[GCN_REV_WORDS] = { 0 };
#pragma omp target map(to: ring, words)
  {
    gcn_console_print_int (ring[0], "i=", -7);
    gcn_console_print_double (ring[0], "d=", 0.25);
    gcn_console_print_text (ring[0], "t=", "text");
    gcn_console_write (ring[0], "raw\n", 4);
    gcn_console_rev_offload (ring[0], words);
    gcn_console_write (ring[0], "after\n", 6);
    gcn_console_set_exit (ring[0], 9);
  }
}

static const uint64_t want[GCN_REV_WORDS] = { 0x1111, 2, 0x3333, 0x4444,
					      0x5555, 6 };
static int serviced;

static void
service (const uint64_t *words)
{
  ASSERT (memcmp (words, want, sizeof want) == 0);
  serviced++;
  test_console_add ("[request]", 9);
}

int
main (void)
{
  struct test_agent *g;
  hsa_executable_t exec;
  struct test_kernel k;
  struct gcn_kernargs_gcc12 *ka;
  hsa_queue_t *q;
  hsa_signal_t done;
  struct gcn_output *ring[1];
  void *vars[2];

  test_init ();
  g = &test_gpus[0];
  exec = test_load (g);
  k = test_kernel (exec, g, "kern_writer._omp_fn.0.kd");
  CHECK (hsa_queue_create (g->agent, 64, HSA_QUEUE_TYPE_MULTI, NULL, NULL,
			   UINT32_MAX, UINT32_MAX, &q));
  CHECK (hsa_signal_create (1, 0, NULL, &done));
  ka = test_kernargs (g, NULL);
  ring[0] = &ka->output_data;
  /* GCC 12's address array: the map clauses last to first.  */
  vars[0] = test_device_copy (g, want, sizeof want);
  vars[1] = test_device_copy (g, ring, sizeof ring);
  ka->vars = (int64_t) (uintptr_t) test_device_copy (g, vars, sizeof vars);
  test_rev_offload = service;
  test_dispatch (q, &k, ka, 1, 1, done);
  test_wait (done, &ka->output_data);

  ASSERT (serviced == 1);
  ASSERT (strcmp (test_console, "i=-7\nd=0.250000\nt=text\nraw\n[request]"
			       "after\n") == 0);
  ASSERT (test_slot_types[GCN_CONSOLE_INT] == 1
	  && test_slot_types[GCN_CONSOLE_DOUBLE] == 1
	  && test_slot_types[GCN_CONSOLE_TEXT] == 1
	  && test_slot_types[GCN_CONSOLE_RAW] == 2
	  && test_slot_types[GCN_CONSOLE_REV_OFFLOAD] == 1);
  ASSERT ((uint32_t) ka->output_data.return_value == GCN_EXIT_ENCODE (9));
  puts ("writer ok");
  return 0;
}

/* { dg-final { gomptarget-output-includes {writer ok} } } */
