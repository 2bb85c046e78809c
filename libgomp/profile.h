/* profile.h -- the recorder of GOMPTARGET_PROFILE (a Chrome trace-event
   file of what the front end did: regions, copies, allocations, waits,
   reverse offload) and GOMPTARGET_SUMMARY (a table at exit).  Off unless
   one of them is set: every hook is a test of gt_profile_on first.

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

#ifndef GT_PROFILE_H
#define GT_PROFILE_H

#include "diagnostics.h"

#include <stdint.h>
#include <time.h>

/* Bits of gt_profile_on.  */
#define GT_PROFILE_TRACE 1	/* GOMPTARGET_PROFILE: the trace file.  */
#define GT_PROFILE_SUMMARY 2	/* GOMPTARGET_SUMMARY: the exit table.  */
#define GT_PROFILE_OMPT 4	/* An OMPT tool is active (ompt.h).  */

/* Nonzero while something is recorded; set once, before main, by the
   environment (profile.c), and cleared when the records are written at
   exit.  */
extern int gt_profile_on GT_HIDDEN;
/* GOMPTARGET_PROFILE_DEVICE_TIMES, for the trace: the plugins take the
   device's own times of kernels, and of copies where that costs the host
   nothing per copy (unless set to 0); with "all", of every copy too,
   whatever that costs (CUDA events on nvptx).  For an OMPT tool's trace
   of a device: of every copy and kernel (unless set to 0).  */
extern bool gt_profile_device_times GT_HIDDEN;
extern bool gt_profile_copy_times GT_HIDDEN;

/* The device number of work that ran on the host (host fallback).  */
#define GT_PROFILE_HOST (-1)

/* What a copy was for.  */
enum gt_profile_copy
{
  GT_PROFILE_TO,		/* Host to device.  */
  GT_PROFILE_FROM,		/* Device to host.  */
  GT_PROFILE_EXCHANGE		/* Device to device.  */
};

/* The clock of the records, in nanoseconds: where the processor's time
   stamp counter runs at a constant rate and the kernel keeps time with
   it, the counter scaled (rdtsc costs a third of clock_gettime in a
   virtual machine, and a record reads the clock twice); else
   CLOCK_MONOTONIC.  Set up before main (profile.c); the plugins read it
   through the service profile_clock.  */
extern uint64_t gt_profile_tsc_mult GT_HIDDEN;	/* ns per tick << 32; 0: none.  */
extern uint64_t gt_profile_tsc_base GT_HIDDEN;
extern uint64_t gt_profile_ns_base GT_HIDDEN;

static inline uint64_t
gt_clock_ns (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}

static inline uint64_t
gt_profile_clock (void)
{
#if defined (__x86_64__) && defined (__SIZEOF_INT128__)
  if (GT_LIKELY (gt_profile_tsc_mult != 0))
    {
      uint64_t t = __builtin_ia32_rdtsc () - gt_profile_tsc_base;
      return gt_profile_ns_base
	     + (uint64_t) (((unsigned __int128) t * gt_profile_tsc_mult)
			   >> 32);
    }
#endif
  return gt_clock_ns ();
}

/* The start of a span: the clock when recording, else 0.  A hook is
     uint64_t t0 = gt_profile_start ();
     ... the work ...
     if (GT_UNLIKELY (t0)) gt_profile_XXX (..., t0);
   so that off, it costs the one test of gt_profile_on.  */
static inline uint64_t
gt_profile_start (void)
{
  return GT_UNLIKELY (gt_profile_on) ? gt_profile_clock () : 0;
}

/* Region FN (its host function) ran on DEVICE from T0 to now, with
   NUM_TEAMS and THREAD_LIMIT as launched (0: unset), MAPNUM mapped
   variables; ASYNC: only queued (nowait) from T0 to now.  */
void gt_profile_region (int device, const void *fn, int num_teams,
			int thread_limit, size_t mapnum, bool async,
			uint64_t t0) GT_HIDDEN;

/* Region FN, queued at T0 (nowait), has completed now.  */
void gt_profile_region_done (const void *fn, uint64_t t0) GT_HIDDEN;

/* A copy of BYTES between the host and DEVICE (or DEVICE and another)
   from T0 to now; ASYNC: queued only, as the operation whose event is
   EVENT.  */
void gt_profile_copy (int device, enum gt_profile_copy dir, size_t bytes,
		      bool async, uint64_t event, uint64_t t0) GT_HIDDEN;

/* ON: the copies the calling thread records from now on are the
   runtime's own (pointer attachment, firstprivate copies, the ICVs,
   reverse offload's): marked so ("own": true); false: no more.  */
void gt_profile_own (bool on) GT_HIDDEN;

/* Whether the calling thread's copies are the runtime's own now.  */
bool gt_profile_own_now (void) GT_HIDDEN;

