/* queues.c -- AQL queues of the emulated HSA runtime, each served by a
   packet-processor thread.  The processor takes packet READ_INDEX once
   the doorbell signal has been rung with its index (or a later one) and
   its header names a packet type, honours the acquire and release fences
   of the header, runs it, marks the slot INVALID again, advances the read
   index and decrements the completion signal.

   Kernel-dispatch packets are checked (geometry, segment sizes, the kernel
   object of a frozen executable loaded for this agent, the kernarg block
   in kernarg memory, the console ring) and run as the host version of the
   kernel's function (plan contract 4) through
   GOMPTARGET_PLUGIN_run_host_region (contract 1), with the device number
   read from the code object's ICV variable (contract 2) and the address
   array read from kernarg offset 0.  Barrier-AND and barrier-OR packets
   wait for their dependency signals.  A malformed packet, a check that
   fails or an injected fault puts the queue in the error state (no more
   packets are processed) and calls the queue's callback, as a GPU queue
   error does; without a callback the process aborts.

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

#include "emul-hsa.h"

#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define PACKET_SIZE 64
#define QUEUE_MIN 64u
#define QUEUE_MAX 131072u
#define GROUP_MAX 65536u
#define WORKGROUP_MAX 1024u

struct emul_queue
{
  struct emul_obj obj;
  hsa_queue_t q;		/* What the caller sees.  */
  struct emul_agent *agent;
  struct emul_signal *doorbell;
  uint64_t write_index;
  uint64_t read_index;
  void (*callback) (hsa_status_t status, hsa_queue_t *source, void *data);
  void *callback_data;
  pthread_t thread;
  int stop;
  int inactive;			/* After a queue error.  */
  int wedged;			/* A kernel of it will never return.  */
  int profiling;		/* Dispatches note their times (atomic).  */
  struct emul_queue *next_live;
};

static struct emul_pool queue_pool = EMUL_POOL_INIT ("queue",
						     struct emul_queue);
static pthread_mutex_t live_lock = PTHREAD_MUTEX_INITIALIZER;
static struct emul_queue *live_queues;
static uint64_t next_queue_id;

typedef void (*run_host_region_fn) (int32_t device_num, void (*fn) (void *),
				    void *vars, int32_t num_teams,
				    int32_t thread_limit);
static run_host_region_fn run_host_region;
/* The same, with the ancestor regions of the kernel sent to a device-side
   writer (GOMPTARGET_PLUGIN_run_host_region_ancestor).  */
typedef void ancestor_fn (void *arg, void (*host_fn) (void *),
			  uint64_t mapnum, void **addrs, const size_t *sizes,
			  const unsigned short *kinds);
typedef void (*run_host_region_ancestor_fn) (int32_t device_num,
					     void (*fn) (void *), void *vars,
					     int32_t num_teams,
					     int32_t thread_limit,
					     ancestor_fn *ancestor,
					     void *ancestor_arg);
static run_host_region_ancestor_fn run_host_region_ancestor;
static pthread_once_t run_host_region_once = PTHREAD_ONCE_INIT;

static void
find_run_host_region (void)
{
  /* libgomptarget's services (plan contract 1, reverse-offload contract
     3), when the program uses gomptarget; otherwise kernels are called
     directly.  */
  run_host_region = (run_host_region_fn)
    dlsym (RTLD_DEFAULT, "GOMPTARGET_PLUGIN_run_host_region");
  run_host_region_ancestor = (run_host_region_ancestor_fn)
    dlsym (RTLD_DEFAULT, "GOMPTARGET_PLUGIN_run_host_region_ancestor");
  emul_trace ("GOMPTARGET_PLUGIN_run_host_region %s%s",
	      run_host_region ? "found" : "not found: kernels are called "
	      "directly", run_host_region_ancestor
	      ? "; ancestor regions go through the console ring" : "");
}

static struct emul_queue *
queue_get (const hsa_queue_t *queue, const char *api)
{
  struct emul_queue *q = NULL;

  if (queue != NULL)
    q = emul_pool_find (&queue_pool,
			(uint64_t) (uintptr_t) ((const char *) queue
						- offsetof (struct emul_queue,
							    q)));
  if (q == NULL && api != NULL)
    emul_report ("%s: %p is not a live queue", api, (const void *) queue);
  return q;
}

