/* Handles are checked without a lock while another thread makes and
   destroys them: a live event and stream stay accepted, and a destroyed
   or made-up handle stays refused, while the driver's set of handles is
   rebuilt (tombstones cleared) and grown under the checks.  */

#include "emul-cuda-test.h"

#include <pthread.h>

static void
region (int *x)
{
#pragma omp target map(tofrom: x[0:1])
  x[0]++;
}

#define ROUNDS 1000
#define BATCH 40

static CUcontext ctx;
static volatile int churning = 1;

/* Make and destroy events, BATCH at a time: each round leaves BATCH
   tombstones, so the set is rebuilt again and again.  */
static void *
churn (void *unused)
{
  (void) unused;
  CUevent evs[BATCH];
  CHECK (cu.cuCtxSetCurrent (ctx));
  for (int r = 0; r < ROUNDS; r++)
    {
      for (int i = 0; i < BATCH; i++)
	CHECK (cu.cuEventCreate (&evs[i], CU_EVENT_DEFAULT));
      for (int i = 0; i < BATCH; i++)
	CHECK (cu.cuEventDestroy_v2 (evs[i]));
    }
  __atomic_store_n (&churning, 0, __ATOMIC_RELEASE);
  return NULL;
}

int
main (void)
{
  int x = 0;
  if (x)
    region (&x);
  ctx = setup ();

  /* (This thread allocates nothing while the other runs, which makes
     its events from an arena of its own: the address of DEAD is not
     given to one of them.)  */
  CUevent live, dead;
  CUstream stream, dead_stream;
  CHECK (cu.cuEventCreate (&live, CU_EVENT_DEFAULT));
  CHECK (cu.cuEventCreate (&dead, CU_EVENT_DEFAULT));
  CHECK (cu.cuEventDestroy_v2 (dead));
  CHECK (cu.cuStreamCreate (&stream, CU_STREAM_NON_BLOCKING));
  CHECK (cu.cuStreamCreate (&dead_stream, CU_STREAM_NON_BLOCKING));
  CHECK (cu.cuStreamDestroy_v2 (dead_stream));
  /* Not a handle the driver gave: a host object of the same size.  */
  static char made_up[256] __attribute__ ((aligned (16)));

  pthread_t t;
  if (pthread_create (&t, NULL, churn, NULL) != 0)
    fail ("pthread_create");
  long checks = 0;
  while (__atomic_load_n (&churning, __ATOMIC_ACQUIRE) || checks < 1000)
    {
      CHECK (cu.cuEventQuery (live));
      CHECK (cu.cuStreamQuery (stream));
      EXPECT (CUDA_ERROR_INVALID_HANDLE, cu.cuEventQuery (dead));
      EXPECT (CUDA_ERROR_INVALID_HANDLE, cu.cuStreamQuery (dead_stream));
      EXPECT (CUDA_ERROR_INVALID_HANDLE,
	      cu.cuEventQuery ((CUevent) (void *) made_up));
      /* A live handle of another kind is refused too.  */
      EXPECT (CUDA_ERROR_INVALID_HANDLE,
	      cu.cuStreamQuery ((CUstream) (void *) live));
      checks++;
    }
  pthread_join (t, NULL);

  /* Grown: many live at once, each accepted, then each refused once
     destroyed.  */
  enum { MANY = 600 };
  static CUevent many[MANY];
  for (int i = 0; i < MANY; i++)
    CHECK (cu.cuEventCreate (&many[i], CU_EVENT_DEFAULT));
  for (int i = 0; i < MANY; i++)
    CHECK (cu.cuEventQuery (many[i]));
  for (int i = 0; i < MANY; i += 2)
    CHECK (cu.cuEventDestroy_v2 (many[i]));
  for (int i = 0; i < MANY; i++)
    EXPECT (i % 2 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE,
	    cu.cuEventQuery (many[i]));
  CHECK (cu.cuEventQuery (live));
  EXPECT (CUDA_ERROR_INVALID_HANDLE, cu.cuEventQuery (dead));
  for (int i = 1; i < MANY; i += 2)
    CHECK (cu.cuEventDestroy_v2 (many[i]));
  CHECK (cu.cuEventDestroy_v2 (live));
  EXPECT (CUDA_ERROR_INVALID_HANDLE, cu.cuEventQuery (live));
  CHECK (cu.cuStreamDestroy_v2 (stream));
  printf ("ok %ld checks\n", checks);
  return 0;
}