/* Around a copy of the runtime's own:
     bool own = gt_profile_own_begin ();
     ... the copy ...
     gt_profile_own_end (own);
   which costs the test of gt_profile_on when off.  */
static inline bool
gt_profile_own_begin (void)
{
  if (GT_LIKELY (!gt_profile_on))
    return false;
  gt_profile_own (true);
  return true;
}

static inline void
gt_profile_own_end (bool own)
{
  if (GT_UNLIKELY (own))
    gt_profile_own (false);
}

/* The calling thread queued the operation of kind KIND (a launch or a
   host call: GT_PROFILE_OP_*) whose event is EVENT on DEVICE, from T0
   to now: the start of an arrow to where the queue runs it.  */
void gt_profile_queued (int device, int kind, uint64_t event, uint64_t t0)
  GT_HIDDEN;

/* Queue QUEUE of DEVICE ran an operation from START to END: see
   GOMPTARGET_PLUGIN_profile_queue_op (gomptarget-services.h); KIND may
   have GT_PROFILE_OP_OWN, and so may gt_profile_device_op's, and
   GT_PROFILE_OP_DEVICE_TIMED.  */
void gt_profile_queue_op (int device, uint32_t queue, int kind,
			  uint64_t bytes, const char *name,
			  const void *host_fn, uint64_t event,
			  uint64_t start, uint64_t end, int dep_device,
			  uint32_t dep_queue, uint64_t dep_time) GT_HIDDEN;

/* The device ran the operation of kind KIND whose host-side span
   gt_profile_queue_op recorded on queue QUEUE of DEVICE (EVENT, NAME,
   HOST_FN as there; HOST_TIME: the start of that span) from START to
   END by the device's own clock, converted to the records' clock: see
   GOMPTARGET_PLUGIN_profile_device_op (gomptarget-services.h).  */
void gt_profile_device_op (int device, uint32_t queue, int kind,
			   const char *name, const void *host_fn,
			   uint64_t event, uint64_t host_time,
			   uint64_t start, uint64_t end) GT_HIDDEN;

/* The calling thread wrote BYTES that DEVICE printed from START to
   END.  */
void gt_profile_console (int device, uint64_t bytes, uint64_t start,
			 uint64_t end) GT_HIDDEN;

/* PTR, BYTES of DEVICE's memory, allocated from T0 to now (PTR NULL:
   failed).  */
void gt_profile_alloc (int device, const void *ptr, size_t bytes,
		       uint64_t t0) GT_HIDDEN;

/* PTR of DEVICE freed from T0 to now.  */
void gt_profile_free (int device, const void *ptr, uint64_t t0) GT_HIDDEN;

/* The host thread waited for DEVICE from T0 to now.  */
void gt_profile_wait (int device, uint64_t t0) GT_HIDDEN;

/* DEVICE served a reverse-offload request: host function FN ran from T0
   to now.  */
void gt_profile_reverse (int device, const void *fn, uint64_t t0)
  GT_HIDDEN;

/* DEVICE's mapping table holds COUNT keys now.  */
void gt_profile_map_size (int device, size_t count) GT_HIDDEN;

/* ---- Between the files of the recorder.  ---- */

/* The records of the trace as the recording thread makes them: fixed
   size, binary, with names as strings that stay valid; written out as
   JSON later (profile-json.c), by the writer thread or at exit, so that
   the recording thread does not pay for the text.  */
enum gt_profile_rec_kind
{
  GT_REC_THREAD,	/* The name of host thread TRACK.  */
  GT_REC_ANNOUNCE,	/* The name of the track of queue QUEUE of DEVICE.  */
  GT_REC_REGION,	/* gt_profile_region.  */
  GT_REC_COPY,		/* gt_profile_copy; OP: its direction.  */
  GT_REC_QUEUED,	/* gt_profile_queued; OP: its kind.  */
  GT_REC_QUEUE_OP,	/* gt_profile_queue_op; OP: its kind.  */
  GT_REC_DEVICE_OP,	/* gt_profile_device_op; OP: its kind.  */
  GT_REC_CONSOLE,	/* gt_profile_console.  */
  GT_REC_ALLOC,		/* gt_profile_alloc.  */
  GT_REC_FREE,		/* gt_profile_free.  */
  GT_REC_WAIT,		/* gt_profile_wait.  */
  GT_REC_REVERSE	/* gt_profile_reverse.  */
};

/* Bits of a record's FLAGS.  */
#define GT_REC_ASYNC 1		/* Queued only (nowait).  */
#define GT_REC_OWN 2		/* A copy of the runtime's own.  */
#define GT_REC_DEVICE_CLOCK 4	/* GT_REC_ANNOUNCE: the device's track.  */
/* GT_REC_QUEUE_OP: the device's times of the operation follow
   (GT_REC_DEVICE_OP), where its arrow goes on.  */
