/* plugin-gcn.h -- the internals of the GCN plugin (AMD GPUs through the
   HSA runtime): its view of agents, images, kernels and AQL queues, and
   what its files share.  The files:
     plugin-gcn.c   the vendor description for the plugin core, devices,
		    device memory, the environment;
     gcn-hsa.c      the HSA runtime: dlopen, the function table of
		    hsa-lib.def, status messages, the agents;
     gcn-image.c    GCC images: the mkoffload descriptor of each GCC
		    version, the ISA check, loading into an executable,
		    kernels, variables, the ICV variable, indirect functions,
		    the init/fini array kernels, the reverse-offload table;
     gcn-launch.c   kernel launches: geometry, the kernel argument block of
		    each GCC version, stacks, team arenas, LDS;
     gcn-queue.c    AQL queues as the core's hardware queues: steps with
		    completion signals, barrier-AND packets, host steps
		    (copies, host calls), the serving loop and its thread;
     gcn-console.c  the host side of the console ring: device output,
		    exit and abort, reverse-offload requests (served by the
		    front end's GOMPTARGET_PLUGIN_target_rev).

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

#ifndef GT_PLUGIN_GCN_H
#define GT_PLUGIN_GCN_H

#include "plugin-core.h"

#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>

#include "kernarg.h"

#define GCN_HIDDEN GTC_HIDDEN

/* GCC's offload target type of GCN images.  */
#define GCN_TARGET_TYPE 8

/* ---- The HSA runtime (gcn-hsa.c).  ---- */

/* Every function of hsa-lib.def, looked up in the runtime library; the
   optional ones may be NULL.  */
struct gcn_hsa_fns
{
#define HSA_REQUIRED(name) __typeof__ (name) *name;
#define HSA_OPTIONAL(name) __typeof__ (name) *name;
#include "hsa-lib.def"
};
extern struct gcn_hsa_fns gcn_hsa GCN_HIDDEN;

/* Open the runtime, hsa_init, and find the GPU agents: their number (0,
   with the reason under GOMP_DEBUG, when there is no runtime or no GPU).
   AGENTS receives up to MAX of them.  */
int gcn_hsa_open (hsa_agent_t *agents, int max) GCN_HIDDEN;
/* What gcn_hsa_open opened, for gomptarget-info: the runtime's file and
   its HSA version.  */
extern const char *gcn_hsa_file GCN_HIDDEN;
extern uint16_t gcn_hsa_major GCN_HIDDEN;
extern uint16_t gcn_hsa_minor GCN_HIDDEN;

/* hsa_status_string of S, never NULL.  */
const char *gcn_status (hsa_status_t s) GCN_HIDDEN;

/* An error line "libgomptarget: gcn: <FMT>: <status string>".  */
void gcn_error (hsa_status_t s, const char *fmt, ...)
  __attribute__ ((format (printf, 2, 3))) GCN_HIDDEN;

/* ISAs: the EF_AMDGPU_MACH value of an ISA name ("gfx906", or
   "gfx90a:xnack+": what precedes the first ':'), 0 if unknown; the name
   of an EF_AMDGPU_MACH value, NULL if unknown; the VGPRs a wave may use
   at most on it.  */
int gcn_isa_mach (const char *name) GCN_HIDDEN;
const char *gcn_isa_name (int mach) GCN_HIDDEN;
int gcn_isa_max_vgprs (int mach) GCN_HIDDEN;

/* ---- Settings from the environment (plugin-gcn.c), read once.  ---- */

struct gcn_settings
{
  size_t heap_size;		/* GCN_HEAP_SIZE.  */
  uint32_t stack_size;		/* GCN_STACK_SIZE (GCC 13/14 images).  */
  uint32_t team_arena_size;	/* GCN_TEAM_ARENA_SIZE (GCC 13/14).  */
  long lowlat_pool;		/* GOMP_GCN_LOWLAT_POOL, -1 if unset.  */
  uint32_t num_teams;		/* GCN_NUM_TEAMS / GCN_NUM_GANGS, 0.  */
  uint32_t num_threads;		/* GCN_NUM_THREADS / GCN_NUM_WORKERS, 0.  */
};
extern struct gcn_settings gcn_settings GCN_HIDDEN;

/* ---- Devices.  ---- */

struct gcn_queue;
struct gcn_signal;
struct gcn_kernargs;
struct gcn_ephemeral;

struct gcn_device
{
  struct gtc_device core;
  hsa_agent_t agent;
  char name[64];		/* The agent's name: its ISA, "gfx906".  */
  int mach;			/* Its EF_AMDGPU_MACH, 0 if unknown.  */
  uint32_t cu_count;
  uint32_t queue_size;		/* Packets of the AQL queues made.  */
  hsa_region_t kernarg_region;	/* Host-accessible: kernel arguments.  */
  hsa_region_t data_region;	/* The device's own memory.  */
  size_t data_size;