static uint16_t *
packet_header (struct emul_queue *q, uint64_t index)
{
  return (uint16_t *) ((char *) q->q.base_address
		       + (index & (q->q.size - 1)) * PACKET_SIZE);
}

/* Put Q in the error state and tell its owner.  MISUSE: the packet was
   wrong (diagnosed); otherwise an injected fault (traced).  */
static void __attribute__ ((format (printf, 4, 5)))
queue_error (struct emul_queue *q, hsa_status_t status, bool misuse,
	     const char *fmt, ...)
{
  char msg[512];
  va_list ap;

  va_start (ap, fmt);
  vsnprintf (msg, sizeof msg, fmt, ap);
  va_end (ap);
  if (misuse)
    emul_report ("queue %llu, packet %llu: %s", (unsigned long long) q->q.id,
		 (unsigned long long) q->read_index, msg);
  else
    emul_trace ("queue %llu, packet %llu: %s",
		(unsigned long long) q->q.id,
		(unsigned long long) q->read_index, msg);
  __atomic_store_n (&q->inactive, 1, __ATOMIC_RELEASE);
  if (q->callback != NULL)
    q->callback (status, &q->q, q->callback_data);
  else
    {
      const char *text = emul_status_text (status);

      emul_report ("queue %llu has no error callback; aborting, as the "
		   "runtime does on an unhandled queue error (%.40s...)",
		   (unsigned long long) q->q.id, text ? text : "unknown status");
      abort ();
    }
}

static void
complete (struct emul_signal *s)
{
  if (s != NULL)
    emul_signal_add (s, -1);
}

static void
fence (unsigned scope)
{
  if (scope != HSA_FENCE_SCOPE_NONE)
    EMUL_FENCE (__ATOMIC_SEQ_CST);
}

/* The live completion signal of a packet: false (queue error) if the
   handle is neither 0 nor a live signal.  */
static bool
packet_signal (struct emul_queue *q, hsa_signal_t h, const char *what,
	       struct emul_signal **out)
{
  *out = NULL;
  if (h.handle == 0)
    return true;
  *out = emul_signal_get (h, NULL);
  if (*out == NULL)
    {
      queue_error (q, HSA_STATUS_ERROR_INVALID_SIGNAL, true,
		   "%s 0x%llx is not a live signal", what,
		   (unsigned long long) h.handle);
      return false;
    }
  return true;
}

void
emul_dispatch_end_elsewhere (struct emul_dispatch *d)
{
  if (__atomic_exchange_n (&d->ended, 1, __ATOMIC_ACQ_REL) == 0)
    {
      __atomic_store_n (&d->queue->wedged, 1, __ATOMIC_RELEASE);
      EMUL_FENCE (__ATOMIC_SEQ_CST);
      complete (d->completion);
    }
}

/* The kernel of dispatch ARG, on the thread that runs it (inside the
   front end's region, when the front end runs it): exit and abort in the
   kernel come back to the setjmp here, so that only the kernel's own
   frames are left -- never the front end's, which restore the state of
   the thread they ran the region on.  */
static void
kernel_trampoline (void *arg)
{
  struct emul_dispatch *d = arg;
  struct emul_dispatch *saved = emul_dispatch_set_current (d);

  if (setjmp (d->exit_jmp) == 0)
    d->kernel->host_fn (d->vars);
  emul_dispatch_set_current (saved);
}

/* Run D's kernel.  */
static void __attribute__ ((noinline))
run_kernel (struct emul_dispatch *d)
{
  pthread_once (&run_host_region_once, find_run_host_region);
  emul_dispatch_enter (d);
  /* Ancestor regions reached by the kernel are sent to the host through
     the ring of its kernarg block.  */
  if (run_host_region_ancestor != NULL && d->out != NULL)
    run_host_region_ancestor (d->device_num, kernel_trampoline, d,
			      d->num_teams, d->thread_limit, emul_ancestor, d);
  else if (run_host_region != NULL)
    run_host_region (d->device_num, kernel_trampoline, d, d->num_teams,
		     d->thread_limit);
  else
    kernel_trampoline (d);
  emul_dispatch_leave (d);
  emul_rev_release (d);
}

static bool
kernel_named (const struct emul_symbol *k, const char *name)
{
  size_t n = strlen (name);

  return strncmp (k->name, name, n) == 0
	 && (k->name[n] == '\0' || strcmp (k->name + n, ".kd") == 0);
}

/* Run the kernel-dispatch packet P.  True when it ran: *DONE_OUT is then
   the completion signal to decrement, unless the kernel's end already
   did.  */
