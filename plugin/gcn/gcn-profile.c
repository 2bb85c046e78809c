/* gcn-profile.c -- the device's own times of the kernels of the GCN
   plugin's queues under GOMPTARGET_PROFILE: each queue profiles its
   dispatches (hsa_amd_profiling_set_profiler_enabled), and the start and
   end of a kernel are read from its completion signal once it has run
   (hsa_amd_profiling_get_dispatch_time), in the ticks of the HSA system
   clock, converted to the front end's clock by a reading of both taken
   when the queue was made, once the signal says the kernel has run.
   Copies are host work here (gcn-queue.c): their host-side spans are
   their times already.  Nothing of this runs
   unless the front end records.

   Copyright (C) 2026 The gomptarget authors.

   This file is part of gomptarget.

   gomptarget is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 3, or (at your option) any
   later version.

   gomptarget is distributed in the hope that it will be useful, but
   WITHOUT ANY WARRANTY; without even the implied warranty of
   MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the GNU
   General Public License for more details.

   Under Section 7 of GPL version 3, you are granted additional
   permissions described in the GCC Runtime Library Exception, version
   3.1, as published by the Free Software Foundation.  */

#include "plugin-gcn.h"

/* Readings of both clocks: the tightest is kept.  */
#define CALIBRATION_TRIES 5

void
gcn_times_init (struct gcn_queue *q)
{
  uint64_t t0, t1, ticks, freq, best = UINT64_MAX;
  int i;

  q->timed = q->profiling = false;
  if (!gtc_profile_device_times ()
      || gcn_hsa.hsa_amd_profiling_set_profiler_enabled == NULL
      || gcn_hsa.hsa_amd_profiling_get_dispatch_time == NULL
      || gcn_hsa.hsa_system_get_info (HSA_SYSTEM_INFO_TIMESTAMP_FREQUENCY,
				      &freq) != HSA_STATUS_SUCCESS
      || freq == 0)
    return;
  /* The tightest of a few readings of both clocks.  */
  for (i = 0; i < CALIBRATION_TRIES; i++)
    {
      t0 = gtc_profile_clock ();
      if (gcn_hsa.hsa_system_get_info (HSA_SYSTEM_INFO_TIMESTAMP, &ticks)
	  != HSA_STATUS_SUCCESS)
	return;
      t1 = gtc_profile_clock ();
      if (t1 - t0 < best)
	{
	  best = t1 - t0;
	  q->ts_ticks = ticks;
	  q->ts_ns = t0 + (t1 - t0) / 2;
	}
    }
  q->ts_freq = freq;
  q->timed = true;
  /* GOMPTARGET_PROFILE's times are wanted from the start; an OMPT tool's
     once it traces the device.  */
  if (gtc_profile_timed (q->core.dev))
    gcn_times_wanted (q);
}

bool
gcn_times_wanted (struct gcn_queue *q)
{
  if (!gtc_profile_timed (q->core.dev))
    return false;
  if (!q->profiling)
    {
      if (gcn_hsa.hsa_amd_profiling_set_profiler_enabled (q->aql, 1)
	  != HSA_STATUS_SUCCESS)
	{
	  q->timed = false;
	  return false;
	}
      q->profiling = true;
    }
  return true;
}

void *
gcn_time_end (struct gtc_queue *cq, int kind, void *unused_token,
	      uint64_t unused_seq)
{
  struct gcn_queue *q = (struct gcn_queue *) cq;
  struct gcn_signal *sig = q->timed_signal;
  struct gcn_signal *copy = q->copy_signal;

  (void) unused_token;
  (void) unused_seq;
  /* A wait for another queue: seen ending by a host call.  */
  if (kind == GT_PROFILE_OP_WAIT)
    return NULL;
  q->timed_signal = NULL;
  q->copy_signal = NULL;
  if (kind == GT_PROFILE_OP_LAUNCH)
    {
      gcn_queue_signal_put (copy);
      return sig;
    }
  gcn_queue_signal_put (sig);
  /* A copy on an idle queue is done before gcn_copy returns: its
     host-side span is its time, and no host call need see it end.  A
     copy of a host step notes its end in its signal.  */
  if (q->copied_now)
    {
      gcn_queue_signal_put (copy);
      return GTC_TIMES_DONE;
    }
  return copy;
}

/* TICKS of the HSA system clock of Q on the front end's clock.  */
static uint64_t
to_ns (const struct gcn_queue *q, uint64_t ticks)
{
  int64_t d = (int64_t) (ticks - q->ts_ticks);
  double ns = (double) d * (1e9 / (double) q->ts_freq);

  return (uint64_t) ((int64_t) q->ts_ns + (int64_t) ns);
}

/* TICKS of the HSA system clock of Q in nanoseconds.  */
static uint64_t
ticks_ns (const struct gcn_queue *q, uint64_t ticks)
{
  return (uint64_t) ((double) ticks * (1e9 / (double) q->ts_freq));
}

int
gcn_time_read (struct gtc_queue *cq, void *token, uint64_t *start,
	       uint64_t *end, uint64_t *dev_start, uint64_t *dev_end)
{
  struct gcn_queue *q = (struct gcn_queue *) cq;
  struct gcn_signal *sig = token;
  hsa_amd_profiling_dispatch_time_t t;
  int got;

  /* Not run yet: read later.  */
  if (gcn_hsa.hsa_signal_load_acquire (sig->h) > 0)
    return -1;
  /* A copy's host step: when it was done, no times of the device.  */
  if ((*end = __atomic_load_n (&sig->done_ns, __ATOMIC_ACQUIRE)) != 0)
    {
      *start = 0;
      gcn_queue_signal_put (sig);
      return 2;
    }
  got = (gcn_hsa.hsa_amd_profiling_get_dispatch_time (q->dev->agent, sig->h,
						       &t)
	 == HSA_STATUS_SUCCESS
	 && t.start != 0 && t.end >= t.start);
  if (got)
    {
      *start = to_ns (q, t.start);
      *end = to_ns (q, t.end);
      *dev_start = ticks_ns (q, t.start);
      *dev_end = ticks_ns (q, t.end);
    }
  gcn_queue_signal_put (sig);
  return got;
}
