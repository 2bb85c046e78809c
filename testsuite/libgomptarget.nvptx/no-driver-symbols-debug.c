/* A shared object that is no CUDA driver: under GOMP_DEBUG the plugin
   names the first driver function it lacks.  */

/* { dg-set-target-env-var GOMPTARGET_CUDA_LIB "libm.so.6" } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */

#include "no-driver-body.h"

/* { dg-final { gomptarget-output-includes {gomptarget: nvptx: the CUDA driver library libm\.so\.6 has no cuInit [^\n]*: no NVIDIA device} } } */
