/* plugin-core.h -- the plugin core every gomptarget plugin is built on.
   The core defines the __tgt_rtl_* entry points once (rtl.c): it checks
   device ids, keeps the per-device state, builds the entry table of a GCC
   image, pools device memory, and runs queues of operations with their
   completion events.  A vendor file (plugin-host.c, plugin-nvptx.c,
   plugin-gcn.c) only describes its devices through a struct gtc_vendor of
   callbacks, and embeds the core's structs at the start of its own.

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

#ifndef GT_PLUGIN_CORE_H
#define GT_PLUGIN_CORE_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gomptarget-plugin.h"
#include "plugin-common.h"

#define GTC_HIDDEN GT_PLUGIN_HIDDEN
#define GT_LIKELY(x) __builtin_expect (!!(x), 1)
#define GT_UNLIKELY(x) __builtin_expect (!!(x), 0)

/* Thread-local data of the core and the vendors' code: a plugin is
   opened once, early, and this is a few words of the static TLS surplus
   (no __tls_get_addr call per access).  */
#define GTC_TLS __thread __attribute__ ((tls_model ("initial-exec")))

struct gtc_device;
struct gtc_queue;
struct gtc_image;

/* A kernel (the device code of one target region) of a loaded image.
   Its address is what load_binary's table gives for the region, and what
   run_target_region receives back.  */
struct gtc_kernel
{
  struct gtc_image *image;
  const char *name;		/* For messages; owned by the image.  */
  void *handle;			/* The vendor's.  */
  size_t index;			/* In the image's function list.  */
};

/* A loaded image.  The vendor's image struct starts with this one.  */
struct gtc_image
{
  struct gtc_image *next;
  struct gtc_device *dev;
  __tgt_device_image *image;	/* As given to load_binary.  */
  const struct gt_gcc_image *gcc;	/* Its GCC descriptor.  */
  struct gtc_kernel *kernels;	/* gcc->num_funcs of them.  */
  __tgt_target_table table;	/* What load_binary returned.  */
  uint64_t *rev_table;		/* rev_fn_table's answer, made on its
				   first call; NULL: not asked yet, or no
				   ancestor function.  */
  size_t rev_count;
  bool rev_done;		/* REV_TABLE is the answer.  */
};

/* The direction of a copy.  */
enum gtc_copy_dir
{
  GTC_HOST_TO_DEVICE,
  GTC_DEVICE_TO_HOST,
  GTC_DEVICE_TO_DEVICE		/* SRC on the peer device given.  */
};

/* A memory pool of a device: freed blocks kept for reuse, in size
   classes, with its bookkeeping in host memory outside the blocks.  */
struct gtc_pool_block;
/* A slot of a pool's table: the address is kept in the table itself, so
   that a lookup touches one cache line.  */
struct gtc_pool_slot
{
  uintptr_t addr;			/* 0: empty.  */
  struct gtc_pool_block *block;
};

struct gtc_pool
{
  pthread_mutex_t lock;
  size_t cached;		/* Bytes held in the free lists.  */
  size_t limit;			/* At most this many bytes are kept.  */
  size_t in_use;		/* Bytes handed out.  */
  struct gtc_pool_block **free_list;	/* Per size class.  */
  struct gtc_pool_slot *table;	/* Open hash: address -> block.  */
  size_t table_size, table_used;
  struct gtc_pool_block *spare;	/* Unused block records.  */
};

/* One device.  The vendor's device struct starts with this one.  */
struct gtc_device
{
  int32_t id;			/* The plugin's number for it.  */
  int32_t number;		/* The program's OpenMP device number, or
				   -1 before set_device_number.  */
  pthread_mutex_t lock;		/* Guards initialisation, images, queues.  */
  bool ready;
  /* In a child process made by fork () after the vendor library was
     initialised in the parent: never used again (fork.c).  */
  bool lost;
  struct gtc_pool pool;
  struct gtc_image *images;
  struct gtc_queue **queues;	/* Up to gtc_max_queues, made on use.  */
  /* Nonzero while an OMPT tool traces the device and wants its own
     times (the front end's word, profile_device_timing); NULL: never.  */
  const int32_t *timing;
};

/* One in-order queue of operations (a stream).  The vendor's queue struct
   starts with this one.  Defined in queue-internal.h.  */
