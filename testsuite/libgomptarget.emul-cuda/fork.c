/* fork () and the emulated driver, as the real one behaves: a child made
   before cuInit initialises the driver itself and uses the device; in a
   child made after cuInit (with a context, a stream and memory in use)
   cuInit and every call that needs it fail with
   CUDA_ERROR_NOT_INITIALIZED at once -- no call waits for the stream's
   worker, which stayed in the parent -- while the parent goes on.  */

#include "emul-cuda-test.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

/* Run BODY in a child that must exit 0 within 10 seconds.  */
static void
in_child (void (*body) (void), const char *what)
{
  int status;
  pid_t pid;

  fflush (NULL);
  pid = fork ();
  if (pid < 0)
    fail ("fork failed");
  if (pid == 0)
    {
      alarm (10);
      body ();
      exit (0);
    }
  if (waitpid (pid, &status, 0) != pid)
    fail ("waitpid failed");
  if (WIFSIGNALED (status))
    fail ("%s: killed by signal %d%s", what, WTERMSIG (status),
	  WTERMSIG (status) == SIGALRM ? " (it hung)" : "");
  if (WEXITSTATUS (status) != 0)
    fail ("%s: exit status %d", what, WEXITSTATUS (status));
  printf ("%s: ok\n", what);
}

static CUstream stream;
static CUdeviceptr dptr;

/* Before cuInit in the parent: all works.  */
static void
fresh_child (void)
{
  int v = 5, back = 0;

  setup ();
  CHECK (cu.cuMemAlloc_v2 (&dptr, sizeof v));
  CHECK (cu.cuMemcpyHtoD_v2 (dptr, &v, sizeof v));
  CHECK (cu.cuMemcpyDtoH_v2 (&back, dptr, sizeof back));
  if (back != 5)
    fail ("fresh child: read back %d", back);
}

/* After cuInit in the parent.  */
static void
late_child (void)
{
  CUdevice dev;
  CUcontext ctx;
  int v = 1, n, version;

  EXPECT (CUDA_ERROR_NOT_INITIALIZED, cu.cuInit (0));
  EXPECT (CUDA_ERROR_NOT_INITIALIZED, cu.cuDeviceGetCount (&n));
  EXPECT (CUDA_ERROR_NOT_INITIALIZED, cu.cuDeviceGet (&dev, 0));
  EXPECT (CUDA_ERROR_NOT_INITIALIZED, cu.cuDevicePrimaryCtxRetain (&ctx, 0));
  EXPECT (CUDA_ERROR_NOT_INITIALIZED, cu.cuStreamQuery (stream));
  EXPECT (CUDA_ERROR_NOT_INITIALIZED, cu.cuStreamSynchronize (stream));
  EXPECT (CUDA_ERROR_NOT_INITIALIZED,
	  cu.cuMemcpyHtoDAsync_v2 (dptr, &v, sizeof v, stream));
  /* What needs no initialisation still answers.  */
  CHECK (cu.cuDriverGetVersion (&version));
}

int
main (void)
{
  int v = 7, back = 0;

  load_cuda ();
  in_child (fresh_child, "fork before cuInit");

  setup ();
  CHECK (cu.cuStreamCreate (&stream, 0));
  CHECK (cu.cuMemAlloc_v2 (&dptr, sizeof v));
  CHECK (cu.cuMemcpyHtoDAsync_v2 (dptr, &v, sizeof v, stream));
  in_child (late_child, "fork after cuInit");

  CHECK (cu.cuStreamSynchronize (stream));
  CHECK (cu.cuMemcpyDtoH_v2 (&back, dptr, sizeof back));
  if (back != 7)
    fail ("parent: read back %d", back);
  puts ("parent: ok");
  return 0;
}

/* { dg-final { gomptarget-output-includes {fork before cuInit: ok} } } */
/* { dg-final { gomptarget-output-includes {fork after cuInit: ok} } } */
/* { dg-final { gomptarget-output-includes {parent: ok} } } */
