/* { dg-set-target-env-var GOMPTARGET_EMUL_HSA_FAULT "init" } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */

/* hsa_init fails: under GOMP_DEBUG the plugin gives the runtime's
   status string.  */

#include "without-gcn.h"

int
main (void)
{
  return gcn_test_without_gcn (0, 1, "host ok");
}

/* { dg-final { gomptarget-output-includes {gomptarget: gcn: libhsa-runtime64\.so\.1: hsa_init failed: HSA_STATUS_ERROR_OUT_OF_RESOURCES} } } */
