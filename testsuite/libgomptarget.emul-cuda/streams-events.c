/* Streams run in order on their own threads, so asynchronous work
   really is asynchronous, and events order work across streams: a
   kernel held back by a flag in pinned memory keeps its stream, the
   event recorded after it and the work of another stream waiting for
   that event from completing; a host function runs after the copy
   before it in its stream.  The legacy NULL stream waits for blocking
   streams and they for it; a non-blocking stream does not.  */

#include "emul-cuda-test.h"

#include <time.h>

static void
spin (int *flag, int *out)
{
#pragma omp target map(from: out[0:1]) is_device_ptr(flag)
  {
    while (!__atomic_load_n (flag, __ATOMIC_ACQUIRE))
      ;
    out[0] = 42;
  }
}

static volatile int *result;	/* Pinned; written by the copy.  */
static int seen_by_host_fn = -1;
static CUresult alloc_in_host_fn = CUDA_SUCCESS;

static void
host_fn (void *data)
{
  (void) data;
  seen_by_host_fn = *result;
  CUdeviceptr p;
  alloc_in_host_fn = cu.cuMemAlloc_v2 (&p, 16);
}

static volatile int release_null_stream;

static void
hold_null_stream (void *data)
{
  (void) data;
  while (!__atomic_load_n (&release_null_stream, __ATOMIC_ACQUIRE))
    ;
}

static void
pause_ms (int ms)
{
  struct timespec ts = { 0, ms * 1000000L };
  nanosleep (&ts, NULL);
}

int
main (void)
{
  setup ();
  CUmodule mod = load_image ();

  int *flag;
  CHECK (cu.cuMemHostAlloc ((void **) &flag, sizeof *flag,
			    CU_MEMHOSTALLOC_DEVICEMAP));
  CUdeviceptr dflag;
  CHECK (cu.cuMemHostGetDevicePointer_v2 (&dflag, flag, 0));
  if (dflag != (CUdeviceptr) (uintptr_t) flag)
    fail ("pinned memory is not mapped at the same address");
  *flag = 0;
  CHECK (cu.cuMemHostAlloc ((void **) &result, sizeof (int), 0));
  *result = -1;

  int out = 0;
  spin (flag, &out);
  struct launch l = prepare (mod, &last_region, 1, 1);
  CUdeviceptr dout = l.dev[0] ? l.dev[0] : l.dev[1];

  CUstream s1, s2;
  CUevent ev, never;
  CHECK (cu.cuStreamCreate (&s1, CU_STREAM_DEFAULT));
  CHECK (cu.cuStreamCreate (&s2, CU_STREAM_NON_BLOCKING));
  CHECK (cu.cuEventCreate (&ev, CU_EVENT_DISABLE_TIMING));
  CHECK (cu.cuEventCreate (&never, CU_EVENT_DEFAULT));

  CHECK (launch (&l, s1));
  CHECK (cu.cuEventRecord (ev, s1));
  CHECK (cu.cuStreamWaitEvent (s2, ev, 0));
  CHECK (cu.cuMemcpyDtoHAsync_v2 ((void *) result, dout, sizeof (int), s2));
  CHECK (cu.cuLaunchHostFunc (s2, host_fn, NULL));

  /* The kernel waits for the flag: nothing after it may be done.  */
  for (int i = 0; i < 3; i++)
    {
      EXPECT (CUDA_ERROR_NOT_READY, cu.cuStreamQuery (s1));
      EXPECT (CUDA_ERROR_NOT_READY, cu.cuEventQuery (ev));
      EXPECT (CUDA_ERROR_NOT_READY, cu.cuStreamQuery (s2));
      if (*result != -1 || seen_by_host_fn != -1)
	fail ("stream 2 did not wait for the event");
      pause_ms (20);
    }
  EXPECT (CUDA_SUCCESS, cu.cuEventQuery (never));

  __atomic_store_n (flag, 1, __ATOMIC_RELEASE);
  CHECK (cu.cuStreamSynchronize (s2));
  if (*result != 42)
    fail ("the copy after the event read %d, expected 42", *result);
  if (seen_by_host_fn != 42)
    fail ("the host function ran before the copy ahead of it (saw %d)",
	  seen_by_host_fn);
  if (alloc_in_host_fn != CUDA_ERROR_NOT_PERMITTED)
    fail ("a CUDA call in a host function returned %s",
	  result_name (alloc_in_host_fn));
  CHECK (cu.cuEventQuery (ev));
  CHECK (cu.cuStreamQuery (s1));

  /* The legacy NULL stream and blocking streams wait for each other;
     a non-blocking stream does not.  */
  CUstream blocking, nonblocking;
  CHECK (cu.cuStreamCreate (&blocking, CU_STREAM_DEFAULT));
  CHECK (cu.cuStreamCreate (&nonblocking, CU_STREAM_NON_BLOCKING));
  int host_a = 1, host_b = 2;
  *result = 0;
  CHECK (cu.cuLaunchHostFunc (NULL, hold_null_stream, NULL));
  CHECK (cu.cuMemcpyHtoDAsync_v2 (dout, &host_a, sizeof host_a, blocking));
  CHECK (cu.cuStreamSynchronize (nonblocking));
  CHECK (cu.cuMemcpyHtoDAsync_v2 (l.vars, &host_b, sizeof host_b,
				  nonblocking));
  CHECK (cu.cuStreamSynchronize (nonblocking));
  EXPECT (CUDA_ERROR_NOT_READY, cu.cuStreamQuery (blocking));
  EXPECT (CUDA_ERROR_NOT_READY, cu.cuStreamQuery (NULL));
  __atomic_store_n (&release_null_stream, 1, __ATOMIC_RELEASE);
  CHECK (cu.cuCtxSynchronize ());
  CHECK (cu.cuStreamQuery (blocking));
  int back;
  CHECK (cu.cuMemcpyDtoH_v2 (&back, dout, sizeof back));
  if (back != 1)
    fail ("the blocking stream's copy did not run");

  /* Destroyed handles are refused.  */
  CHECK (cu.cuEventDestroy_v2 (ev));
  EXPECT (CUDA_ERROR_INVALID_HANDLE, cu.cuEventQuery (ev));
  CHECK (cu.cuStreamDestroy_v2 (s1));
  EXPECT (CUDA_ERROR_INVALID_HANDLE, cu.cuStreamQuery (s1));
  EXPECT (CUDA_ERROR_INVALID_HANDLE, cu.cuStreamSynchronize (s1));
  puts ("ok");
  return 0;
}
