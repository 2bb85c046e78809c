/* { dg-set-target-env-var LD_PRELOAD "@PLUGINDIR@/libhsa-runtime64.so.1" } */
/* { dg-additional-options "-rdynamic" } */

/* Plan contracts 1 and 2: when the program provides
   GOMPTARGET_PLUGIN_run_host_region (here the test's own, exported with
   -rdynamic), a dispatch runs the host function through it, with the
   device number the front end wrote into the image's ICV variable
   (__gomp_device_num in GCC 12 images, __gomp_additional_icvs, 16 bytes
   starting with it, in GCC 13 and 14 images; in device memory), the
   number of work-groups as num_teams and the work-group size z as
   thread_limit.  */

#include <omp.h>
#include "emul-hsa-test.h"

#if __GNUC__ >= 13
# define ICV_NAME "__gomp_additional_icvs"
# define ICV_SIZE 16
#else
# define ICV_NAME "__gomp_device_num"
# define ICV_SIZE 4
#endif

void kern_devnum (void);

void
kern_devnum (void)
{
  int d[1] = { -1 };
#pragma omp target map(from: d)
  d[0] = omp_get_device_num ();
}

void GOMPTARGET_PLUGIN_run_host_region (int32_t device_num,
					void (*fn) (void *), void *vars,
					int32_t num_teams,
					int32_t thread_limit);

static int calls;
static int32_t seen_device, seen_teams, seen_threads;

void
GOMPTARGET_PLUGIN_run_host_region (int32_t device_num, void (*fn) (void *),
				   void *vars, int32_t num_teams,
				   int32_t thread_limit)
{
  calls++;
  seen_device = device_num;
  seen_teams = num_teams;
  seen_threads = thread_limit;
  fn (vars);
}

int
main (void)
{
  struct test_agent *g;
  hsa_executable_t exec;
  hsa_executable_symbol_t sym;
  struct test_kernel k;
  hsa_queue_t *q;
  hsa_signal_t done;
  uint64_t icv;
  uint32_t size;
  int32_t five = 5, back = 0;
  int d[1] = { -1 };
  void *dd, *vars;

  test_init ();
  g = &test_gpus[0];
  exec = test_load (g);
  CHECK (hsa_executable_get_symbol (exec, NULL, ICV_NAME, g->agent, 0,
				    &sym));
  CHECK (hsa_executable_symbol_get_info
	 (sym, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ADDRESS, &icv));
  CHECK (hsa_executable_symbol_get_info
	 (sym, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_SIZE, &size));
  ASSERT (size == ICV_SIZE);
  /* What the front end does after loading.  */
  CHECK (hsa_memory_copy ((void *) (uintptr_t) icv, &five, sizeof five));
  CHECK (hsa_memory_copy (&back, (void *) (uintptr_t) icv, sizeof back));
  ASSERT (back == 5);

  k = test_kernel (exec, g, "kern_devnum._omp_fn.0.kd");
  dd = test_device_copy (g, d, sizeof d);
  vars = test_device_copy (g, &dd, sizeof dd);
  CHECK (hsa_queue_create (g->agent, 64, HSA_QUEUE_TYPE_MULTI, NULL, NULL,
			   UINT32_MAX, UINT32_MAX, &q));
  CHECK (hsa_signal_create (1, 0, NULL, &done));
  test_dispatch (q, &k, test_kernargs (g, vars), 4, 8, done);
  test_wait (done, NULL);
  ASSERT (calls == 1);
  ASSERT (seen_device == 5 && seen_teams == 4 && seen_threads == 8);
  CHECK (hsa_memory_copy (d, dd, sizeof d));
  /* Without libgomptarget, libgomp answers for the host.  */
  ASSERT (d[0] == omp_get_device_num ());
  puts ("run through run_host_region");
  return 0;
}

/* { dg-final { gomptarget-output-includes {run through run_host_region} } } */
