/* cuInit failing: under GOMP_DEBUG the plugin gives the CUDA error.  */

/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_FAIL "cuInit=CUDA_ERROR_UNKNOWN" } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */

#include "no-driver-body.h"

/* { dg-final { gomptarget-output-includes {gomptarget: nvptx: cuInit failed: CUDA_ERROR_UNKNOWN \(unknown error\): no NVIDIA device} } } */
