/* A shared object that is no CUDA driver (the C math library): it lacks
   the driver's functions, so no NVIDIA device; nothing printed.  */

/* { dg-set-target-env-var GOMPTARGET_CUDA_LIB "libm.so.6" } */

#include "no-driver-body.h"

/* { dg-output "^done\n$" } */
