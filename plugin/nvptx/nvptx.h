/* nvptx.h -- internal interfaces of the nvptx plugin (NVIDIA GPUs through
   the CUDA Driver API): the table of driver functions, how CUDA errors are
   reported, and the device, queue and image structures that the plugin's
   files share.  plugin-nvptx.c holds the plugin's table for the core,
   nvptx-cuda.c the driver library, nvptx-device.c the devices,
   nvptx-memory.c device memory and soft stacks, nvptx-queue.c the
   streams, nvptx-watch.c host functions and the fault watcher,
   nvptx-launch.c launches, nvptx-image.c the GCC images, nvptx-copy.c
   the copies, nvptx-rev.c reverse offload, nvptx-exit.c exit in device
   code.

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

#ifndef GT_NVPTX_H
#define GT_NVPTX_H

#include "plugin-core.h"
#include "cuda-api.h"
#include "rev-offload.h"
#include "gt-lock.h"

/* ---- The driver library (nvptx-cuda.c).  ---- */

/* A pointer to each function of cuda-lib.def, bound by nvptx_cuda_load;
   the optional ones may be NULL.  */
struct nvptx_cuda
{
#define CUDA_ONE_CALL(name) __typeof__ (name) *name;
#include "cuda-lib.def"
#undef CUDA_ONE_CALL
};
extern struct nvptx_cuda nvptx_cuda GTC_HIDDEN;

/* Call driver function NAME.  */
#define CU(name) (nvptx_cuda.name)

/* Open libcuda.so.1 (or the file GOMPTARGET_CUDA_LIB names) and bind
   its functions; false, with the reason under GOMP_DEBUG, when it cannot
   be used.  */
bool nvptx_cuda_load (void) GTC_HIDDEN;
/* The file nvptx_cuda_load opened (for gomptarget-info).  */
extern const char *nvptx_cuda_file GTC_HIDDEN;

/* "CUDA_ERROR_X (what it means)" for R, in a static buffer per thread.  */
const char *nvptx_cuda_error (CUresult r) GTC_HIDDEN;

struct nvptx_device;
struct nvptx_queue;

/* Report that operation OP (a CUDA function, possibly with what it
   worked on) failed on DEV with R.  An error that says the device's
   work faulted (the context's sticky errors) is reported as the fault of
   the region (nvptx_fault_message), and the plugin then leaves the
   driver alone; nothing is said once the program ends.  */
void nvptx_report (struct nvptx_device *dev, const char *op, CUresult r)
  GTC_HIDDEN;

/* Does R say that work of the device faulted (an illegal address, a trap
   ...), which makes every later call of the context fail?  */
bool nvptx_sticky (CUresult r) GTC_HIDDEN;

/* Say that the work of DEV failed with R, which OP (a CUDA function)
   returned (waiting for Q, or NULL), naming the target region whose
   kernel ran last on Q (else on DEV), or OP when no kernel ran.  */
void nvptx_fault_message (struct nvptx_queue *q, struct nvptx_device *dev,
			  const char *op, CUresult r) GTC_HIDDEN;

/* The same, fatal: for threads that hold no lock of the core.  Returns
   -1 only when the program is ending anyway.  */
int nvptx_device_fault (struct nvptx_queue *q, struct nvptx_device *dev,
			const char *op, CUresult r) GTC_HIDDEN;

/* Set on the threads that run host functions of streams, which may not
   call the driver.  */
extern GTC_TLS bool nvptx_in_host_call GTC_HIDDEN;

/* Is the driver off limits to the calling thread: the program ending on a
   device error (gtc_claim_end), or a host function of a stream?  */
static inline bool
nvptx_off (void)
{
  return gtc_is_ending () || nvptx_in_host_call;
}

/* Report a fatal error of OpenMP device DEVNUM and end the program with
   exit status 1 (only the first one: a second waits for the end; during
   exit, without running the exit handlers again).  */
void nvptx_fatal (int devnum, const char *fmt, ...)
  __attribute__ ((noreturn, format (printf, 2, 3))) GTC_HIDDEN;

/* ---- Devices, queues, images.  ---- */

