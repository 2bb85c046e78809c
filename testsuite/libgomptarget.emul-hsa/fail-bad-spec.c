/* { dg-set-target-env-var LD_PRELOAD "@PLUGINDIR@/libhsa-runtime64.so.1" } */
/* { dg-set-target-env-var GOMPTARGET_EMUL_HSA_FAIL "hsa_memory_allocate,hsa_memory_alocate:2" } */

/* A GOMPTARGET_EMUL_HSA_FAIL that names an unknown function, an entry
   that returns no status (and so cannot fail), a call 0, an unknown
   status or a function twice makes hsa_init fail with a message; the
   setting is read again at the next hsa_init.  */

#include "emul-hsa-test.h"

static const char *const bad[] = {
  "hsa_signal_wait_acquire:1",
  "hsa_queue_load_read_index_acquire",
  "hsa_memory_copy:0",
  "hsa_memory_copy:2x",
  "hsa_memory_copy=HSA_STATUS_ERROR_BOGUS",
  "hsa_memory_copy=HSA_STATUS_SUCCESS",
  "hsa_memory_copy,hsa_memory_copy:3",
  "hsa_memory_copy,,hsa_memory_free",
};

int
main (void)
{
  size_t i;
  void *p;

  EXPECT (hsa_init (), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
    {
      setenv ("GOMPTARGET_EMUL_HSA_FAIL", bad[i], 1);
      EXPECT (hsa_init (), HSA_STATUS_ERROR_INVALID_ARGUMENT);
    }
  setenv ("GOMPTARGET_EMUL_HSA_FAIL", "hsa_memory_allocate", 1);
  test_init ();
  EXPECT (hsa_memory_allocate (test_gpus[0].data, 64, &p),
	  HSA_STATUS_ERROR_OUT_OF_RESOURCES);
  puts ("refused");
  return 0;
}

/* { dg-final { gomptarget-output-includes {hsa-emul: GOMPTARGET_EMUL_HSA_FAIL='hsa_memory_allocate,hsa_memory_alocate:2': 'hsa_memory_alocate:2': unknown function} } } */
/* { dg-final { gomptarget-output-includes {'hsa_signal_wait_acquire:1': it returns no status, so it cannot be made to fail} } } */
/* { dg-final { gomptarget-output-includes {'hsa_queue_load_read_index_acquire': it returns no status, so it cannot be made to fail} } } */
/* { dg-final { gomptarget-output-includes {'hsa_memory_copy:0': expected FUNCTION\[:N\[\+\]\]\[=STATUS\] with N >= 1} } } */
/* { dg-final { gomptarget-output-includes {'hsa_memory_copy:2x': expected FUNCTION} } } */
/* { dg-final { gomptarget-output-includes {'hsa_memory_copy=HSA_STATUS_ERROR_BOGUS': unknown status} } } */
/* { dg-final { gomptarget-output-includes {'hsa_memory_copy=HSA_STATUS_SUCCESS': unknown status} } } */
/* { dg-final { gomptarget-output-includes {'hsa_memory_copy:3': function named twice} } } */
/* { dg-final { gomptarget-output-includes {GOMPTARGET_EMUL_HSA_FAIL='hsa_memory_copy,,hsa_memory_free': '': expected ITEM} } } */
/* { dg-final { gomptarget-output-includes {refused} } } */
