/* { dg-set-target-env-var GOMPTARGET_EMUL_HSA_FAULT "init" } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */

/* hsa_init fails: under GOMP_DEBUG the plugin gives the runtime's
   status string.  */

#include "gcn-test.h"

int
main (void)
{
  CHECK (omp_get_num_devices () == 0);
  puts ("host ok");
  return 0;
}

/* { dg-final { gomptarget-output-includes {gomptarget: gcn: libhsa-runtime64\.so\.1: hsa_init failed: HSA_STATUS_ERROR_OUT_OF_RESOURCES} } } */