/* The reverse-offload mailbox of an image (nvptx-rev.c): pinned host
   memory the device writes requests into.  Mailboxes stay on their
   device's list until the device is finished (an unloaded image's is
   reused), so that pollers walk the list without a lock.  */
struct nvptx_mailbox
{
  struct nvptx_rev_offload *box;	/* Host address.  */
  CUdeviceptr dev_addr;		/* Its device address.  */
  bool in_use;			/* Given to an image (under REV_LOCK).  */
  int busy;			/* A host thread serves it (atomic).  */
  struct nvptx_mailbox *next;
};

/* A block of soft stacks: GCC's kernels give each warp SIZE / (teams x
   warps) bytes of it.  A block is reused by the launches of its last
   user's stream at once, by other streams once DONE has completed.  */
struct nvptx_stacks
{
  CUdeviceptr ptr;
  size_t size;
  CUevent done;			/* Recorded after its last kernel, once
				   another stream wants the block.  */
  struct nvptx_queue *user;	/* The stream of its last kernel.  */
  bool recorded;		/* DONE follows USER's last kernel.  */
  bool broken;			/* DONE could not be recorded.  */
  struct nvptx_stacks *next;
};

struct nvptx_device
{
  struct gtc_device core;
  CUdevice cu;
  CUcontext ctx;		/* The device's primary context.  */
  bool ctx_retained;
  char name[128];
  int cc_major, cc_minor;
  int sms;			/* Multiprocessors.  */
  int max_threads_block;
  int regs_per_sm;
  int clock_khz;
  int max_shared_block;
  size_t max_pitch;
  size_t total_mem;

  /* Soft stacks, cached between launches; the lock is taken at every
  launch, most often for a few instructions.  */
  gt_mutex_t stacks_lock;
  struct nvptx_stacks *stacks;

  /* Copies from other devices: which peers this context may access
     (bit N: device N of the plugin), which it was refused, and, for
     copies from this device staged through host memory, a stream of its
     own with an event.  */
  pthread_mutex_t peer_lock;
  uint64_t peer_on, peer_off;
  CUstream helper;
  CUevent helper_event;

  /* The last kernel launched on the device, for fault messages.  */
  const char *last_kernel;

  /* The origin of the device's clock for the OMPT trace (nvptx-profile.c):
     the first queue's reference event, owned by the device from then on,
     under PEER_LOCK; NULL: none yet.  */
  CUevent time_base;
  /* Its time on the front end's clock, or that of the kernels' clock's
     calibration when there is no TIME_BASE (under PEER_LOCK, before
     CLOCK_STATE is set).  */
  uint64_t time_base_ns;
  /* The kernels' own clock (nvptx-clock.c): 1 once calibrated, -1 when
     that failed (atomic), and %globaltimer less the front end's clock
     then.  */
  int clock_state;
  uint64_t clock_offset;

  /* Reverse offload (nvptx-rev.c): can the device map host memory; the
     mailboxes of its images; the server thread that polls the mailboxes
     while kernels of images with a mailbox run (its work) and no thread
     waiting for a stream of DEV serves them (its pollers); a stream for
     the copies the front end makes meanwhile.  REV_LOCK guards the
     list's changes and the stream's creation; REV_COPY_LOCK the copies
     on the stream.  */
  bool can_map_host;
  pthread_mutex_t rev_lock;
  struct nvptx_mailbox *mailboxes;
  struct gtc_server rev_server;
  pthread_mutex_t rev_copy_lock;
  CUstream rev_stream;

  /* Where GCC 12's device code stores the status of exit (nvptx-exit.c):
     pinned host memory, NVPTX_EXIT_NONE until then; NULL until an image
     needs it (atomic).  */
  int32_t *exit_word;
};

/* Staging memory of a queue: pinned host memory used by asynchronous
   copies and for the address arrays of launches, in segments used one
   after the other.  Leaving a segment records its event on the stream;
   a segment is used again once its event has completed.  When none is
   free, a new one is made -- issuing work never waits for the device:
   the core holds the queue's lock, which the host functions of the
   stream may need to get on.  */