#define GT_REC_TIMED 8

struct gt_profile_rec
{
  unsigned char kind, flags, op;
  int device;
  /* The host thread's id: the track of a span on the thread's own, the
     thread that ran a queue's operation (GT_REC_QUEUE_OP).  */
  int tid;
  /* Teams and thread limit (region); the dependence's device
     (GT_REC_QUEUE_OP).  */
  int a, b;
  uint32_t queue, dep_queue;
  uint64_t t0, t1;
  /* Bytes (or the region's mapped variables), the operation's event, an
     address (a function's, an allocation's) or a time (the dependence's
     or the host's view of a device's operation).  */
  uint64_t n, event, addr;
  const char *name;
};

/* A thread's records: handed whole to the writer when full.  */
#define GT_PROFILE_BLOCK_RECS 512
struct gt_profile_block
{
  struct gt_profile_block *next;
  unsigned n;
  struct gt_profile_rec rec[GT_PROFILE_BLOCK_RECS];
};

/* Where records are written as text: SIZE bytes at DATA, LEN used;
   FLUSH is called with it when fewer than GT_PROFILE_TEXT_MAX are free.
   PID and BASE: the process's id and the clock at the trace's start.  */
#define GT_PROFILE_TEXT_MAX 4096
#define GT_PROFILE_FLOW_IDS 8	/* A power of two.  */
struct gt_profile_text
{
  char *data;
  size_t len, size;
  void (*flush) (struct gt_profile_text *);
  int pid;
  uint64_t base;
  /* ',"pid":PID,"tid":TID' of the last tracks written, by turns.  */
  struct
  {
    int tid;
    unsigned char len;
    char s[47];
  } ids[4];
  unsigned next_ids;
  /* '0xID' of the arrows' ids written last, each in the slot
     of the low bits of its event (an operation's arrows share one, and
     the operations of a queue, whose events follow one another, are
     reported some way behind their issue), and the milliseconds of the
     timestamps written last, by turns (a device's times and the host's
     may lie apart).  Zeroed before the first record (LEN 0: empty).  */
  struct
  {
    int device;
    uint64_t event;
    unsigned char len;
    char s[31];
  } flow_ids[GT_PROFILE_FLOW_IDS];
  struct
  {
    uint64_t ms;
    unsigned char len;
    char s[23];
  } ts[2];
  unsigned next_ts;
  /* The heads of the last spans with a name of the records' (',\n{"name":
     "NAME","cat":...,"ts":'), NAME and CAT their keys, by turns (a
     waited region has three: the region's, its queue's, its device's);
     and the text after the device member's name of the last region,
     queue operation and device operation, whose keys are the members
     the text shows (profile-json.c).  LEN 0: none.  */
  struct
  {
    const char *name;
    const void *cat;
    unsigned char len;
    char s[111];
  } heads[4];
  unsigned next_heads;
  struct
  {
    uint64_t key[4];
    unsigned char len;
    char s[95];
  } tails[3];
};

/* Write the N records at REC to OUT as JSON, each as ",\n{...}" (and
   the arrows they carry).  */
void gt_profile_format (struct gt_profile_text *out,
			const struct gt_profile_rec *rec, unsigned n)
  GT_HIDDEN;

/* The name of the function at FN, for the records: its symbol,
   demangled, or its address; the string stays valid.  */
const char *gt_profile_fn_name (const void *fn) GT_HIDDEN;

/* NAME, a kernel's name in its image, demangled and made safe for the
   records: a string that stays valid (converted once per kernel), or
   BUF of SIZE bytes where there is no memory to keep it.  */
const char *gt_profile_kernel_name (const char *name, char *buf,
				    size_t size) GT_HIDDEN;

/* Make NAME safe inside a JSON string: no quote, backslash or control
   character.  */
void gt_profile_json_safe (char *name) GT_HIDDEN;

/* In the child after fork (): the lock of the names is free.  */
void gt_profile_names_after_fork (void) GT_HIDDEN;

/* The summary (profile-summary.c).  */
void gt_summary_region (const void *fn, uint64_t ns) GT_HIDDEN;
void gt_summary_copy (int device, enum gt_profile_copy dir, size_t bytes)
  GT_HIDDEN;
void gt_summary_alloc (int device, const void *ptr, size_t bytes)
  GT_HIDDEN;
void gt_summary_free (int device, const void *ptr) GT_HIDDEN;
void gt_summary_wait (uint64_t ns) GT_HIDDEN;
/* In the child after fork (): the summary's lock is free.  */
void gt_summary_after_fork (void) GT_HIDDEN;
void gt_summary_map_size (int device, size_t count) GT_HIDDEN;
/* Write the table to FILE, or to stderr when FILE is NULL.  */
void gt_summary_write (const char *file) GT_HIDDEN;

#endif /* GT_PROFILE_H */
