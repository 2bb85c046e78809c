/* { dg-set-target-env-var LD_PRELOAD "@PLUGINDIR@/libhsa-runtime64.so.1" } */
/* { dg-set-target-env-var GOMPTARGET_EMUL_HSA_FAULT "alloc:x" } */
/* { dg-set-target-env-var GOMPTARGET_EMUL_HSA_ISA "gfx999" } */

/* Settings that cannot be parsed make hsa_init fail with a message
   naming the variable.  */

#include "emul-hsa-test.h"

int
main (void)
{
  EXPECT (hsa_init (), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  puts ("refused");
  return 0;
}

/* { dg-final { gomptarget-output-includes {hsa-emul: GOMPTARGET_EMUL_HSA_FAULT='alloc:x': expected} } } */
/* { dg-final { gomptarget-output-includes {hsa-emul: GOMPTARGET_EMUL_HSA_ISA='gfx999': unknown ISA 'gfx999'} } } */
/* { dg-final { gomptarget-output-includes {refused} } } */