#define NVPTX_STAGE_SEGMENT (1u << 20)	/* The first segments' size.  */
#define NVPTX_STAGE_SEGMENT_MAX (64u << 20)

struct nvptx_segment
{
  char *mem;
  size_t size;
  CUevent done;
  bool pending;			/* DONE recorded, not seen complete.  */
};

/* A copy from staging memory to the program's memory, still to make.  */
struct nvptx_out
{
  uint64_t seq;			/* In the order of issue.  */
  void *dst;
  const void *src;
  size_t size;
};

/* Synchronisations of a stream remembered by the kernels' clock.  */
#define NVPTX_CLOCK_SYNCS 16
/* Waits of a stream for another remembered (nvptx-bound.c).  */
#define NVPTX_WAITS 16

struct nvptx_queue
{
  struct gtc_queue core;
  CUstream stream;
  /* Recorded on STREAM by other queues that must wait for this one
     (issue_wait), under MARK_LOCK.  */
  CUevent mark;
  pthread_mutex_t mark_lock;
  /* An event of this queue's device used by staged copies from other
     devices.  */
  CUevent peer_event;

  /* Staging memory (made on first use).  */
  struct nvptx_segment *segs;
  unsigned nsegs;
  unsigned seg;			/* The segment in use.  */
  size_t seg_head;		/* Offset of its next free byte.  */
  size_t stage_total;		/* Bytes in all segments.  */

  /* Copies from device to host behind pending work go to staging memory;
     the copies on to the program's memory are made by the thread that
     waits for the stream, or by a host function issued before anything
     that could see them (a host call, a wait of another queue, more
     host data read, the staging memory reused).  Under OUTS_LOCK.  */
  pthread_mutex_t outs_lock;
  struct nvptx_out *outs;
  size_t nouts, outs_cap;
  uint64_t outs_seq;		/* Of the last one added (stored atomically).  */
  /* The last copy handed to a host function (issued to the stream
     before OUTS_LOCK is released), and the last one of the host
     functions that ran (atomic).  */
  uint64_t outs_issued, outs_ran;

  /* Device memory the address arrays of launches are copied to: a ring
     reused in stream order; rings it replaced, freed at the end.  */
  CUdeviceptr args;
  size_t args_size, args_head;
  CUdeviceptr *old_args;
  unsigned nold_args;

  /* The last kernel launched on the stream since it was last found idle,
     for fault messages.  */
  const char *last_kernel;

  /* Host functions issued to the stream that have not run yet (atomic),
     watched for faults (plugin-nvptx.c).  */
  int pending_calls;
  struct nvptx_queue *next_watched;

  /* Under GOMPTARGET_PROFILE (nvptx-profile.c): an event recorded on
     the stream when it was made, and its time on the front end's clock
     and on the device's (from the device's time_base); NULL: the
     device's times are not taken.  */
  CUevent time_ref;
  uint64_t time_ref_ns, time_ref_dev;
  bool time_ref_owned;		/* Not the device's time_base.  */
  /* The end of the operation timed last, and the sequence number the
     core gave it (time_begin and time_end, under the core's lock of the
     queue).  */
  struct nvptx_mark *last_mark;
  uint64_t last_seq;		/* Atomic: read by nvptx_queue_sync.  */
  /* The LAST_SEQ of the last synchronisation of the stream that
     succeeded, which it read before it began (atomic): an end of that
     sequence number is known reached, without a query.  */
  uint64_t synced_seq;
  /* The LAST_SEQ of LAST_MARK while an operation is being issued behind
     it and it was seen not reached, else 0 (atomic): the stream is busy,
     and the operations just before are likely not done either.  */
  uint64_t busy_seq;
  /* For the copy being issued (from time_begin to time_end): IDLE_YES
     if the stream had run everything before the event recorded ahead of
     it, IDLE_NO if not, IDLE_UNKNOWN (0) if not known: the copy asks the
     driver.  The event itself keeps the stream busy for a moment, so that
     the copy, asking after it, would take the slow path of a busy
     stream.  */
  enum { IDLE_UNKNOWN, IDLE_YES, IDLE_NO } idle_at_mark;
  /* Taken (atomic) by the thread that converts the stream's events, the
     one draining the queue's times: a flag, not a lock, as no other
     waits for it.  */
  bool converting;
  /* The event converted last, from which the next is; NULL: TIME_REF
     (under CONVERTING).  */
  struct nvptx_mark *anchor;
  /* While the stream is busy, no time is read before the BUSY_SEQ this
     says (atomic; written under CONVERTING).  */
  uint64_t read_after;
  /* Events to reuse: those put back (a stack, pushed atomically by any
     thread), and those time_begin took of it all at once, to take one
     by one (under the core's lock of the queue).  No lock.  */
  struct nvptx_mark *free_marks;
  struct nvptx_mark *spare_marks;