static bool
dispatch (struct emul_queue *q, hsa_kernel_dispatch_packet_t *p,
	  unsigned acquire, unsigned release, struct emul_signal **done_out)
{
  unsigned dims = (p->setup >> HSA_KERNEL_DISPATCH_PACKET_SETUP_DIMENSIONS)
		  & ((1u << HSA_KERNEL_DISPATCH_PACKET_SETUP_WIDTH_DIMENSIONS)
		     - 1);
  uint32_t wg[3] = { p->workgroup_size_x, p->workgroup_size_y,
		     p->workgroup_size_z };
  uint32_t grid[3] = { p->grid_size_x, p->grid_size_y, p->grid_size_z };
  struct emul_symbol *k;
  struct emul_signal *done;
  hsa_status_t status;
  uintptr_t start;
  size_t size;
  struct emul_region *region;
  struct emul_dispatch d;
  void *vars = NULL;
  uint64_t teams = 1;
  unsigned i;

  if (dims < 1 || dims > 3)
    {
      queue_error (q, HSA_STATUS_ERROR_INVALID_PACKET_FORMAT, true,
		   "kernel dispatch with %u dimensions", dims);
      return false;
    }
  for (i = 0; i < 3; i++)
    if (wg[i] == 0 || grid[i] == 0 || (i >= dims && (wg[i] != 1
						     || grid[i] != 1)))
      {
	queue_error (q, HSA_STATUS_ERROR_INVALID_PACKET_FORMAT, true,
		     "bad geometry for %u dimensions: grid %ux%ux%u, "
		     "work-group %ux%ux%u", dims, grid[0], grid[1], grid[2],
		     wg[0], wg[1], wg[2]);
	return false;
      }
  if ((uint64_t) wg[0] * wg[1] * wg[2] > WORKGROUP_MAX)
    {
      queue_error (q, HSA_STATUS_ERROR_INVALID_PACKET_FORMAT, true,
		   "work-group %ux%ux%u exceeds %u work-items", wg[0], wg[1],
		   wg[2], WORKGROUP_MAX);
      return false;
    }
  k = emul_kernel_find (p->kernel_object, q->agent, &status);
  if (k == NULL)
    {
      queue_error (q, status, true, "kernel object 0x%llx is not a kernel "
		   "of a frozen executable loaded for agent %s",
		   (unsigned long long) p->kernel_object, q->agent->name);
      return false;
    }
  if (p->group_segment_size < k->group_size
      || p->group_segment_size > GROUP_MAX)
    {
      queue_error (q, HSA_STATUS_ERROR_INVALID_ARGUMENT, true,
		   "kernel %s: group segment size %u, needs %u to %u",
		   k->name, p->group_segment_size, k->group_size, GROUP_MAX);
      goto fail;
    }
  if (p->private_segment_size < k->private_size)
    {
      queue_error (q, HSA_STATUS_ERROR_INVALID_ARGUMENT, true,
		   "kernel %s: private segment size %u, needs at least %u",
		   k->name, p->private_segment_size, k->private_size);
      goto fail;
    }
  memset (&d, 0, sizeof d);
  if (k->kernarg_size > 0)
    {
      uintptr_t ka = (uintptr_t) p->kernarg_address;
      if (ka == 0 || ka % 16 != 0
	  || !emul_mem_lookup (p->kernarg_address, &start, &size, &region)
	  || !(region->global_flags & HSA_REGION_GLOBAL_FLAG_KERNARG)
	  || ka - start + k->kernarg_size > size)
	{
	  queue_error (q, HSA_STATUS_ERROR_INVALID_ARGUMENT, true,
		       "kernel %s: kernarg_address %p is not %u bytes of "
		       "16-byte aligned, live kernarg-region memory",
		       k->name, p->kernarg_address, k->kernarg_size);
	  goto fail;
	}
      vars = *(void **) p->kernarg_address;
      /* The device runtime reads out_ptr beyond the kernel's own
	 argument when the block has it.  */
      if (ka - start + GCN_KERNARG_OUT_PTR + 8 <= size)
	{
	  uintptr_t out = *(uintptr_t *) (ka + GCN_KERNARG_OUT_PTR);
	  uintptr_t os;
	  size_t osize;
	  if (out != 0
	      && (!emul_mem_lookup ((void *) out, &os, &osize, NULL)
		  || out - os + sizeof (struct gcn_output) > osize))
	    {
	      queue_error (q, (hsa_status_t)
			   HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION, true,
			   "kernel %s: out_ptr %p (kernarg offset %d) is not "
			   "a console ring of %zu bytes in live memory",
			   k->name, (void *) out, GCN_KERNARG_OUT_PTR,
			   sizeof (struct gcn_output));
	      goto fail;
	    }
	  d.out = (struct gcn_output *) out;
	}
    }
  if (!packet_signal (q, p->completion_signal, "completion_signal", &done))
    goto fail;
  if (emul_fault (EMUL_FAULT_KERNEL)
      || (emul_cfg.fault_kernel[0] != '\0'
	  && kernel_named (k, emul_cfg.fault_kernel)))
    {
      queue_error (q, HSA_STATUS_ERROR_EXCEPTION, false,
		   "kernel %s: fault injected", k->name);
      goto fail;
    }
  if (k->host_fn == NULL && !kernel_named (k, "_init_array")
      && !kernel_named (k, "_fini_array"))
    {
      queue_error (q, HSA_STATUS_ERROR_EXCEPTION, true,
		   "kernel %s: the program has no host function '%s' to run "
		   "in its place (stripped executable?)", k->name,
		   k->host_name);
      goto fail;
    }

  for (i = 0; i < 3; i++)
    teams *= (grid[i] + wg[i] - 1) / wg[i];
  d.kernel = k;
  d.queue = q;
  d.agent = q->agent;
  pthread_mutex_init (&d.rev_lock, NULL);
  d.vars = vars;
  d.num_teams = (int32_t) (teams > INT32_MAX ? INT32_MAX : teams);
  d.thread_limit = dims == 3 ? (int32_t) wg[2] : 1;
  d.completion = done;
  d.device_num = k->device_num_var != NULL
		 ? __atomic_load_n (k->device_num_var, __ATOMIC_ACQUIRE) : 0;
  d.thread = pthread_self ();
  emul_trace ("queue %llu: dispatch %s: grid %ux%ux%u, work-group "
	      "%ux%ux%u, kernarg %p, group %u, private %u, device %d, "
	      "vars %p", (unsigned long long) q->q.id, k->name, grid[0],
	      grid[1], grid[2], wg[0], wg[1], wg[2], p->kernarg_address,
	      p->group_segment_size, p->private_segment_size, d.device_num,
	      vars);

  fence (acquire);
  /* What ROCr's packet processor writes into the completion signal of a
     profiled queue's dispatch: its start and end on the system clock.  */
  if (done != NULL && __atomic_load_n (&q->profiling, __ATOMIC_RELAXED))
    {
      __atomic_store_n (&done->start_ts, emul_device_ns (),
			__ATOMIC_RELAXED);
      __atomic_store_n (&done->end_ts, 0, __ATOMIC_RELAXED);
    }
  if (k->host_fn != NULL)
    run_kernel (&d);
  if (done != NULL && __atomic_load_n (&q->profiling, __ATOMIC_RELAXED))
    __atomic_store_n (&done->end_ts, emul_device_ns (), __ATOMIC_RELAXED);
  pthread_mutex_destroy (&d.rev_lock);
  if (d.out != NULL && emul_cfg.corrupt_kernel[0] != '\0'
      && kernel_named (k, emul_cfg.corrupt_kernel))
    {
      /* What a kernel scribbling over its ring leaves.  */
      emul_trace ("kernel %s: exit value corrupted", k->name);
      __atomic_store_n (&d.out->return_value, (int32_t) EMUL_CORRUPT_VALUE,
			__ATOMIC_RELEASE);
    }
  fence (release);
  emul_kernel_release (k);
  if (__atomic_exchange_n (&d.ended, 1, __ATOMIC_ACQ_REL) == 0)
    *done_out = done;
  return true;

 fail:
  emul_kernel_release (k);
  return false;
}

