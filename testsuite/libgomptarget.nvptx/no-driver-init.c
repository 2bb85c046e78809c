/* cuInit failing (injected CUDA_ERROR_NO_DEVICE): no NVIDIA device,
   nothing printed.  */

/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_FAIL "cuInit" } */

#include "no-driver-body.h"

/* { dg-output "^done\n$" } */