  /* The kernels' clock (nvptx-clock.c): NVPTX_CLOCK_SLOTS slots of
     device memory and of mapped host memory (NULL: none), the host's
     record of each, the next to take, the one time_begin took for the
     launch being issued (under the core's lock of the queue); the
     sequence number of the last launch issued with one, and of the last
     known run by a synchronisation (atomic).  */
  CUdeviceptr clock_dev, clock_host_dev;
  volatile struct nvptx_clock_host *clock_host;
  struct nvptx_clock_slot *clock_slots;
  unsigned clock_head;
  struct nvptx_clock_slot *clock_pending;
  uint64_t clock_issued, clock_synced;
  /* The last NVPTX_CLOCK_SYNCS synchronisations of the stream that
     succeeded: the CLOCK_ISSUED each saw as it began (written last), and
     when it returned, on the front end's clock (atomic); the next to
     write (atomic).  A launch they saw ended before.  */
  struct { uint64_t seq, ns; } clock_syncs[NVPTX_CLOCK_SYNCS];
  unsigned clock_sync_next;
  /* The operations the device does not time (nvptx-bound.c):
     NVPTX_BOUNDS records (NULL: none), the next to take and the first
     that no launch is linked to yet (under the core's lock of the
     queue).  */
  struct nvptx_bound *bounds;
  unsigned bound_head, bound_unlinked;
  /* The last NVPTX_WAITS waits of the stream for other queues, with the
     sequence number of the last operation of the other issued before
     each (0 while written) and the wait's own; the count of those issued
     and of those passed on, known completed (atomic): the operations of
     the other they waited for completed too.  */
  struct { struct nvptx_queue *other; uint64_t upto, at; }
    waits[NVPTX_WAITS];
  unsigned wait_head, wait_seen;
  /* The end of the operation whose times were read last, on the front
     end's clock and on the device's (nvptx_time_read).  */
  uint64_t read_end, read_dev_end;
};

/* A kernel of an image.  */
struct nvptx_kernel
{
  CUfunction fn;
  const char *ptx_name;		/* main$_omp_fn$0, the image's.  */
  char *name;			/* main._omp_fn.0, for messages.  */
  int max_threads;		/* Per block, for this kernel.  */
  int regs;			/* Registers per thread.  */
  bool clocked;			/* Its entry takes the kernels' clock.  */
};

struct nvptx_image
{
  struct gtc_image core;
  CUmodule module;
  unsigned lib_version;		/* GCC's library version of the image.  */
  struct nvptx_kernel *kernels;	/* One per function of the image.  */
  CUdeviceptr ind_map;		/* GCC 14's indirect-function map.  */
  struct nvptx_mailbox *mailbox;	/* Reverse offload, or NULL.  */
  /* Why the image's reverse-offload requests cannot be served, when it
     has ancestor functions and they cannot: its kernels are not
     launched.  */
  const char *rev_refused;
};

/* ---- Devices (nvptx-device.c).  ---- */

/* The vendor callbacks of devices.  */
int nvptx_probe (void) GTC_HIDDEN;
int nvptx_init_device (struct gtc_device *) GTC_HIDDEN;
void nvptx_fini_device (struct gtc_device *) GTC_HIDDEN;

/* Soft stack bytes per warp (GOMPTARGET_NVPTX_STACK_KB), set by the
   probe.  */
extern size_t nvptx_stack_size GTC_HIDDEN;

