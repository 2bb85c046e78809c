/* Copies between two GPUs that cannot access each other: staged through
   pinned host memory, a stream of the source GPU copying chunks out,
   the destination's stream copying them in, ordered by events.  */

/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_DEVICES "2" } */
/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_PEER "0" } */
/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_TRACE "nvptx-d2d-staged.trace" } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */

#define EXPECT_PEER 0
#include "d2d-copy.c"

/* { dg-final { gomptarget-output-includes {nvptx: device 1: copies from device 0 go through host memory} } } */
