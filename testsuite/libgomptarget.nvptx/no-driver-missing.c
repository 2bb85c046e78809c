/* No CUDA driver library (GOMPTARGET_CUDA_LIB names a file that does not
   exist): no NVIDIA device, nothing printed.  */

/* { dg-set-target-env-var GOMPTARGET_CUDA_LIB "/nonexistent/libcuda.so.1" } */

#include "no-driver-body.h"

/* { dg-output "^done\n$" } */
