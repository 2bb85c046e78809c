/* A broken driver library (a file that is not a shared object): no
   NVIDIA device, nothing printed without GOMP_DEBUG, the reason with
   it.  */

/* { dg-set-target-env-var GOMPTARGET_CUDA_LIB "/proc/self/status" } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */

#include "no-driver-body.h"

/* { dg-final { gomptarget-output-includes {gomptarget: nvptx: cannot load the CUDA driver library /proc/self/status \([^\n]*\): no NVIDIA device} } } */
/* { dg-final { gomptarget-output-excludes {libgomptarget: } } } */