static bool
barrier (struct emul_queue *q, void *pkt, bool any,
	 struct emul_signal **done_out)
{
  /* The AND and OR packets have the same layout.  */
  hsa_barrier_and_packet_t *b = pkt;
  struct emul_signal *deps[5], *done;
  int i, n = 0;

  for (i = 0; i < 5; i++)
    {
      struct emul_signal *s;
      if (!packet_signal (q, b->dep_signal[i], "dep_signal", &s))
	return false;
      if (s != NULL)
	deps[n++] = s;
    }
  if (!packet_signal (q, b->completion_signal, "completion_signal", &done))
    return false;
  if (any && n > 0)
    {
      for (;;)
	{
	  for (i = 0; i < n; i++)
	    if (__atomic_load_n (&deps[i]->value, __ATOMIC_ACQUIRE) == 0)
	      break;
	  if (i < n || __atomic_load_n (&q->stop, __ATOMIC_ACQUIRE))
	    break;
	  emul_signal_wait (deps[0], HSA_SIGNAL_CONDITION_EQ, 0, 1000000,
			    false);
	}
    }
  else
    for (i = 0; i < n; i++)
      while (emul_signal_wait (deps[i], HSA_SIGNAL_CONDITION_EQ, 0, 10000000,
			       false) != 0)
	if (__atomic_load_n (&q->stop, __ATOMIC_ACQUIRE))
	  return false;
  if (__atomic_load_n (&q->stop, __ATOMIC_ACQUIRE))
    return false;
  *done_out = done;
  return true;
}