  /* Every queue of the device, the service queue included.  */
  pthread_mutex_t queues_lock;
  struct gcn_queue *queues;
  struct gcn_queue *service;	/* For init/fini kernels.  */

  /* Guards the lists below.  */
  pthread_mutex_t lock;
  struct gcn_signal *free_signals;
  struct gcn_kernargs *free_kernargs;
  struct gcn_ephemeral *ephemerals;

  /* Serving the device (gcn-queue.c).  */
  pthread_mutex_t serve_lock;	/* One thread serves at a time.  */
  struct gtc_server server;	/* Its work: the steps in flight; its
				   pollers: the threads waiting for a
				   queue of the device, serving it
				   meanwhile.  */
};

static inline struct gcn_device *
gcn_device_of (struct gtc_device *d)
{
  return (struct gcn_device *) d;
}

/* ---- Images and kernels (gcn-image.c).  ---- */

/* Which kernel argument block an image's kernels read.  */
enum gcn_abi
{
  GCN_ABI_GCC12,		/* Device version 2: GCC 12 and 13.  */
  GCN_ABI_GCC14			/* Device version 3: GCC 14 (stacks).  */
};

struct gcn_image;

struct gcn_kernel
{
  struct gcn_image *image;
  const char *name;		/* The region's name, "main._omp_fn.0".  */
  uint64_t object;		/* 0: no code (no "<name>.kd").  */
  uint32_t kernarg_size;
  uint32_t group_size;		/* LDS the kernel needs.  */
  uint32_t private_size;
  int vgprs;			/* From the descriptor; 0 unknown.  */
  bool init_fini;		/* _init_array or _fini_array.  */
};

struct gcn_image
{
  struct gtc_image core;
  enum gcn_abi abi;
  bool have_code, have_exec;
  hsa_code_object_t code;
  hsa_executable_t exec;
  struct gcn_kernel *kernels;	/* Every kernel record.  */
  unsigned nkernels;
  struct gcn_kernel **funcs;	/* By host function index.  */
  unsigned nfuncs;
  struct gcn_kernel *init, *fini;
  uint64_t (*vars)[2];		/* {address, size} by variable index.  */
  unsigned nvars;
  void *heap;			/* struct gcn_heap in device memory.  */
  void *ind_map;		/* The indirect-function map, or NULL.  */
  uint64_t icvs;		/* The ICV variable, 0 if none.  */
  uint32_t icvs_size;
};

bool gcn_image_ok (const struct gt_gcc_image *) GCN_HIDDEN;
/* For gomptarget-info: the gtc_vendor callback describe_image.  */
void gcn_describe_image (const struct gt_gcc_image *, char *buf,
			 size_t size) GCN_HIDDEN;
int gcn_load_image (struct gtc_device *, struct gtc_image *) GCN_HIDDEN;
int gcn_find_kernel (struct gtc_device *, struct gtc_image *, size_t,
		     struct gtc_kernel *) GCN_HIDDEN;
int gcn_find_variable (struct gtc_device *, struct gtc_image *, size_t,
		       void **, size_t *) GCN_HIDDEN;
int gcn_find_icvs (struct gtc_device *, struct gtc_image *, void **,
		   size_t *) GCN_HIDDEN;
void gcn_unload_image (struct gtc_device *, struct gtc_image *) GCN_HIDDEN;
/* The vendor's rev_fn_table: the device addresses of the image's
   ancestor-region functions (from .offload_func_table), by host function
   index.  */
int gcn_rev_fn_table (struct gtc_device *, struct gtc_image *, uint64_t *,
		      size_t) GCN_HIDDEN;

/* ---- Launches (gcn-launch.c).  ---- */

/* A kernel argument block in the kernarg region, with room after it for
   the address array of CAP variables.  */
struct gcn_kernargs
{
  struct gcn_kernargs *next;	/* Free list.  */
  void *block;
  size_t cap;
};

/* Stack and team-arena memory of a launch, reused by later ones.  */
struct gcn_ephemeral
{
  struct gcn_ephemeral *next;
  void *addr;
  size_t size;
  bool in_use;
};

/* Everything a kernel step holds while its kernel runs.  */
struct gcn_launch
{
  struct gcn_kernel *kernel;
  struct gcn_kernargs *kernargs;
  struct gcn_output *out;	/* Its console ring.  */
  struct gcn_ephemeral *ephemeral;
  uint32_t teams, threads, group_size;
};