/* Make DEV's context the calling thread's current one; 0 or -1 (after a
   message).  */
int nvptx_use (struct nvptx_device *dev) GTC_HIDDEN;

/* The OpenMP device number of DEV, for messages.  */
static inline int
nvptx_num (const struct nvptx_device *dev)
{
  return (int) dev->core.number;
}

/* ---- Queues (nvptx-queue.c).  ---- */

/* The vendor callbacks of queues.  */
int nvptx_queue_init (struct gtc_queue *) GTC_HIDDEN;
void nvptx_queue_fini (struct gtc_queue *) GTC_HIDDEN;
int nvptx_sync (struct gtc_queue *) GTC_HIDDEN;
int nvptx_issue_wait (struct gtc_queue *, struct gtc_queue *) GTC_HIDDEN;
int nvptx_issue_host_call (struct gtc_queue *, void (*) (void *), void *)
  GTC_HIDDEN;

/* nvptx-profile.c: the device's times of the operations of a stream, for
   GOMPTARGET_PROFILE (gtc_vendor's time_*).  */
void nvptx_times_init (struct nvptx_queue *q) GTC_HIDDEN;
void nvptx_times_fini (struct nvptx_queue *q) GTC_HIDDEN;
void nvptx_times_fini_device (struct nvptx_device *dev) GTC_HIDDEN;
void *nvptx_time_begin (struct gtc_queue *, int, uint64_t) GTC_HIDDEN;
void *nvptx_time_end (struct gtc_queue *, int, void *, uint64_t)
  GTC_HIDDEN;
int nvptx_time_read (struct gtc_queue *, void *, uint64_t *, uint64_t *,
		     uint64_t *, uint64_t *)
  GTC_HIDDEN;

/* nvptx-clock.c: the kernels' own clock.  The probe kernel's name, and
   the slots of a queue: the host's half, which the kernel's last block
   writes, and the host's record of each.  */
#define NVPTX_CLOCK_PROBE "__gomptarget_clock_probe"
#define NVPTX_CLOCK_SLOTS 1024
struct nvptx_clock_host
{
  uint64_t start, end;		/* %globaltimer; END 0 until written.  */
};
enum { NVPTX_CLOCK_FREE, NVPTX_CLOCK_TAKEN, NVPTX_CLOCK_LAUNCHED };
struct nvptx_clock_slot
{
  unsigned char state;		/* NVPTX_CLOCK_* (atomic).  */
  uint64_t seq;			/* The core's sequence number of the launch.  */
  uint64_t when;		/* Taken, on the front end's clock.  */
  /* The kernel's span by the front end's clock, once worked out (by the
     reader of the queue's times: for the copy ahead of it, or for it).  */
  bool spanned;
  uint64_t span_start, span_end;
};
/* PTX of SIZE bytes with each entry of the N NAMES given the clock's
   parameters and code (CLOCKED[i] set for each found), and the probe
   kernel after it if ADD_PROBE: new text of *OUT_SIZE bytes with its
   NUL, or NULL.  */
char *nvptx_clock_rewrite (const char *ptx, size_t size,
			   const char *const *names, unsigned n, bool *clocked,
			   bool add_probe, size_t *out_size) GTC_HIDDEN;
/* Set DEV's clock offset with the probe of MODULE, once (the context
   current).  */
void nvptx_clock_calibrate (struct nvptx_device *dev, CUmodule module)
  GTC_HIDDEN;
void nvptx_clock_init (struct nvptx_queue *q) GTC_HIDDEN;
void nvptx_clock_fini (struct nvptx_queue *q) GTC_HIDDEN;
/* For the launch about to be issued to Q (SEQ as time_begin's): a slot,
   or NULL (then events).  */
void *nvptx_clock_take (struct nvptx_queue *q, uint64_t seq) GTC_HIDDEN;
/* In the launch: the two parameters of the slot taken, if any, and
   that the kernel was launched with them.  */
bool nvptx_clock_params (struct nvptx_queue *q, void **params) GTC_HIDDEN;
void nvptx_clock_launched (struct nvptx_queue *q) GTC_HIDDEN;
/* Is TOKEN a slot of Q?  */
bool nvptx_clock_token (const struct nvptx_queue *q, const void *token)
  GTC_HIDDEN;