static uint64_t
now_ms (void)
{
  return emul_now_ns () / 1000000u;
}

static void *
queue_main (void *arg)
{
  struct emul_queue *q = arg;
  uint64_t waiting_since = 0;
  bool warned = false;

  while (!__atomic_load_n (&q->stop, __ATOMIC_ACQUIRE))
    {
      uint64_t idx = q->read_index;
      uint16_t *hp = packet_header (q, idx);
      /* The doorbell before the header: a producer publishes the header,
	 then rings, so a ring read here has its header visible below.
	 Read the other way round, a header read just before the producer
	 published it and a ring read just after would make the wait
	 below wait for the ring after that one, which a program waiting
	 for this packet never makes.  */
      int64_t bell = __atomic_load_n (&q->doorbell->value, __ATOMIC_ACQUIRE);
      uint16_t header = __atomic_load_n (hp, __ATOMIC_ACQUIRE);
      unsigned type = (header >> HSA_PACKET_HEADER_TYPE)
		      & ((1u << HSA_PACKET_HEADER_WIDTH_TYPE) - 1);
      unsigned acquire, release;
      struct emul_signal *done = NULL;
      bool ok;

      if (__atomic_load_n (&q->inactive, __ATOMIC_ACQUIRE)
	  || type == HSA_PACKET_TYPE_INVALID || bell < (int64_t) idx)
	{
	  /* A packet published without ringing the doorbell is never
	     processed by the hardware either: say so once.  */
	  if (type != HSA_PACKET_TYPE_INVALID && bell < (int64_t) idx
	      && !__atomic_load_n (&q->inactive, __ATOMIC_ACQUIRE))
	    {
	      if (waiting_since == 0)
		waiting_since = now_ms ();
	      else if (!warned && now_ms () - waiting_since > 2000)
		{
		  emul_report ("queue %llu: packet %llu has a valid header but "
			       "the doorbell was rung only up to %lld",
			       (unsigned long long) q->q.id,
			       (unsigned long long) idx, (long long) bell);
		  warned = true;
		}
	    }
	  /* Rung past a header not yet published (several producers, one
	     ringing for a later packet): looked at again soon, as the next
	     ring may not come.  */
	  emul_signal_wait (q->doorbell, HSA_SIGNAL_CONDITION_NE, bell,
			    type != HSA_PACKET_TYPE_INVALID
			    || bell >= (int64_t) idx ? 1000000 : 100000000,
			    false);
	  continue;
	}
      waiting_since = 0;
      warned = false;

      acquire = (header >> HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE) & 3;
      release = (header >> HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE) & 3;
      if (acquire > HSA_FENCE_SCOPE_SYSTEM || release > HSA_FENCE_SCOPE_SYSTEM)
	{
	  queue_error (q, HSA_STATUS_ERROR_INVALID_PACKET_FORMAT, true,
		       "header 0x%04x: fence scope 3 does not exist", header);
	  continue;
	}
      switch (type)
	{
	case HSA_PACKET_TYPE_KERNEL_DISPATCH:
	  ok = dispatch (q, (hsa_kernel_dispatch_packet_t *) hp, acquire,
			 release, &done);
	  break;
	case HSA_PACKET_TYPE_BARRIER_AND:
	case HSA_PACKET_TYPE_BARRIER_OR:
	  fence (acquire);
	  ok = barrier (q, hp, type == HSA_PACKET_TYPE_BARRIER_OR, &done);
	  fence (release);
	  break;
	default:
	  queue_error (q, HSA_STATUS_ERROR_INVALID_PACKET_FORMAT, true,
		       "packet type %u is not supported", type);
	  ok = false;
	  break;
	}
      if (!ok)
	continue;
      /* The slot is free before the completion signal says so.  */
      __atomic_store_n (hp, (uint16_t) (HSA_PACKET_TYPE_INVALID
					 << HSA_PACKET_HEADER_TYPE),
			__ATOMIC_RELEASE);
      __atomic_store_n (&q->read_index, idx + 1, __ATOMIC_RELEASE);
      complete (done);
    }
  return NULL;
}

