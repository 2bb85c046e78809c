/* Reverse offload (GCC 14): an ancestor region inside a target region
   runs on the host while the kernel waits.  Its request travels through
   the image's mailbox (the emulated driver writes it as GCC's device
   runtime does), the plugin serves it with the front end's translation:
   mapped data is the host's own variable, data only on the device (a
   local of the region) goes in a temporary and comes back, firstprivate
   data is copied.  */

/* { dg-gomptarget-gcc-min 14 } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */
/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_TRACE "nvptx-rev-basic-gcc14.trace" } */

#include "nvptx-test.h"

#pragma omp requires reverse_offload

static int host_calls;
static int *host_x, *host_y;

/* Host code only: ancestor regions may call anything the host has.  */
static void __attribute__ ((noinline))
on_host (int *x, int *y, int *local, int fp)
{
  host_calls++;
  CHECK (omp_is_initial_device (), "the ancestor region ran on a device");
  /* X and Y are mapped by the enclosing region: the ancestor region has
     the host's own, which the device's changes have not reached.  */
  CHECK (x == host_x && y == host_y, "mapped data at %p and %p, not "
	 "the host's %p and %p", (void *) x, (void *) y,
	 (void *) host_x, (void *) host_y);
  CHECK (*x == 1, "the host's x is %d, not 1", *x);
  *x += y[1] + y[2];
  *local += fp;
}

int
main (void)
{
  int x = 1, y[4] = { 0, 10, 20, 30 }, on_device = 0, local_out = 0;

  host_x = &x;
  host_y = y;
  trace_reset ();
#pragma omp target map(tofrom: x, on_device, local_out) map(to: y)
  {
    int local = 5, fp = 7;
    on_device = !omp_is_initial_device ();
    x += 1;
#pragma omp target device(ancestor: 1) map(tofrom: x, local) map(to: y[1:2]) \
		   firstprivate(fp)
    on_host (&x, y, &local, fp);
    /* The host's result for LOCAL is the device's now; the device's X is
       its own.  */
    local_out = local;
    x *= 10;
  }
  CHECK (on_device, "the target region did not run on the GPU");
  CHECK (host_calls == 1, "the host function ran %d times", host_calls);
  CHECK (local_out == 12, "the device-only variable is %d, not 12",
	 local_out);
  /* The host's X became 31 during the ancestor region; the end of the
     region copies the device's (20) over it.  */
  CHECK (x == 20, "x = %d, not 20", x);
  TRACE_CHECK (trace_count ("rev device=0 fn=", NULL) == 1,
	       "the request did not go through the device's mailbox");
  printf ("done\n");
  return 0;
}

/* { dg-output "done\n" } */
/* { dg-final { gomptarget-output-includes {gomptarget: nvptx: device 0: reverse offload: 1 ancestor function\(s\), mailbox at } } } */
/* { dg-final { gomptarget-output-includes {gomptarget: nvptx: device 0: launching main\._omp_fn\.0 [^\n]*, reverse offload served} } } */
/* { dg-final { gomptarget-output-includes {gomptarget: nvptx: device 0: served a reverse-offload request of device 0: function 0x[0-9a-f]+, 4 map\(s\), in [0-9.]+ us, by } } } */