struct gtc_queue_state;
struct gtc_queue
{
  struct gtc_device *dev;
  unsigned index;		/* In the plugin's queue table.  */
  struct gtc_queue_state *state;
};

/* What a vendor file provides.  Callbacks return 0 on success and report
   their own errors (gt_plugin_error) otherwise, unless said otherwise.  */
struct gtc_vendor
{
  const char *name;		/* "host", "nvptx", "gcn".  */
  int32_t target_type;		/* GCC offload target type of its images,
				   -1 when it runs host code, or
				   GT_ANY_TARGET_TYPE when it reads only
				   an image's host table.  */
  uint32_t caps;		/* GT_CAP_*.  */
  uint64_t requires_supported;	/* 'omp requires' bits it can honour.  */
  size_t device_size;		/* >= sizeof (struct gtc_device).  */
  size_t queue_size;		/* >= sizeof (struct gtc_queue).  */
  size_t image_size;		/* >= sizeof (struct gtc_image).  */

  /* How operations run.  False: each operation callback below runs the
     operation to completion, and the core runs a queue's operations in
     order on a thread of its own or on a thread waiting for them.  True:
     the callbacks only issue the operation to the vendor's queue, which
     runs them in order, and the issue_* callbacks are required.  */
  bool hardware_queues;

  /* Find the devices once; their number (0 when the vendor library or the
     hardware is missing: say why with gt_plugin_debug, print nothing
     else).  */
  int (*probe) (void);

  /* Devices.  */
  int (*init_device) (struct gtc_device *);
  void (*fini_device) (struct gtc_device *);

  /* Images: check a GCC descriptor beyond its target type (optional; the
     messages of a refusal go to GOMP_DEBUG), load it, find the device code
     of host function INDEX (filling K->handle and K->name; positive when
     the image has no kernel for it, which is no error; negative, after
     reporting it, when looking it up failed: the image is then not
     loaded), find variable INDEX, unload.  */
  bool (*image_ok) (const struct gt_gcc_image *);
  /* For gomptarget-info (optional): append to BUF, of SIZE bytes in all,
     lines "PROPERTY: VALUE" describing device DEV (which may not be
     initialised) or an image of the vendor's target type.  */
  void (*describe_device) (struct gtc_device *dev, char *buf, size_t size);
  void (*describe_image) (const struct gt_gcc_image *, char *buf,
			  size_t size);
  int (*load_image) (struct gtc_device *, struct gtc_image *);
  int (*find_kernel) (struct gtc_device *, struct gtc_image *, size_t index,
		      struct gtc_kernel *k);
  int (*find_variable) (struct gtc_device *, struct gtc_image *,
			size_t index, void **addr, size_t *size);
  /* The device's ICV variable of the image (GCC 12: int __gomp_device_num;
     GCC 13 and later: the 16-byte __gomp_additional_icvs), optional;
     positive when there is none, negative when finding or writing it
     failed (reported): then the image is not loaded, as when load_image
     fails, since its device code would read wrong ICVs.  */
  int (*find_icvs) (struct gtc_device *, struct gtc_image *, void **addr,
		    size_t *size);
  void (*unload_image) (struct gtc_device *, struct gtc_image *);
  /* Reverse offload (optional): fill OUT with the COUNT (the image's
     number of host functions) device addresses of the image's reverse
     offload function table (the device-side functions of ancestor
     regions, by host function index; 0 for the others); OUT is zeroed
     before the call.  0: done.  */
  int (*rev_fn_table) (struct gtc_device *dev, struct gtc_image *img,
		       uint64_t *out, size_t count);

  /* Device memory, below the pool: NULL when out of memory (the core then
     flushes the pool, retries and reports), no message.  */
  void *(*mem_alloc) (struct gtc_device *, size_t size);
  int (*mem_free) (struct gtc_device *, void *ptr);

  /* Queues (optional).  */
  int (*queue_init) (struct gtc_queue *);
  void (*queue_fini) (struct gtc_queue *);

  /* Operations on queue Q.  PEER is the device of SRC for
     GTC_DEVICE_TO_DEVICE (may be Q's own device), else NULL.  ENTRY is
     what load_binary's table gave for the region (a struct gtc_kernel),
     or the host function itself for a GT_CAP_HOST_CODE vendor; VARS is
     the array of device addresses, NUM_TEAMS/THREAD_LIMIT are those of
     run_target_team_region.  */
  int (*copy) (struct gtc_queue *q, enum gtc_copy_dir dir, void *dst,
	       const void *src, size_t size, struct gtc_device *peer);
  int (*launch) (struct gtc_queue *q, void *entry, void **vars,
		 int32_t nvars, int32_t num_teams, int32_t thread_limit);

