/* transfer.h -- the operations of one construct on its device: copies,
   a launch, host calls, queued one behind the other on the device's
   queue with the plugin's asynchronous interface (transfer.c).

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

#ifndef GT_TRANSFER_H
#define GT_TRANSFER_H

#include "devices.h"

/* Dependences a construct's first operation may wait for.  */
#define GT_XFER_MAX_DEPS 16

struct gt_block;
struct gt_xfer_chunk;
struct gt_xfer_gather;

/* How many of its own latest events a transfer remembers: an operation
   need not wait for them, they come before it anyway.  */
#define GT_XFER_OWN 4

/* How many copies back a transfer running in place puts off.  */
#define GT_XFER_LATER 8

struct gt_xfer
{
  /* What a construct run in place uses first, on few cache lines; the
     arrays of events last.  */
  struct gt_device *dev;
  bool async;			/* The plugin queues (else: at once; see
				   gt_xfer_thread).  */
  bool defer_reads;		/* Host memory is read when the queue gets
				   there: earlier work may still write it.  */
  bool owned;			/* A nowait construct's: freed by its last
				   operation, or by its caller once that
				   is complete (gt_xfer_finish).  */
  bool in_use;
  bool chain;			/* Each operation names the one before as
				   its dependence (else they all go to the
				   thread's own queue, in order anyway).  */
  /* In place: copies from the device to the host put off until
     gt_xfer_wait, after the device's lock is released (gt_xfer_from,
     while DEFER_FROM is set).  */
  bool defer_from;
  int nlater;
  int ndeps;			/* The first operation's dependences.  */
  int nafter;			/* More for the next operation to wait for.  */
  unsigned ndone;		/* NOWN when they were all seen done.  */
  unsigned nown;		/* Operations queued so far; the last of
				   them (up to GT_XFER_OWN) in OWN, at
				   their number modulo GT_XFER_OWN.  */
  tgt_event_t last;		/* The last operation queued, or NULL.  */
  struct gt_xfer_chunk *chunks;	/* Staging memory, CUR the one in use.  */
  struct gt_xfer_chunk *cur;
  struct gt_xfer_gather *gathers;	/* Deferred reads not queued yet.  */
  struct gt_block *dead;	/* Blocks to free after the operations.  */
  struct gt_xfer *next_free;
  struct
  {
    void *dst;
    const void *src;
    size_t size;
  } later[GT_XFER_LATER];
  tgt_event_t own[GT_XFER_OWN];
  tgt_event_t deps[GT_XFER_MAX_DEPS];
  tgt_event_t after[GT_XFER_MAX_DEPS];
};

/* The calling thread's transfer for a construct it waits for, begun on
   DEV; NULL if the thread's is in use (then use gt_xfer_new).  On a device
   whose synchronous calls run in place (GT_CAP_RUNS_IN_PLACE) its
   operations run at once on the calling thread, until one must wait for
   an event (gt_xfer_after): from there on they are queued.  */
struct gt_xfer *gt_xfer_thread (struct gt_device *dev) GT_HIDDEN;

/* Free the device memory of DEV whose last user finished in a callback
   (gt_free_later): each transfer does when it starts, and so does what
   uses DEV without one.  */
void gt_xfer_free_deferred (struct gt_device *dev) GT_HIDDEN;

/* A transfer for a nowait construct on DEV, whose first operation waits
   for the NDEPS events DEPS; DEFER_READS as in struct gt_xfer.  Finish it
   with gt_xfer_finish, or with gt_xfer_wait and gt_xfer_end.  */
struct gt_xfer *gt_xfer_new (struct gt_device *dev, int ndeps,
			     const tgt_event_t *deps, bool defer_reads)
  GT_HIDDEN;

/* Make the next operation queued on X wait for EV too (an event of any
   queue of X's device; NULL: nothing).  */
void gt_xfer_after (struct gt_xfer *x, tgt_event_t ev) GT_HIDDEN;

/* SIZE bytes of staging memory, valid until the transfer's operations
   are done.  */
void *gt_xfer_stage (struct gt_xfer *x, size_t size) GT_HIDDEN;