/* time_end and time_read of a slot.  */
void *nvptx_clock_end (struct nvptx_queue *q, void *token) GTC_HIDDEN;
int nvptx_clock_read (struct nvptx_queue *q, void *token, uint64_t *start,
		      uint64_t *end, uint64_t *dev_start, uint64_t *dev_end)
  GTC_HIDDEN;
/* Q's operations up to sequence number UPTO are known completed: a
   synchronisation of Q that began after the launch of sequence number
   CLOCKED (Q's CLOCK_ISSUED then, and UPTO) succeeded, or the core
   learnt it (CLOCKED 0).  */
void nvptx_clock_synced (struct nvptx_queue *q, uint64_t clocked,
			 uint64_t upto) GTC_HIDDEN;
/* The earliest return of a remembered synchronisation of Q that saw the
   operation of sequence number SEQ done, on the front end's clock; else
   UINT64_MAX.  */
uint64_t nvptx_clock_sync_bound (struct nvptx_queue *q, uint64_t seq)
  GTC_HIDDEN;
/* The start of the launch of slot S, of sequence number SEQ, by its own
   clock on the front end's, once it has ended; else UINT64_MAX.  */
uint64_t nvptx_clock_started (struct nvptx_queue *q,
			      struct nvptx_clock_slot *s, uint64_t seq)
  GTC_HIDDEN;

/* nvptx-bound.c: the operations traced without the device's times (the
   copies, unless GOMPTARGET_PROFILE_DEVICE_TIMES=all or an OMPT tool's
   trace; everything with GOMPTARGET_PROFILE_DEVICE_TIMES=0): a token
   that ends each where the stream was next seen past it, with no driver
   call of its own.  */
#define NVPTX_BOUNDS 256
struct nvptx_bound
{
  unsigned char state;		/* Taken (atomic: freed by the reader).  */
  uint64_t seq;			/* The operation's sequence number.  */
  /* The first launch that takes its own times issued behind it (NULL:
     none yet), and its sequence number.  */
  struct nvptx_clock_slot *kernel;
  uint64_t kernel_seq;
};
void nvptx_bound_init (struct nvptx_queue *q) GTC_HIDDEN;
void nvptx_bound_fini (struct nvptx_queue *q) GTC_HIDDEN;
/* time_end of an operation of sequence number SEQ without a token: a
   bound, or NULL (then the core issues a host call behind it).  */
void *nvptx_bound_take (struct nvptx_queue *q, uint64_t seq) GTC_HIDDEN;
/* A launch of slot S, which takes its own times, was issued behind the
   bounds not yet linked.  */
void nvptx_bound_link (struct nvptx_queue *q,
		       struct nvptx_clock_slot *s) GTC_HIDDEN;
/* Is TOKEN a bound of Q?  */
bool nvptx_bound_token (const struct nvptx_queue *q, const void *token)
  GTC_HIDDEN;
/* Q's stream was made to wait for OTHER's, whose last operation issued
   before is of sequence number UPTO, by an operation of sequence number
   AT.  */
void nvptx_bound_wait (struct nvptx_queue *q, struct nvptx_queue *other,
		       uint64_t upto, uint64_t at) GTC_HIDDEN;
/* gtc_vendor's time_completed.  */
void nvptx_time_completed (struct gtc_queue *q, uint64_t seq) GTC_HIDDEN;
/* time_read of a bound: 2 with *END, -1 not known yet, 0 never.  */
int nvptx_bound_read (struct nvptx_queue *q, void *token, uint64_t *end)
  GTC_HIDDEN;

/* Wait until Q's stream has run everything issued to it; a fault of the
   device is fatal.  0 or -1 (after a message).  */
int nvptx_queue_sync (struct nvptx_queue *q) GTC_HIDDEN;

/* ---- Host functions and the fault watcher (nvptx-watch.c).  ---- */

/* Issue FN (ARG) to Q's stream as a host function; FN must make no CUDA
   call.  0 or -1 (after a message).  */
