/* { dg-set-target-env-var LD_PRELOAD "@PLUGINDIR@/libhsa-runtime64.so.1" } */
/* { dg-set-target-env-var GOMPTARGET_EMUL_HSA_FAULT "alloc:2,copy:3+,load:1,queue:1,signal:2" } */

/* Fault injection counts the calls of each kind: alloc:2 fails the second
   allocation only, copy:3+ the third copy and every later one, load:1 the
   first code object load, queue:1 and signal:2 one queue and one signal
   creation.  */

#include "emul-hsa-test.h"

void kern (void);

void
kern (void)
{
#pragma omp target
  ;
}

int
main (void)
{
  struct test_agent *g;
  hsa_code_object_t co;
  hsa_executable_t exec;
  hsa_queue_t *q;
  hsa_signal_t s;
  void *p[3];
  char buf[16] = "abc";

  test_init ();
  g = &test_gpus[0];
  CHECK (hsa_memory_allocate (g->data, 64, &p[0]));
  EXPECT (hsa_memory_allocate (g->data, 64, &p[1]),
	  HSA_STATUS_ERROR_OUT_OF_RESOURCES);
  CHECK (hsa_memory_allocate (g->data, 64, &p[2]));

  CHECK (hsa_memory_copy (p[0], buf, sizeof buf));
  CHECK (hsa_memory_copy (buf, p[0], sizeof buf));
  EXPECT (hsa_memory_copy (buf, p[0], sizeof buf), HSA_STATUS_ERROR);
  EXPECT (hsa_memory_copy (p[2], buf, sizeof buf), HSA_STATUS_ERROR);

  CHECK (hsa_code_object_deserialize ((void *) test_image, test_image_size,
				      NULL, &co));
  CHECK (hsa_executable_create (HSA_PROFILE_FULL,
				HSA_EXECUTABLE_STATE_UNFROZEN, NULL, &exec));
  EXPECT (hsa_executable_load_code_object (exec, g->agent, co, NULL),
	  HSA_STATUS_ERROR_OUT_OF_RESOURCES);
  CHECK (hsa_executable_load_code_object (exec, g->agent, co, NULL));

  EXPECT (hsa_queue_create (g->agent, 64, HSA_QUEUE_TYPE_MULTI, NULL, NULL,
			    UINT32_MAX, UINT32_MAX, &q),
	  HSA_STATUS_ERROR_OUT_OF_RESOURCES);
  CHECK (hsa_queue_create (g->agent, 64, HSA_QUEUE_TYPE_MULTI, NULL, NULL,
			   UINT32_MAX, UINT32_MAX, &q));
  CHECK (hsa_signal_create (1, 0, NULL, &s));
  EXPECT (hsa_signal_create (1, 0, NULL, &s),
	  HSA_STATUS_ERROR_OUT_OF_RESOURCES);
  CHECK (hsa_signal_create (1, 0, NULL, &s));
  puts ("faults as configured");
  return 0;
}

/* { dg-final { gomptarget-output-includes {faults as configured} } } */