hsa_status_t
hsa_queue_create (hsa_agent_t agent, uint32_t size, hsa_queue_type32_t type,
		  void (*callback) (hsa_status_t status, hsa_queue_t *source,
				    void *data),
		  void *data, uint32_t private_segment_size,
		  uint32_t group_segment_size, hsa_queue_t **queue)
{
  struct emul_agent *a;
  struct emul_queue *q;
  uint32_t i;

  EMUL_ENTER (hsa_queue_create);
  EMUL_CHECK_INIT ();
  a = emul_agent_get (agent);
  if (a == NULL)
    return HSA_STATUS_ERROR_INVALID_AGENT;
  if (queue == NULL || size == 0 || (size & (size - 1)) != 0
      || (type != HSA_QUEUE_TYPE_MULTI && type != HSA_QUEUE_TYPE_SINGLE)
      || (group_segment_size != UINT32_MAX && group_segment_size > GROUP_MAX))
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  if (!a->gpu || size < QUEUE_MIN || size > QUEUE_MAX)
    return HSA_STATUS_ERROR_INVALID_QUEUE_CREATION;
  (void) private_segment_size;
  if (emul_fault (EMUL_FAULT_QUEUE))
    return HSA_STATUS_ERROR_OUT_OF_RESOURCES;

  q = emul_pool_get (&queue_pool);
  if (q == NULL)
    return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  q->q.base_address = aligned_alloc (PACKET_SIZE,
				     (size_t) size * PACKET_SIZE);
  q->doorbell = emul_signal_new (-1);
  if (q->q.base_address == NULL || q->doorbell == NULL)
    goto fail;
  q->doorbell->doorbell = true;
  for (i = 0; i < size; i++)
    *packet_header (q, i) = HSA_PACKET_TYPE_INVALID << HSA_PACKET_HEADER_TYPE;
  q->q.type = type;
  q->q.features = HSA_QUEUE_FEATURE_KERNEL_DISPATCH;
  q->q.doorbell_signal = emul_signal_handle (q->doorbell);
  q->q.size = size;
  q->q.id = __atomic_add_fetch (&next_queue_id, 1, __ATOMIC_RELAXED);
  q->agent = a;
  q->callback = callback;
  q->callback_data = data;
  if (pthread_create (&q->thread, NULL, queue_main, q) != 0)
    goto fail;
  pthread_mutex_lock (&live_lock);
  q->next_live = live_queues;
  live_queues = q;
  pthread_mutex_unlock (&live_lock);
  emul_trace ("hsa_queue_create: queue %llu of %u packets on %s",
	      (unsigned long long) q->q.id, size, a->name);
  *queue = &q->q;
  return HSA_STATUS_SUCCESS;

 fail:
  free (q->q.base_address);
  if (q->doorbell != NULL)
    emul_signal_delete (q->doorbell);
  emul_pool_put (&queue_pool, q);
  return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
}

/* Stop Q's packet processor.  */
static void
stop_queue (struct emul_queue *q)
{
  if (__atomic_exchange_n (&q->stop, 1, __ATOMIC_ACQ_REL))
    return;
  emul_signal_wake (q->doorbell);
  if (__atomic_load_n (&q->wedged, __ATOMIC_ACQUIRE))
    /* Its processor runs a kernel that ended by exit on another thread
       and will never return.  */
    pthread_detach (q->thread);
  else
    pthread_join (q->thread, NULL);
}