int nvptx_host_call (struct nvptx_queue *q, void (*fn) (void *),
		     void *arg) GTC_HIDDEN;

/* Q is made, or about to be destroyed: the watcher polls its stream
   while host functions are pending on it.  */
void nvptx_watch_add (struct nvptx_queue *q) GTC_HIDDEN;
void nvptx_watch_remove (struct nvptx_queue *q) GTC_HIDDEN;

/* ---- Launches (nvptx-launch.c).  ---- */

int nvptx_launch (struct gtc_queue *, void *entry, void **vars,
		  int32_t nvars, int32_t num_teams, int32_t thread_limit)
  GTC_HIDDEN;

/* ---- Memory and soft stacks (nvptx-memory.c).  ---- */

/* The vendor callbacks of memory.  */
void *nvptx_mem_alloc (struct gtc_device *, size_t) GTC_HIDDEN;
int nvptx_mem_free (struct gtc_device *, void *) GTC_HIDDEN;

/* The soft stacks of a launch on Q: a block of at least SIZE bytes, with
   DEV's stack lock held; nvptx_stacks_release records the launch.  */
struct nvptx_stacks *nvptx_stacks_acquire (struct nvptx_device *dev,
					   struct nvptx_queue *q,
					   size_t size) GTC_HIDDEN;
void nvptx_stacks_release (struct nvptx_device *dev, struct nvptx_queue *q,
			   struct nvptx_stacks *s, bool launched) GTC_HIDDEN;
void nvptx_stacks_free_idle (struct nvptx_device *dev) GTC_HIDDEN;

/* DEV is finished: free its soft stacks.  */
void nvptx_stacks_fini (struct nvptx_device *dev) GTC_HIDDEN;

/* ---- Images (nvptx-image.c).  ---- */

bool nvptx_image_ok (const struct gt_gcc_image *) GTC_HIDDEN;
/* For gomptarget-info: the gtc_vendor callbacks describe_device and
   describe_image.  */
void nvptx_describe_device (struct gtc_device *, char *buf, size_t size)
  GTC_HIDDEN;
void nvptx_describe_image (const struct gt_gcc_image *, char *buf,
			   size_t size) GTC_HIDDEN;
int nvptx_load_image (struct gtc_device *, struct gtc_image *) GTC_HIDDEN;
int nvptx_find_kernel (struct gtc_device *, struct gtc_image *, size_t,
		       struct gtc_kernel *) GTC_HIDDEN;
int nvptx_find_variable (struct gtc_device *, struct gtc_image *, size_t,
			 void **, size_t *) GTC_HIDDEN;
int nvptx_find_icvs (struct gtc_device *, struct gtc_image *, void **,
		     size_t *) GTC_HIDDEN;
void nvptx_unload_image (struct gtc_device *, struct gtc_image *)
  GTC_HIDDEN;

/* The dynamic shared memory of a launch of a kernel of IMG
   (GOMP_NVPTX_LOWLAT_POOL for GCC 14 images).  */
unsigned nvptx_shared_bytes (const struct nvptx_image *img) GTC_HIDDEN;

/* ---- Reverse offload (nvptx-rev.c).  ---- */

/* Set up and finish DEV's reverse-offload state (init_device and
   fini_device).  */
void nvptx_rev_init (struct nvptx_device *dev) GTC_HIDDEN;
void nvptx_rev_fini (struct nvptx_device *dev) GTC_HIDDEN;

/* The rev_fn_table callback: the device addresses of
   $offload_func_table; gives the image a mailbox when it has ancestor
   functions.  */
int nvptx_rev_fn_table (struct gtc_device *, struct gtc_image *,
			uint64_t *out, size_t count) GTC_HIDDEN;

/* IMG is unloaded: its mailbox is free again.  */
void nvptx_rev_unload (struct nvptx_device *dev, struct nvptx_image *img)
  GTC_HIDDEN;

/* A kernel of an image with a mailbox is about to be launched on DEV;
   then it was (LAUNCHED, on Q) or was not launched.  While such kernels
   run, DEV's server thread polls the mailboxes.  */
