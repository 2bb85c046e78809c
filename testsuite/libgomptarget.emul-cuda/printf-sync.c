/* printf and stderr output of a kernel go to the printf FIFO: they
   appear on stdout only when the host synchronises, after what the host
   printed once the kernel had run.  (In a target region "stderr" is a
   host variable GCC maps as a zero-length array section, NULL on the
   device: the kernel writes to file descriptor 2.)  */
/* { dg-final { gomptarget-output-includes {host: before launch\nhost: kernel done\nhello from the device 42\ndevice stderr\nhost: after sync\n} } } */

#include "emul-cuda-test.h"

#include <unistd.h>

static void
region (int *done, int v)
{
#pragma omp target is_device_ptr(done)
  {
    printf ("hello from the device %d\n", v);
    write (2, "device stderr\n", 14);
    __atomic_store_n (done, 1, __ATOMIC_RELEASE);
  }
}

int
main (void)
{
  setup ();
  CUmodule mod = load_image ();
  int *done;
  CHECK (cu.cuMemHostAlloc ((void **) &done, sizeof *done, 0));
  *done = 0;
  region (done, 42);
  struct launch l = prepare (mod, &last_region, 1, 1);
  CUstream s;
  CHECK (cu.cuStreamCreate (&s, 0));
  printf ("host: before launch\n");
  fflush (stdout);
  CHECK (launch (&l, s));
  while (!__atomic_load_n (done, __ATOMIC_ACQUIRE))
    ;
  printf ("host: kernel done\n");
  fflush (stdout);
  CHECK (cu.cuStreamSynchronize (s));
  printf ("host: after sync\n");
  return 0;
}