  /* With hardware_queues: make Q wait, on the device, for everything
     issued to OTHER so far; run FN (ARG) on some host thread once Q
     reaches this point; wait until everything issued to Q has run (the
     vendor serves its device meanwhile, see gtc_wait_serve).  */
  int (*issue_wait) (struct gtc_queue *q, struct gtc_queue *other);
  int (*issue_host_call) (struct gtc_queue *q, void (*fn) (void *),
			  void *arg);
  int (*sync) (struct gtc_queue *q);

  /* With hardware_queues, under GOMPTARGET_PROFILE (optional): the times
     the device itself takes of a copy or a launch (KIND, a
     GT_PROFILE_OP_*).  time_begin runs before the operation is issued to
     Q, given SEQ, the sequence number of the last operation issued to Q
     (this one's is SEQ + 1: when SEQ is that of the operation the vendor
     timed last on Q, nothing else was issued in between), and time_end
     after, given what time_begin returned: a token of the times to come,
     or NULL for none; time_end sees every token of an operation issued,
     and SEQ, that operation's sequence number.
     time_read, on a thread that
     may call the vendor's library and once the operation has run (or
     when issuing it failed): 1 with *START and *END, its times on the
     device's clock converted to the front end's (gtc_profile_clock), and
     *DEV_START and *DEV_END, the same unconverted, in nanoseconds of the
     device's own clock (one time base for all the device's queues); 0
     when there are none; the token is finished either way; -1 when the
     operation has not completed yet or the calling thread may not read
     them (a host function): the token stays for later.  The core reads
     them lazily, where it syncs or issues to Q, rather than issuing a
     host call behind each operation.  time_end runs whenever the front
     end records, with the device's times or not (then given a NULL
     token), for a wait for another queue too (GT_PROFILE_OP_WAIT, NULL
     token: a host call sees it end unless the vendor gives a token), and
     may instead return GTC_TIMES_DONE for an operation that
     completed before issuing it returned (a copy done at once): no times
     of the device, and its host-side span ends there; or a token whose
     time_read gives 2: no times of the device, *END when the operation
     completed by the front end's clock (a copy a host thread did), or
     a time by which it had (nvptx: the start of a launch behind it, a
     synchronisation).  */
#define GTC_TIMES_DONE ((void *) 1)
  void *(*time_begin) (struct gtc_queue *q, int kind, uint64_t seq);
  void *(*time_end) (struct gtc_queue *q, int kind, void *token,
		     uint64_t seq);
  int (*time_read) (struct gtc_queue *q, void *token, uint64_t *start,
		    uint64_t *end, uint64_t *dev_start, uint64_t *dev_end);
  /* Under GOMPTARGET_PROFILE (optional): the core has learnt that the
     operations of Q up to sequence number SEQ have completed (a
     synchronisation returned, or a host call issued behind them ran):
     they ended before now.  Under the core's lock of Q.  */
  void (*time_completed) (struct gtc_queue *q, uint64_t seq);

  /* Rectangular copies (optional, data_copy_rect): copy R from SRC's
     memory to DST's (NULL: host memory) and wait for it; 0 when done,
     nonzero when not done (the front end then copies another way).  */
  int (*copy_rect) (struct gtc_device *dst, struct gtc_device *src,
		    const gt_rect_copy *r);

  /* In a child process made by fork (), for each device of a vendor with
     GT_CAP_SURVIVES_FORK (optional): reset the vendor's own locks and
     forget its threads, which the child does not have.  Runs in the
     pthread_atfork child handler: no message, no allocation.  */
  void (*after_fork) (struct gtc_device *);
};

/* Every vendor file defines this.  */
extern const struct gtc_vendor gtc_vendor GTC_HIDDEN;

/* ---- Services of the core for vendor files.  ---- */

/* The devices, once probed.  */
extern int gtc_num_devices GTC_HIDDEN;
struct gtc_device *gtc_device (int32_t id) GTC_HIDDEN;

/* Ask the front end, once, whether it records what the queues run
   (GOMPTARGET_PROFILE): queue-run.c then reports each operation.  */