void nvptx_rev_launch_begin (struct nvptx_device *dev) GTC_HIDDEN;
void nvptx_rev_launch_end (struct nvptx_device *dev, struct nvptx_queue *q,
			   bool launched) GTC_HIDDEN;

/* Serve the requests pending in DEV's mailboxes (gtc_wait_serve's SERVE:
   1 when one was served, else 0).  */
int nvptx_rev_serve (struct gtc_device *dev) GTC_HIDDEN;

/* A thread starts and stops waiting for a stream of DEV, serving its
   requests meanwhile; the server thread polls only when none does.  */
void nvptx_rev_wait_begin (struct nvptx_device *dev) GTC_HIDDEN;
void nvptx_rev_wait_end (struct nvptx_device *dev) GTC_HIDDEN;

/* Is the calling thread serving a reverse-offload request?  */
extern GTC_TLS bool nvptx_in_rev_service GTC_HIDDEN;

/* ---- exit in device code (nvptx-exit.c).  ---- */

/* The exit word before device code stored a status in it.  */
#define NVPTX_EXIT_NONE INT32_MIN

/* IMG's MODULE is loaded on DEV: for a GCC 12 image (LIB_VERSION 1) that
   calls exit, point its __exitval_ptr at DEV's exit word.  0, or -1
   after a message.  */
int nvptx_exit_setup (struct nvptx_device *dev, CUmodule module,
		      unsigned lib_version) GTC_HIDDEN;

/* Device code of DEV called exit (STATUS): end the program with STATUS.
   Returns only when the calling thread is ending the program already.  */
void nvptx_exit_end (struct nvptx_device *dev, int32_t status) GTC_HIDDEN;

/* DEV is finished: free its exit word.  */
void nvptx_exit_fini (struct nvptx_device *dev) GTC_HIDDEN;

/* Has device code of DEV called exit?  Then its status in *STATUS.  */
static inline bool
nvptx_exit_called (struct nvptx_device *dev, int32_t *status)
{
  int32_t *word = __atomic_load_n (&dev->exit_word, __ATOMIC_ACQUIRE);

  if (GT_LIKELY (word == NULL))
    return false;
  *status = __atomic_load_n (word, __ATOMIC_ACQUIRE);
  return *status != NVPTX_EXIT_NONE;
}

/* The kernels of a stream of DEV are done: end the program if device
   code called exit.  */
static inline void
nvptx_exit_check (struct nvptx_device *dev)
{
  int32_t status;

  if (GT_UNLIKELY (nvptx_exit_called (dev, &status)))
    nvptx_exit_end (dev, status);
}

/* ---- Copies (nvptx-copy.c).  ---- */

/* Room in Q's staging memory for up to SIZE bytes, at least MIN (at
   most NVPTX_STAGE_SEGMENT_MAX), their number in *GOT; NULL after a
   message.  */
void *nvptx_stage (struct nvptx_queue *q, size_t size, size_t min,
		   size_t *got) GTC_HIDDEN;
void nvptx_stage_fini (struct nvptx_queue *q) GTC_HIDDEN;

/* Q's copies to the program's memory that wait: issue them to the
   stream as a host function (0 or -1 after a message); the last one
   added; once the stream was synchronized after they were added, make
   those up to UPTO (of outs_seq) that still wait, and say whether every
   one up to UPTO is made (false: some are in a host function issued
   since, and the stream must be synchronized again).  */
int nvptx_outs_issue (struct nvptx_queue *q) GTC_HIDDEN;
uint64_t nvptx_outs_last (struct nvptx_queue *q) GTC_HIDDEN;
bool nvptx_outs_done (struct nvptx_queue *q, uint64_t upto) GTC_HIDDEN;

int nvptx_copy (struct gtc_queue *q, enum gtc_copy_dir dir, void *dst,
		const void *src, size_t size, struct gtc_device *peer)
  GTC_HIDDEN;
int nvptx_copy_rect (struct gtc_device *dst_dev, struct gtc_device *src_dev,
		     const gt_rect_copy *r) GTC_HIDDEN;
void nvptx_peer_fini (struct nvptx_device *dev) GTC_HIDDEN;

#endif /* GT_NVPTX_H */
