/* A host function runs on a thread of the driver, which may hold the
   driver's locks meanwhile: it must not wait for a lock of the plugin
   whose holder may be calling the driver.  The completion host function
   of a burst of nowait regions waited for its queue's lock, held by the
   thread queueing the next region while it called the driver: with
   GCC 14's libgomp the burst hung now and then on an H100.  Here the
   emulated driver holds a lock while a stream runs a host function and
   5 ms before it, which every call of the API takes first: such a wait
   deadlocks at once, and the alarm ends the test.  */

/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_HOST_FN_US "5000" } */
/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_HOST_FN_LOCK "1" } */

#define COUNT_HOST_FNS 0
#include "nowait-burst-body.h"

/* { dg-final { gomptarget-output-includes {burst: ok} } } */