void gtc_profile_init (void) GTC_HIDDEN;
/* Whether it does (after gtc_profile_init).  */
bool gtc_profile_is_on (void) GTC_HIDDEN;
/* Whether it may want the device's own times of copies and kernels too
   (the vendor's time_begin, time_end and time_read): for GOMPTARGET_PROFILE,
   or for an OMPT tool's trace of a device (gtc_profile_timed): the
   vendor calibrates its queues' clocks.  */
bool gtc_profile_device_times (void) GTC_HIDDEN;
/* Whether it wants them of the operations of DEV now.  */
bool gtc_profile_timed (const struct gtc_device *dev) GTC_HIDDEN;
/* Whether it wants those of DEV's copies now even where each costs a
   vendor call (GOMPTARGET_PROFILE_DEVICE_TIMES=all, or an OMPT tool's
   trace of DEV).  */
bool gtc_profile_copies_timed (const struct gtc_device *dev) GTC_HIDDEN;
/* Ask the front end for DEV's word of gtc_profile_timed: as DEV is
   initialised, after gtc_profile_init.  */
void gtc_profile_device_init (struct gtc_device *dev) GTC_HIDDEN;
/* The sequence number of the last operation issued to Q (with
   hardware_queues: issue_* has returned for it and those before).  */
uint64_t gtc_queue_issued (const struct gtc_queue *q) GTC_HIDDEN;
/* The clock of its records, in nanoseconds.  */
uint64_t gtc_profile_clock (void) GTC_HIDDEN;
/* Record that the calling thread wrote BYTES DEV printed from START (the
   clock) to now.  */
void gtc_profile_console (struct gtc_device *dev, uint64_t bytes,
			  uint64_t start) GTC_HIDDEN;

/* The queue of device DEV the calling thread uses when an operation has
   no dependence; made on first use.  NULL (with a message) on failure.  */
struct gtc_queue *gtc_home_queue (struct gtc_device *dev) GTC_HIDDEN;

/* The wait-and-serve loop and the serving threads.  */
#include "serve.h"

/* A fatal error outside any call of the front end (in a worker thread):
   print and exit with status 1.  Takes no lock of the core.  It claims
   the end of the program (below): a fatal error on another thread waits
   for the first one's end, and one raised again from an exit handler
   ends the program without running the exit handlers twice.  */
void gtc_fatal (const char *fmt, ...)
  __attribute__ ((noreturn, format (printf, 1, 2))) GTC_HIDDEN;

/* The end of the program because of a device: a fault, an error found
   where nobody waits, device code calling exit or abort.  One thread
   claims it and ends the program; from then on the device's state is
   unknown, so finishing the device (__tgt_rtl_deinit_device, from the
   front end's exit handler) leaves it alone, and completions of failed
   work are not reported again; the front end is told
   (GOMPTARGET_PLUGIN_device_ends_program), so that its exit handlers
   leave the devices and their locks alone.  GTC_CLAIM_END: GTC_END_FIRST
   when the calling thread has claimed it now, GTC_END_AGAIN when it had
   already; when another thread has, GTC_END_OTHER if WAIT is false,
   else it never returns (that thread ends the program).  */
enum gtc_end { GTC_END_FIRST, GTC_END_AGAIN, GTC_END_OTHER };
enum gtc_end gtc_claim_end (bool wait) GTC_HIDDEN;
/* The word of the end of the program (wait.c): 0 nobody has claimed
   it.  */
extern int gtc_ending GTC_HIDDEN;
/* Has a thread claimed the end of the program?  Checked before every
   driver call of a launch and a wait: inline.  */
static inline bool
gtc_is_ending (void)
{
  return __atomic_load_n (&gtc_ending, __ATOMIC_ACQUIRE) != 0;
}
bool gtc_ending_self (void) GTC_HIDDEN;
/* Has the program started to exit?  Known once gtc_watch_exit was
   called (by the core at its first queue, after the front end's exit
   handler is registered, and at the first claim of the end).  */
void gtc_watch_exit (void) GTC_HIDDEN;
bool gtc_exiting (void) GTC_HIDDEN;
/* End the program with STATUS once the end is claimed: exit, or _exit
   after flushing stdio when the program is exiting already, so that the
   exit handlers do not run twice.  */
void gtc_end_program (int status) __attribute__ ((noreturn)) GTC_HIDDEN;
/* gtc_fatal with a message prefix of the vendor's (e.g. naming the
   device): claim the end, print PREFIX and FMT, end the program.  */