/* Fill staging memory DST from host memory SRC: now, or when the queue
   gets there (defer_reads).  */
void gt_xfer_read (struct gt_xfer *x, void *dst, const void *src,
		   size_t size) GT_HIDDEN;

/* Queue a copy of SIZE bytes to device address DST: from staging memory
   (gt_xfer_stage), from host memory SRC (read when the copy runs, or
   staged first when small), or of the value at SRC (copied now).  */
void gt_xfer_staged_to (struct gt_xfer *x, void *dst, const void *src,
			size_t size) GT_HIDDEN;
void gt_xfer_to (struct gt_xfer *x, void *dst, const void *src,
		 size_t size) GT_HIDDEN;
void gt_xfer_value (struct gt_xfer *x, void *dst, const void *src,
		    size_t size) GT_HIDDEN;

/* Queue a copy of SIZE bytes from device address SRC to host DST.  In
   place, while X->defer_from is set, the copy is put off until
   gt_xfer_wait: the caller sets it only for device memory that stays
   until gt_xfer_end (a key it removed, whose block X frees), so that the
   copy need not run under the device's lock.  */
void gt_xfer_from (struct gt_xfer *x, void *dst, const void *src,
		   size_t size) GT_HIDDEN;

/* Queue the launch of ENTRY with the MAPNUM device values VARS (read
   now).  No lock of the front end may be held: for the thread's own
   transfer (a construct it waits for) the plugin may run the region
   before this returns.  */
void gt_xfer_run (struct gt_xfer *x, void *entry, void **vars,
		  size_t mapnum, int num_teams, int thread_limit) GT_HIDDEN;

/* Free block list DEAD (linked by next_dead) once the operations are
   done.  */
void gt_xfer_free_later (struct gt_xfer *x, struct gt_block *dead)
  GT_HIDDEN;

/* The blocks DEAD (linked by next_dead), whose last user finished where
   the plugin must not be called (a completion callback), free their
   device memory later: at the next construct's start on DEV.  */
void gt_free_later (struct gt_device *dev, struct gt_block *dead)
  GT_HIDDEN;

/* Wait for the operations queued so far, and run the copies put off;
   false if one failed.  */
bool gt_xfer_wait (struct gt_xfer *x) GT_HIDDEN;

/* Have the operations queued so far completed, all with success?  False
   also when that is not known without waiting.  Then gt_xfer_wait does
   not wait (the copies put off it runs still: they read only memory
   that X frees).  */
bool gt_xfer_done (struct gt_xfer *x) GT_HIDDEN;

/* After gt_xfer_wait: free what waited for the operations, and the
   transfer itself if it is not the thread's.  */
void gt_xfer_end (struct gt_xfer *x) GT_HIDDEN;

/* Return the event of the completion of X's operations (NULL if there
   was nothing to queue: then everything is done already); X must not be
   used again.  Where the last operation queued completes after all the
   others, X is given back once it has: by the caller, when KEEP is not
   NULL and the device's queues are software queues
   (GT_CAP_RUNS_IN_PLACE): then *KEEP is X, which its caller gives back
   with gt_xfer_release once that event has completed; else by a
   completion notice (GT_TOKEN_XFER).  Otherwise the release of X is
   queued behind its operations as a host call.  Either way a queue
   operation less: one nowait construct after another, each pays for
   it.  *KEEP is NULL but in the first case.  */
tgt_event_t gt_xfer_finish (struct gt_xfer *x, struct gt_xfer **keep)
  GT_HIDDEN;

/* A completion notice's token (gt_dev_async_notify) with this in its low
   bits is a transfer for gt_xfer_release: gt_xfer_finish asks for
   it.  */
#define GT_TOKEN_XFER 2

/* Give back X, kept by gt_xfer_finish, once its operations are complete:
   the blocks it freed go to its device's list of memory to free.  Calls
   no plugin (it may run where a completion is reported).  */
void gt_xfer_release (struct gt_xfer *x) GT_HIDDEN;

#endif /* GT_TRANSFER_H */
