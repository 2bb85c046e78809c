/* A driver without devices: no NVIDIA device, nothing printed.  */

/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_DEVICES "0" } */

#include "no-driver-body.h"

/* { dg-output "^done\n$" } */
