/* { dg-set-target-env-var LD_PRELOAD "@PLUGINDIR@/libhsa-runtime64.so.1" } */
/* { dg-set-target-env-var GOMPTARGET_EMUL_HSA_TRACE "1" } */
/* { dg-set-target-env-var GOMPTARGET_EMUL_HSA_FAIL "hsa_memory_allocate:1,hsa_signal_create:3,hsa_queue_create:2+=HSA_STATUS_ERROR_INVALID_QUEUE_CREATION,hsa_executable_freeze=0x1011,hsa_system_get_info:1000+" } */

/* GOMPTARGET_EMUL_HSA_FAIL makes a chosen entry point fail at its first
   call or at a later one (and every later one with "+"), with the status
   ROCr gives for that failure or the one named (or numbered), and traces
   it.  Calls are counted per function across threads: of 8 x 200 calls
   of hsa_system_get_info, calls 1000 to 1600 fail.  */

#include <pthread.h>
#include "emul-hsa-test.h"

#define THREADS 8
#define CALLS 200

void kern (void);

void
kern (void)
{
#pragma omp target
  ;
}

static void *
get_info (void *arg)
{
  int i, *failed = arg;
  uint16_t major;

  for (i = 0; i < CALLS; i++)
    {
      hsa_status_t s = hsa_system_get_info (HSA_SYSTEM_INFO_VERSION_MAJOR,
					    &major);
      if (s == HSA_STATUS_ERROR)
	++*failed;
      else if (s != HSA_STATUS_SUCCESS)
	test_fail ("hsa_system_get_info: status 0x%x", (unsigned) s);
    }
  return NULL;
}

int
main (void)
{
  struct test_agent *g;
  hsa_code_object_t co;
  hsa_executable_t exec;
  hsa_queue_t *q;
  hsa_signal_t s;
  pthread_t th[THREADS];
  int failed[THREADS] = { 0 }, total = 0, i;
  void *p;

  test_init ();
  g = &test_gpus[0];

  /* The first call fails, with the default status of allocations.  */
  EXPECT (hsa_memory_allocate (g->data, 64, &p),
	  HSA_STATUS_ERROR_OUT_OF_RESOURCES);
  CHECK (hsa_memory_allocate (g->data, 64, &p));
  CHECK (hsa_memory_free (p));

  /* The third call only.  */
  CHECK (hsa_signal_create (1, 0, NULL, &s));
  CHECK (hsa_signal_create (1, 0, NULL, &s));
  EXPECT (hsa_signal_create (1, 0, NULL, &s),
	  HSA_STATUS_ERROR_OUT_OF_RESOURCES);
  CHECK (hsa_signal_create (1, 0, NULL, &s));

  /* The second call and every later one, with the status named.  */
  CHECK (hsa_queue_create (g->agent, 64, HSA_QUEUE_TYPE_MULTI, NULL, NULL,
			   UINT32_MAX, UINT32_MAX, &q));
  for (i = 0; i < 3; i++)
    EXPECT (hsa_queue_create (g->agent, 64, HSA_QUEUE_TYPE_MULTI, NULL,
			      NULL, UINT32_MAX, UINT32_MAX, &q),
	    HSA_STATUS_ERROR_INVALID_QUEUE_CREATION);

  /* Every call, with the status numbered (0x1011 is
     HSA_STATUS_ERROR_INVALID_EXECUTABLE).  */
  CHECK (hsa_code_object_deserialize ((void *) test_image, test_image_size,
				      NULL, &co));
  CHECK (hsa_executable_create (HSA_PROFILE_FULL,
				HSA_EXECUTABLE_STATE_UNFROZEN, NULL, &exec));
  CHECK (hsa_executable_load_code_object (exec, g->agent, co, NULL));
  EXPECT (hsa_executable_freeze (exec, NULL),
	  HSA_STATUS_ERROR_INVALID_EXECUTABLE);
  EXPECT (hsa_executable_freeze (exec, NULL),
	  HSA_STATUS_ERROR_INVALID_EXECUTABLE);

  for (i = 0; i < THREADS; i++)
    ASSERT (pthread_create (&th[i], NULL, get_info, &failed[i]) == 0);
  for (i = 0; i < THREADS; i++)
    {
      ASSERT (pthread_join (th[i], NULL) == 0);
      total += failed[i];
    }
  printf ("%d of %d calls failed\n", total, THREADS * CALLS);
  ASSERT (total == THREADS * CALLS - 1000 + 1);
  puts ("failures as configured");
  return 0;
}

/* { dg-final { gomptarget-output-includes {hsa-emul: failure injected: hsa_memory_allocate call 1: HSA_STATUS_ERROR_OUT_OF_RESOURCES} } } */
/* { dg-final { gomptarget-output-includes {hsa-emul: failure injected: hsa_signal_create call 3: HSA_STATUS_ERROR_OUT_OF_RESOURCES} } } */
/* { dg-final { gomptarget-output-includes {hsa-emul: failure injected: hsa_queue_create call 4: HSA_STATUS_ERROR_INVALID_QUEUE_CREATION} } } */
/* { dg-final { gomptarget-output-includes {hsa-emul: failure injected: hsa_executable_freeze call 2: HSA_STATUS_ERROR_INVALID_EXECUTABLE} } } */
/* { dg-final { gomptarget-output-includes {601 of 1600 calls failed} } } */
/* { dg-final { gomptarget-output-includes {failures as configured} } } */