/* Prepare a launch of KERNEL with the address array VARS[NVARS]: the
   geometry from NUM_TEAMS and THREAD_LIMIT (0: the plugin's choice), a
   kernel argument block, stacks and arenas.  Nonzero (reported) on
   failure.  Fill the dispatch packet PKT (all but its header).  */
int gcn_launch_prepare (struct gcn_device *, struct gcn_kernel *,
			void **vars, int32_t nvars, int32_t num_teams,
			int32_t thread_limit, struct gcn_launch *,
			hsa_kernel_dispatch_packet_t *pkt) GCN_HIDDEN;
/* Give back what a finished launch held.  */
void gcn_launch_release (struct gcn_device *, struct gcn_launch *)
  GCN_HIDDEN;
/* Free the kernarg blocks and ephemeral memory of DEV.  */
void gcn_launch_fini (struct gcn_device *) GCN_HIDDEN;

/* ---- Queues (gcn-queue.c).  ---- */

/* A completion signal, reference-counted: a signal is used again only
   when no packet and no waiting queue refers to it any more.  */
struct gcn_signal
{
  struct gcn_signal *next;	/* Free list.  */
  struct gcn_device *owner;
  hsa_signal_t h;
  unsigned refs;
  /* Under GOMPTARGET_PROFILE, the signal of a host step's copy: when the
     copy was done, by the front end's clock (0: not yet).  */
  uint64_t done_ns;
};

enum gcn_step_kind
{
  GCN_STEP_KERNEL,		/* A kernel-dispatch packet.  */
  GCN_STEP_WAIT,		/* A barrier-AND packet on another queue.  */
  GCN_STEP_HOST			/* Host work (a copy, a host call) and the
				   barrier-AND packet that holds the queue
				   until it is done.  */
};

enum gcn_host_kind
{
  GCN_HOST_COPY,
  GCN_HOST_CALL
};

/* One operation in flight on a queue, in issue order.  Its SIGNAL is
   decremented by its packet when the packet has completed: what later
   steps and other queues wait for.  */
struct gcn_step
{
  struct gcn_step *next;
  enum gcn_step_kind kind;
  struct gcn_signal *signal;
  struct gcn_signal *dep;	/* WAIT: the other queue's signal.  */
  struct gcn_signal *gate;	/* HOST: set to 0 once the work is done.  */
  bool pending;			/* Its packet is not in the AQL queue yet
				   (the queue was full).  */
  bool running, done;		/* HOST.  */
  bool serving;			/* KERNEL: a thread works on its ring
				   without the locks (reverse offload).  */
  struct gcn_launch launch;	/* KERNEL.  */
  enum gcn_host_kind host;	/* HOST.  */
  enum gtc_copy_dir dir;
  void *dst;
  const void *src;
  size_t size;
  struct gtc_device *peer;
  void (*fn) (void *);
  void *arg;
  unsigned char packet[64];	/* PENDING: the packet to write.  */
};

struct gcn_queue
{
  struct gtc_queue core;	/* Unused for the service queue.  */
  struct gcn_device *dev;
  struct gcn_queue *next;	/* In DEV's list.  */
  hsa_queue_t *aql;
  pthread_mutex_t lock;		/* Guards the steps.  */
  struct gcn_step *head, *tail;
  struct gcn_step *first_pending;
  uint64_t pushed, retired;	/* Steps so far (atomic).  */
  bool failed;			/* A host step failed.  */
  /* GOMPTARGET_PROFILE or an OMPT trace (gcn-profile.c): the queue can
     profile its dispatches, and does once PROFILING (under the core's
     lock of the queue); a reading of the HSA system clock (TS_TICKS, at
     TS_FREQ per second) and of the front end's (TS_NS) at the same
     time.  */
  bool timed, profiling;
  uint64_t ts_ticks, ts_ns, ts_freq;
  /* The completion signal of the last kernel issued, referenced, until
     gcn_time_end takes it (under the core's lock of the queue).  */
  struct gcn_signal *timed_signal;
  /* The last copy issued was done at once, the queue being idle; or,
     under GOMPTARGET_PROFILE, the completion signal of its host step,
     referenced (both read by gcn_time_end, under the core's lock of the
     queue).  */
  bool copied_now;
  struct gcn_signal *copy_signal;
};

int gcn_queue_init (struct gtc_queue *) GCN_HIDDEN;
void gcn_queue_fini (struct gtc_queue *) GCN_HIDDEN;
/* The service queue of DEV, made at init_device.  */
struct gcn_queue *gcn_queue_make (struct gcn_device *, struct gcn_queue *)
  GCN_HIDDEN;