void gtc_vfatal (const char *prefix, const char *fmt, va_list ap)
  __attribute__ ((noreturn)) GTC_HIDDEN;

/* ---- Internal to the core.  ---- */

void gtc_pool_init (struct gtc_pool *, size_t limit) GTC_HIDDEN;
void *gtc_pool_alloc (struct gtc_device *, size_t size) GTC_HIDDEN;
int gtc_pool_free (struct gtc_device *, void *ptr) GTC_HIDDEN;
void gtc_pool_flush (struct gtc_device *) GTC_HIDDEN;
void gtc_pool_fini (struct gtc_device *) GTC_HIDDEN;

__tgt_target_table *gtc_load_image (struct gtc_device *,
				    __tgt_device_image *) GTC_HIDDEN;
int gtc_unload_image (struct gtc_device *, __tgt_device_image *) GTC_HIDDEN;
int gtc_image_rev_table (struct gtc_device *, __tgt_device_image *,
			 const uint64_t **table, size_t *count) GTC_HIDDEN;
void gtc_unload_all_images (struct gtc_device *) GTC_HIDDEN;

/* fork () (fork.c): register the fork handlers, once, after probing.  */
void gtc_fork_init (void) GTC_HIDDEN;

/* Queues and events (queue-*.c).  */
int gtc_queues_init (void) GTC_HIDDEN;
/* fork () (fork.c): take the locks of every queue, or none (false);
   release them in the parent; in the child, release them and forget the
   threads that stayed in the parent.  */
bool gtc_queues_trylock_all (void) GTC_HIDDEN;
void gtc_queues_unlock_all (void) GTC_HIDDEN;
void gtc_queues_after_fork (void) GTC_HIDDEN;
size_t gtc_queues_per_device (void) GTC_HIDDEN;
void gtc_device_queues_fini (struct gtc_device *) GTC_HIDDEN;

enum gtc_op_kind
{
  GTC_OP_COPY,
  GTC_OP_LAUNCH,
  GTC_OP_HOST_CALL,
  GTC_OP_MARK			/* Nothing: an event after its dependences.  */
};

/* One operation to queue on device DEV behind NDEPS events DEPS; its
   completion event goes to *EVENT.  Only the fields of its kind are
   read.  */
struct gtc_op_desc
{
  enum gtc_op_kind kind;
  enum gtc_copy_dir dir;
  void *dst;
  const void *src;
  size_t size;
  struct gtc_device *peer;
  void *kernel;
  void **vars;
  int32_t nvars, num_teams, thread_limit;
  bool caller_waits;		/* GT_LAUNCH_CALLER_WAITS.  */
  bool wait_here;		/* GT_LAUNCH_WAIT_HERE.  */
  void (*fn) (void *);
  void *arg;
};

int gtc_submit (struct gtc_device *dev, const struct gtc_op_desc *op,
		int32_t ndeps, tgt_event_t *deps, tgt_event_t *event)
  GTC_HIDDEN;
/* The synchronous interface: the operation of D, run on DEV and waited
   for.  A software queue runs it on the calling thread at once, outside
   the queue -- no lock, no event -- and a hardware queue issues it on the
   thread's home queue and waits.  Either way it is not ordered after work
   queued before: a caller that depends on such work waits for it
   first.  */
int gtc_run_now (struct gtc_device *dev, const struct gtc_op_desc *d)
  GTC_HIDDEN;
int gtc_event_wait (tgt_event_t event) GTC_HIDDEN;
/* 0: EVENT has completed and what came before it succeeded; 1: it has not
   completed; GT_RTL_FAIL: something up to it failed, or no such event.  */
int gtc_event_query (tgt_event_t event) GTC_HIDDEN;
int gtc_device_wait (struct gtc_device *dev) GTC_HIDDEN;
/* 1 if work queued on DEV has not completed yet, else 0.  */
int gtc_device_query (struct gtc_device *dev) GTC_HIDDEN;
int gtc_event_notify (tgt_event_t event, tgt_sync_event_t token) GTC_HIDDEN;
bool gtc_event_valid (tgt_event_t event) GTC_HIDDEN;
struct gtc_device *gtc_event_device (tgt_event_t event) GTC_HIDDEN;
extern tgt_callback_fct gtc_completion_callback GTC_HIDDEN;

#endif /* GT_PLUGIN_CORE_H */
