/* { dg-set-target-env-var LD_PRELOAD "@PLUGINDIR@/libhsa-runtime64.so.1" } */

/* The whole path of a GCN plugin on the emulated runtime with a GCC 12
   gfx906 image: agents and regions, loading, kernel symbols and their
   metadata, the declare-target tables, a dispatch that runs the host
   version of the region with the address array of the kernarg block, and
   device printf reaching the host only through the console ring.  */

#include "emul-hsa-test.h"

#pragma omp declare target
int counter = 100;
double table[8];
#pragma omp end declare target

void kern_hello (void);

void
kern_hello (void)
{
  int a[4] = { 1, 2, 3, 4 };
#pragma omp target map(tofrom: a)
  {
    printf ("hello from the device: %d\n", a[1]);
    a[0] = 7;
    counter++;
    table[3] = 2.5;
  }
}

int
main (void)
{
  int a[4] = { 10, 20, 30, 40 };
  struct test_agent *g;
  hsa_executable_t exec;
  hsa_executable_symbol_t sym;
  struct test_kernel k, init;
  struct gcn_kernargs_gcc12 *ka;
  hsa_queue_t *q;
  hsa_signal_t done;
  uint64_t addr, vt_addr;
  uint32_t size;
  uint64_t vt[2][2];
  void *da, *vars;
  bool host;
  int found = 0, i;

  test_init ();
  ASSERT (test_ngpus == 1);
  g = &test_gpus[0];
  ASSERT (strcmp (g->name, "gfx906") == 0);
  CHECK (hsa_region_get_info (g->data, (hsa_region_info_t)
			      HSA_AMD_REGION_INFO_HOST_ACCESSIBLE, &host));
  ASSERT (!host);

  exec = test_load (g);
  k = test_kernel (exec, g, "kern_hello._omp_fn.0.kd");
  /* From the kernel's metadata.  */
  ASSERT (k.kernarg_size == 8);
  ASSERT (k.group_size > 0);

  /* Declare-target variables are the program's own (contract 4).  */
  CHECK (hsa_executable_get_symbol (exec, NULL, "counter", g->agent, 0,
				    &sym));
  CHECK (hsa_executable_symbol_get_info
	 (sym, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ADDRESS, &addr));
  CHECK (hsa_executable_symbol_get_info
	 (sym, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_SIZE, &size));
  ASSERT (addr == (uint64_t) (uintptr_t) &counter && size == sizeof counter);
  EXPECT (hsa_executable_get_symbol (exec, NULL, "no_such_symbol",
				     g->agent, 0, &sym),
	  HSA_STATUS_ERROR_INVALID_SYMBOL_NAME);

  /* The image's variable table, read from device memory as a plugin
     does, lists them in the order of the host table.  */
  CHECK (hsa_executable_get_symbol (exec, NULL, ".offload_var_table",
				    g->agent, 0, &sym));
  CHECK (hsa_executable_symbol_get_info
	 (sym, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ADDRESS, &vt_addr));
  CHECK (hsa_memory_copy (vt, (void *) (uintptr_t) vt_addr, sizeof vt));
  for (i = 0; i < 2; i++)
    if ((vt[i][0] == (uint64_t) (uintptr_t) &counter
	 && vt[i][1] == sizeof counter)
	|| (vt[i][0] == (uint64_t) (uintptr_t) table
	    && vt[i][1] == sizeof table))
      found++;
  ASSERT (found == 2);

  CHECK (hsa_queue_create (g->agent, 64, HSA_QUEUE_TYPE_MULTI, NULL, NULL,
			   UINT32_MAX, UINT32_MAX, &q));
  CHECK (hsa_signal_create (1, 0, NULL, &done));

  /* The constructor kernel has no host function: it does nothing.  */
  init = test_kernel (exec, g, "_init_array.kd");
  test_dispatch (q, &init, NULL, 1, 1, done);
  test_wait (done, NULL);

  da = test_device_copy (g, a, sizeof a);
  vars = test_device_copy (g, &da, sizeof da);
  ka = test_kernargs (g, vars);
  hsa_signal_store_relaxed (done, 1);
  test_dispatch (q, &k, ka, 1, 1, done);
  test_wait (done, &ka->output_data);

  CHECK (hsa_memory_copy (a, da, sizeof a));
  ASSERT (a[0] == 7 && a[1] == 20);
  ASSERT (counter == 101 && table[3] == 2.5);
  ASSERT (strcmp (test_console, "hello from the device: 20\n") == 0);
  ASSERT (test_slot_types[GCN_CONSOLE_RAW] == 1);
  ASSERT ((uint32_t) ka->output_data.return_value == GCN_EXIT_UNSET);
  ASSERT (hsa_queue_load_read_index_acquire (q) == 2);

  CHECK (hsa_signal_destroy (done));
  CHECK (hsa_queue_destroy (q));
  CHECK (hsa_memory_free (ka));
  CHECK (hsa_executable_destroy (exec));
  CHECK (hsa_shut_down ());
  puts ("done");
  return 0;
}

/* The text is printed once, by the host side, from the ring.  */
/* { dg-final { gomptarget-output-count {hello from the device: 20} 1 } } */
/* { dg-final { gomptarget-output-includes {done} } } */
