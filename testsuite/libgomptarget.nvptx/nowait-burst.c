/* A burst of nowait regions puts a few completion host functions behind
   the stream's work, not one behind each region: a GPU's stream waits
   for the host to run each host function (cuLaunchHostFunc), so one per
   region stalled the device once per region (on an H100, a burst of 64
   empty nowait regions took 37 us a region, against 15 us for a region
   waited for).  The emulated stream waits 5 ms before each host
   function here, as a real one waits for the host: the whole burst is
   queued while the first one waits, and the next ones cover the rest
   (a few: the host may be slow to queue them all).  */

/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_HOST_FN_US "5000" } */
/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_TRACE "nvptx-nowait-burst.trace" } */

#define COUNT_HOST_FNS 1
#include "nowait-burst-body.h"

/* { dg-final { gomptarget-output-includes {burst: ok} } } */
