/* The times of events, as CUDA's cuEventElapsedTime gives them: the
   milliseconds between the moments two recorded events were reached by
   their streams (here around a host function that holds its stream 20 ms
   at least), CUDA_ERROR_NOT_READY while either is not reached,
   CUDA_ERROR_INVALID_HANDLE for an event never recorded or made with
   CU_EVENT_DISABLE_TIMING, CUDA_ERROR_INVALID_VALUE without a result.  */

#include "emul-cuda-test.h"

#include <time.h>

static volatile int go;

static void
hold (void *data)
{
  struct timespec ts = { 0, 20 * 1000000L };

  (void) data;
  while (!__atomic_load_n (&go, __ATOMIC_ACQUIRE))
    ;
  nanosleep (&ts, NULL);
}

int
main (void)
{
  CUstream s;
  CUevent a, b, fresh, untimed;
  float ms = -1, back;

  setup ();
  CHECK (cu.cuStreamCreate (&s, CU_STREAM_NON_BLOCKING));
  CHECK (cu.cuEventCreate (&a, CU_EVENT_DEFAULT));
  CHECK (cu.cuEventCreate (&b, CU_EVENT_DEFAULT));
  CHECK (cu.cuEventCreate (&fresh, CU_EVENT_DEFAULT));
  CHECK (cu.cuEventCreate (&untimed, CU_EVENT_DISABLE_TIMING));

  CHECK (cu.cuEventRecord (a, s));
  CHECK (cu.cuLaunchHostFunc (s, hold, NULL));
  CHECK (cu.cuEventRecord (b, s));
  CHECK (cu.cuEventRecord (untimed, s));
  EXPECT (CUDA_ERROR_NOT_READY, cu.cuEventElapsedTime (&ms, a, b));
  __atomic_store_n (&go, 1, __ATOMIC_RELEASE);
  CHECK (cu.cuStreamSynchronize (s));

  CHECK (cu.cuEventElapsedTime (&ms, a, b));
  if (ms < 20 || ms > 10000)
    fail ("%f ms between the events around a 20 ms host function", ms);
  CHECK (cu.cuEventElapsedTime (&back, b, a));
  if (back != -ms)
    fail ("%f ms from the second event to the first, not %f", back, -ms);
  EXPECT (CUDA_ERROR_INVALID_HANDLE, cu.cuEventElapsedTime (&ms, a, fresh));
  EXPECT (CUDA_ERROR_INVALID_HANDLE, cu.cuEventElapsedTime (&ms, a,
							    untimed));
  EXPECT (CUDA_ERROR_INVALID_VALUE, cu.cuEventElapsedTime (NULL, a, b));

  CHECK (cu.cuEventDestroy_v2 (a));
  CHECK (cu.cuEventDestroy_v2 (b));
  CHECK (cu.cuEventDestroy_v2 (fresh));
  CHECK (cu.cuEventDestroy_v2 (untimed));
  CHECK (cu.cuStreamDestroy_v2 (s));
  puts ("done");
  return 0;
}

/* { dg-final { gomptarget-output-includes {done} } } */