void gcn_queue_destroy (struct gcn_queue *) GCN_HIDDEN;

int gcn_copy (struct gtc_queue *, enum gtc_copy_dir, void *, const void *,
	      size_t, struct gtc_device *) GCN_HIDDEN;
int gcn_launch (struct gtc_queue *, void *, void **, int32_t, int32_t,
		int32_t) GCN_HIDDEN;
int gcn_issue_wait (struct gtc_queue *, struct gtc_queue *) GCN_HIDDEN;
int gcn_issue_host_call (struct gtc_queue *, void (*) (void *), void *)
  GCN_HIDDEN;
int gcn_sync (struct gtc_queue *) GCN_HIDDEN;
/* Drop a reference to SIG.  */
void gcn_queue_signal_put (struct gcn_signal *sig) GCN_HIDDEN;

/* gcn-profile.c: the device's times of kernels, for GOMPTARGET_PROFILE
   (gtc_vendor's time_end and time_read).  */
void gcn_times_init (struct gcn_queue *q) GCN_HIDDEN;
/* Whether the device's times of Q's next dispatch are wanted (the
   queue's profiling turned on when first needed); under the core's lock
   of Q.  */
bool gcn_times_wanted (struct gcn_queue *q) GCN_HIDDEN;
void *gcn_time_end (struct gtc_queue *, int, void *, uint64_t) GCN_HIDDEN;
int gcn_time_read (struct gtc_queue *, void *, uint64_t *, uint64_t *,
		   uint64_t *, uint64_t *) GCN_HIDDEN;

/* Run KERNEL (an init/fini kernel) on DEV's service queue and wait for
   it, serving the device meanwhile.  */
int gcn_run_service_kernel (struct gcn_device *, struct gcn_kernel *)
  GCN_HIDDEN;

/* Copy now (hsa_memory_copy); nonzero, reported, on failure.  */
int gcn_copy_now (struct gcn_device *, enum gtc_copy_dir, void *,
		  const void *, size_t, struct gtc_device *) GCN_HIDDEN;

/* The serving callback of gtc_wait_serve for DEV.  */
int gcn_serve (struct gtc_device *) GCN_HIDDEN;

/* Set up DEV's serving thread (the core's, started on first need);
   stop it and free DEV's signals.  */
void gcn_queues_init (struct gcn_device *) GCN_HIDDEN;
void gcn_queues_fini (struct gcn_device *) GCN_HIDDEN;

/* ---- The console ring (gcn-console.c).  ---- */

/* Reset OUT for a new launch.  */
void gcn_console_init (struct gcn_output *out) GCN_HIDDEN;

/* What draining a ring found.  */
enum gcn_drain
{
  GCN_DRAIN_IDLE,		/* Nothing new.  */
  GCN_DRAIN_PRINTED,		/* Printed what was there.  */
  GCN_DRAIN_REQUEST		/* Stopped at a reverse-offload slot.  */
};

/* Print the slots device DEV has finished, in order, up to the first one
   that is not written yet or asks for reverse offload (left in *SLOT, not
   consumed).  */
enum gcn_drain gcn_console_drain (struct gcn_device *dev,
				  struct gcn_output *out,
				  struct gcn_console_slot **slot) GCN_HIDDEN;

/* Serve the reverse-offload request in SLOT of OUT (the slot at index
   OUT->consumed, which gcn_console_drain left unconsumed), on device DEV,
   then give the slot back: clear its written flag, which is the device's
   reply, and release-store consumed + 1.  Called with no lock held; the
   kernel step is marked serving meanwhile, so that nobody else drains
   the ring.  */
void gcn_console_rev_offload (struct gcn_device *dev, struct gcn_output *out,
			      struct gcn_console_slot *slot) GCN_HIDDEN;

/* After a kernel has finished: what the exit value of its ring OUT says
   (the value in *VALUE).  */
enum gcn_end
{
  GCN_END_NORMAL,
  GCN_END_EXIT,			/* exit (n): end the program with n.  */
  GCN_END_ABORT,		/* abort, or another signal.  */
  GCN_END_CORRUPT		/* Neither 0xcafe nor 0xffff above.  */
};
enum gcn_end gcn_console_end (const struct gcn_output *out, uint32_t *value)
  GCN_HIDDEN;

/* Act on END of kernel KERNEL of DEV with exit value VALUE (no lock
   held): exit, abort, or report and abort.  */
void gcn_console_finish (struct gcn_device *dev, const char *kernel,
			 enum gcn_end end, uint32_t value)
  __attribute__ ((noreturn)) GCN_HIDDEN;

#endif /* GT_PLUGIN_GCN_H */
