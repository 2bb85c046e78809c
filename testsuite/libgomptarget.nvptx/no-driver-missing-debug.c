/* No CUDA driver library: under GOMP_DEBUG the plugin says why it has no
   device.  */

/* { dg-set-target-env-var GOMPTARGET_CUDA_LIB "/nonexistent/libcuda.so.1" } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */

#include "no-driver-body.h"

/* { dg-final { gomptarget-output-includes {gomptarget: nvptx: cannot load the CUDA driver library /nonexistent/libcuda.so.1 \([^\n]*\): no NVIDIA device} } } */
/* { dg-final { gomptarget-output-includes {plugin 'nvptx' loaded from [^\n]*: 0 device\(s\)} } } */