hsa_status_t
hsa_queue_destroy (hsa_queue_t *queue)
{
  struct emul_queue *q, **p;

  EMUL_ENTER (hsa_queue_destroy);
  EMUL_CHECK_INIT ();
  q = queue_get (queue, "hsa_queue_destroy");
  if (q == NULL)
    return HSA_STATUS_ERROR_INVALID_QUEUE;
  pthread_mutex_lock (&live_lock);
  for (p = &live_queues; *p != NULL; p = &(*p)->next_live)
    if (*p == q)
      {
	*p = q->next_live;
	break;
      }
  pthread_mutex_unlock (&live_lock);
  stop_queue (q);
  if (!__atomic_load_n (&q->wedged, __ATOMIC_ACQUIRE))
    {
      free (q->q.base_address);
      emul_signal_delete (q->doorbell);
    }
  emul_pool_put (&queue_pool, q);
  return HSA_STATUS_SUCCESS;
}

void
emul_queues_shutdown (void)
{
  struct emul_queue *q;

  pthread_mutex_lock (&live_lock);
  for (q = live_queues; q != NULL; q = q->next_live)
    stop_queue (q);
  pthread_mutex_unlock (&live_lock);
}

uint64_t
hsa_queue_load_read_index_acquire (const hsa_queue_t *queue)
{
  struct emul_queue *q = queue_get (queue,
				    "hsa_queue_load_read_index_acquire");
  return q ? __atomic_load_n (&q->read_index, __ATOMIC_ACQUIRE) : 0;
}

uint64_t
hsa_queue_load_read_index_scacquire (const hsa_queue_t *queue)
{
  struct emul_queue *q = queue_get (queue,
				    "hsa_queue_load_read_index_scacquire");
  return q ? __atomic_load_n (&q->read_index, __ATOMIC_ACQUIRE) : 0;
}

uint64_t
hsa_queue_load_write_index_relaxed (const hsa_queue_t *queue)
{
  struct emul_queue *q = queue_get (queue,
				    "hsa_queue_load_write_index_relaxed");
  return q ? __atomic_load_n (&q->write_index, __ATOMIC_RELAXED) : 0;
}

uint64_t
hsa_queue_add_write_index_release (const hsa_queue_t *queue, uint64_t value)
{
  struct emul_queue *q = queue_get (queue,
				    "hsa_queue_add_write_index_release");
  return q ? __atomic_fetch_add (&q->write_index, value, __ATOMIC_RELEASE)
	   : 0;
}

uint64_t
hsa_queue_add_write_index_screlease (const hsa_queue_t *queue,
				     uint64_t value)
{
  struct emul_queue *q = queue_get (queue,
				    "hsa_queue_add_write_index_screlease");
  return q ? __atomic_fetch_add (&q->write_index, value, __ATOMIC_RELEASE)
	   : 0;
}

/* ---- Profiling (hsa_ext_amd.h).  ---- */

hsa_status_t
hsa_amd_profiling_set_profiler_enabled (hsa_queue_t *queue, int enable)
{
  struct emul_queue *q;

  EMUL_ENTER (hsa_amd_profiling_set_profiler_enabled);
  EMUL_CHECK_INIT ();
  if (queue == NULL)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  q = queue_get (queue, "hsa_amd_profiling_set_profiler_enabled");
  if (q == NULL)
    return HSA_STATUS_ERROR_INVALID_QUEUE;
  __atomic_store_n (&q->profiling, enable != 0, __ATOMIC_RELAXED);
  return HSA_STATUS_SUCCESS;
}

/* The times of the dispatch SIGNAL last completed, already in the system
   clock's domain (the emulated agents have no clock of their own).  As in
   ROCr, a signal of no profiled dispatch gives what it holds: zeros for a
   signal never so used.  */
hsa_status_t
hsa_amd_profiling_get_dispatch_time (hsa_agent_t agent, hsa_signal_t signal,
				     hsa_amd_profiling_dispatch_time_t *time)
{
  struct emul_signal *s;

  EMUL_ENTER (hsa_amd_profiling_get_dispatch_time);
  EMUL_CHECK_INIT ();
  if (emul_agent_get (agent) == NULL)
    return HSA_STATUS_ERROR_INVALID_AGENT;
  s = emul_signal_get (signal, "hsa_amd_profiling_get_dispatch_time");
  if (s == NULL)
    return HSA_STATUS_ERROR_INVALID_SIGNAL;
  if (time == NULL)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  time->start = __atomic_load_n (&s->start_ts, __ATOMIC_RELAXED);
  time->end = __atomic_load_n (&s->end_ts, __ATOMIC_RELAXED);
  return HSA_STATUS_SUCCESS;
}
