/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   The body of the GOMPTARGET_PROFILE test on every device (default
   device 0 of the folder): the program runs itself with
   GOMPTARGET_PROFILE set and reads the trace.  Known work: region
   scale._omp_fn.* three times with 4096 bytes to and from the device,
   region on_thread._omp_fn.* once from each of two host threads, two
   nowait regions (profile-work.h).  The trace must be strict JSON in
   Chrome's trace-event format with those regions by name, the copies
   with their bytes and direction, the allocations, one named track per
   host thread, the operations the device's queues ran on named tracks
   of their own, arrows (flow events) from where work was queued to where
   a queue ran it, and the arrow of the dependence of chain's third
   region on its first.  Where the file defines DEVICE_TIMES (GPU
   plugins): the times the device itself took of each kernel (and with
   DEVICE_COPY_TIMES, of each copy) on tracks of their own, each kernel's
   inside its region's span on the host, with arrows from the host-side
   spans of the queues.  Where it defines NO_DEVICE_TIMES (and sets
   GOMPTARGET_PROFILE_DEVICE_TIMES=0): none of those.  */

#include "trace-check.h"
#include "profile-work.h"

int
main (int argc, char **argv)
{
  struct jval *t;
  int n;

  (void) argv;
  if (argc > 1)
    {
      work ();
      return 0;
    }
  t = child_trace ("trace");
  check_events (t);
  if ((n = count_spans (t, "region", "scale._omp_fn.*")) != 3)
    fail ("%d spans of region scale, not 3", n);
  if ((n = count_spans (t, "region", "on_thread._omp_fn.*")) != 2)
    fail ("%d spans of region on_thread, not 2", n);
  if ((n = count_tracks (t, "region", "on_thread._omp_fn.*")) != 2)
    fail ("region on_thread on %d tracks, not 2", n);
  if ((n = count_copies (t, "to", N * sizeof (int))) != 3)
    fail ("%d copies of %zu bytes to the device, not 3", n,
	  N * sizeof (int));
  if ((n = count_copies (t, "from", N * sizeof (int))) != 3)
    fail ("%d copies of %zu bytes from the device, not 3", n,
	  N * sizeof (int));
  if ((n = count_spans (t, "enqueue", "chain._omp_fn.*")) != 3)
    fail ("%d nowait regions of chain queued, not 3", n);
  if ((n = count_spans (t, "queue", "*")) < 5)
    fail ("%d operations on the queues' tracks, fewer than 5", n);
#if defined DEVICE_TIMES || defined NO_DEVICE_TIMES
  /* A GPU's queues ran the program's copies of scale's array with its
     bytes, and those of chain's scalars (on the same track) with
     theirs.  */
  if ((n = count_own_ops (t, "queue", "copy to device", N * sizeof (int),
			  false)) != 3
      || (n = count_own_ops (t, "queue", "copy from device",
			     N * sizeof (int), false)) != 3)
    fail ("%d copies of %zu bytes on the queues' tracks one way, not 3", n,
	  N * sizeof (int));
#endif
  if ((n = count_tracks (t, "queue", "on_thread*")) != 2)
    fail ("region on_thread ran on %d queues' tracks, not 2", n);
  if ((n = count_flows (t, "queued", true)) < 2)
    fail ("%d arrows from queueing to running, fewer than 2", n);
  if ((n = count_flows (t, "depend", false)) < 1)
    fail ("no arrow of the dependence between the regions of chain");
  if (count_spans (t, "alloc", "alloc") < 1
      || count_spans (t, "alloc", "free") < 1)
    fail ("no allocation or no free");
#ifdef DEVICE_TIMES
  if ((n = count_spans (t, "device", "scale._omp_fn.*")) != 3)
    fail ("%d spans of kernel scale by the device's clock, not 3", n);
  if ((n = count_inside (t, "device", "scale._omp_fn.*", "region",
			 "scale._omp_fn.*", 20)) != 3)
    fail ("%d spans of kernel scale by the device's clock inside the "
	  "region's, not 3", n);
  if ((n = count_spans (t, "device", "on_thread._omp_fn.*")) != 2)
    fail ("%d spans of kernel on_thread by the device's clock, not 2", n);
  if ((n = count_tracks (t, "device", "*")) < 2)
    fail ("the device's times on %d tracks, fewer than 2", n);
  if ((n = count_flows (t, "executed", true)) < 5)
    fail ("%d arrows to the device's times, fewer than 5", n);
#ifdef DEVICE_COPY_TIMES
  if ((n = count_spans (t, "device", "copy to device")) < 3
      || (n = count_spans (t, "device", "copy from device")) < 3)
    fail ("%d copies by the device's clock, fewer than 3 each way", n);
#endif
#endif
#ifdef NO_DEVICE_TIMES
  if ((n = count_spans (t, "device", "*")) != 0)
    fail ("%d spans by the device's clock, asked for none", n);
  if ((n = count_flows (t, "executed", true)) != 0)
    fail ("%d arrows to the device's times, asked for none", n);
#endif
  printf ("trace: ok\n");
  jfree (t);
  return 0;
}
