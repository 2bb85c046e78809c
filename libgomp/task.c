/* task.c -- target tasks: a nowait target, target update or target
   enter/exit data becomes a detached task of the native runtime (GCC's
   libgomp), so that its depend clauses order it with host tasks and
   taskwait, taskgroup and barriers wait for it.  The task's work is
   queued on the device and the task completes when the device reports
   that work done (the plugins' completion callback fulfils its event):
   the thread that runs the task does not wait for the device.  When every
   predecessor of the new task is a target task queued on the same device
   (depend.c has the rule), the work is queued at once, at the directive,
   behind their completion events, and the native task only reports the
   completion.

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

#include "tasks.h"
#include "context.h"
#include "lifecycle.h"
#include "gomp-map-kinds.h"
#include "entry-points.h"
#include "depend.h"
#include "devices.h"
#include "device-calls.h"
#include "transfer.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The task's argument block.  GOMP_task stores the completion event in
   its first word; the arrays follow the header, then the copies of
   firstprivate data (the encountering frame may be gone by the time the
   task runs).  */
struct target_task
{
  void *event;
  enum gt_task_kind what;
  int device;
  void (*fn) (void *);
  size_t mapnum;
  unsigned flags;
  size_t nargs;			/* Words of the args copy, 0 if none.  */
};

#define ALIGN_UP(x, a) (((x) + (a) - 1) & ~((size_t) (a) - 1))

/* Does the native runtime complete a detached task when its event is
   fulfilled from another thread after the body has returned?  Not when
   the task's body ran inside a wait for dependences (taskwait depend, an
   undeferred task with depend clauses), in libgomp 12 and 14 alike: it
   takes the task as complete when its body returns.  So a target task's
   body run there (gt_dep_wait_depth) waits for the device and fulfils
   the event before it returns.  Elsewhere (barriers, taskwait,
   taskgroup) libgomp 13 and later do, and libgomp 12 does too, but it
   loses some fulfilments made after the body returned; with libgomp 12
   (no GOMP_taskwait_depend_nowait), every target task's body waits.  */
static int native_detach;		/* 0 unknown, 1 yes, -1 no.  */

static bool
callback_completion (void)
{
  int v = __atomic_load_n (&native_detach, __ATOMIC_RELAXED);

  if (GT_UNLIKELY (v == 0))
    {
      v = gt_native_symbol ("GOMP_taskwait_depend_nowait") ? 1 : -1;
      GT_ANNOTATE_ATOMIC (&native_detach);
      __atomic_store_n (&native_detach, v, __ATOMIC_RELAXED);
      gt_debug ("target tasks complete %s",
		v > 0 ? "from the plugins' completion callback"
		      : "when their body has waited for the device "
			"(libgomp 12)");
    }
  return v > 0;
}

/* The target task's work Q is queued: tell the native runtime (event
   EVENT) once it is complete.  */
static void
complete_when_done (struct gt_queued *q, void *event)
{
  if (callback_completion ())
    {
      if (GT_LIKELY (gt_dep_wait_depth == 0))
	gt_queued_complete (q, event);
      else
	gt_queued_complete_now (q, event);
    }
  else
    {
      gt_queued_wait (q);
      omp_fulfill_event ((omp_event_handle_t) (uintptr_t) event);
    }
}

static void
target_task_body (void *arg)
{
  struct target_task *t = arg;
  char *base = arg;
  size_t off = ALIGN_UP (sizeof *t, sizeof (void *)), i;
  void **hostaddrs = (void **) (base + off);
  size_t *sizes = (size_t *) (hostaddrs + t->mapnum);
  void **args = t->nargs ? (void **) (sizes + t->mapnum) : NULL;
  unsigned short *kinds = (unsigned short *) ((void **) (sizes + t->mapnum)
					      + t->nargs);
  int prev = gt_current_device;
  struct gt_device *dev;

  /* firstprivate items hold offsets of their copies in this block.  */
  if (t->what == GT_TASK_REGION)
    for (i = 0; i < t->mapnum; i++)
      if ((kinds[i] & 0xff) == GT_MAP_FIRSTPRIVATE && hostaddrs[i] != NULL)
	hostaddrs[i] = base + (uintptr_t) hostaddrs[i];
  /* A task body is host code, wherever the thread was.  */
  gt_current_device = -1;
  dev = gt_resolve_device (t->device);
  if (dev != NULL && dev->async)
    {
      /* Queue the work; the device reports its completion.  */
      struct gt_queued *q
	= gt_queue_target_construct (t->what, dev, t->fn, t->mapnum,
				     hostaddrs, sizes, kinds, t->flags, args,
				     0, NULL, callback_completion ());
      gt_current_device = prev;
      if (q != NULL)
	{
	  complete_when_done (q, t->event);
	  return;
	}
    }
  else
    gt_run_target_task (t->what, t->device, t->fn, t->mapnum, hostaddrs,
			sizes, kinds, t->flags, args);
  gt_current_device = prev;
  omp_fulfill_event ((omp_event_handle_t) (uintptr_t) t->event);
}

/* An empty task: see native_target_task.  */
static void
sentinel_body (void *unused)
{
  (void) unused;
}

/* Hand the target task BODY (DATA, SIZE bytes aligned to ALIGN, copied by
   the native runtime) to the native runtime as a detached task with the
   dependences DEPEND.  Its event is fulfilled from a thread of the plugin
   once the device is done (callback_completion).  libgomp 13 and 14
   lose such a fulfilment of a task whose body has returned when the team
   waits in a barrier and no task becomes ready by it: the threads are
   woken, find no task pending and sleep on.  So a sentinel, an empty task
   with the same dependences plus an out dependence on a key of the target
   task's own, follows each target task: the fulfilment always makes the
   sentinel ready, which the barrier notices.  */
static void
native_target_task (void (*body) (void *), void *data, size_t size,
		    size_t align, void **depend)
{
  /* A key of its own: dependences are matched by address value, and no
     object lives at these.  */
  static uintptr_t next_key;
  void *own = (void *) (((uintptr_t) 1 << 63)
			| __atomic_add_fetch (&next_key, 1, __ATOMIC_RELAXED));
  size_t n = 0, i, extra;
  omp_event_handle_t event;

  if (depend != NULL)
    n = (uintptr_t) depend[0] ? (uintptr_t) depend[0] : (uintptr_t) depend[1];
  extra = depend != NULL && (uintptr_t) depend[0] == 0 ? 5 : 2;
  void *dep[n + extra + 1];
  if (depend == NULL)
    {
      dep[0] = (void *) 1;
      dep[1] = (void *) 1;
      dep[2] = own;
    }
  else if ((uintptr_t) depend[0] != 0)
    {
      /* {n, nout, out addresses, in addresses}.  */
      dep[0] = (void *) (n + 1);
      dep[1] = (void *) ((uintptr_t) depend[1] + 1);
      dep[2] = own;
      for (i = 0; i < n; i++)
	dep[3 + i] = depend[2 + i];
    }
  else
    {
      /* {0, n, nout, nmutexinoutset, nin, addresses..., depobjs...}.  */
      dep[0] = 0;
      dep[1] = (void *) (n + 1);
      dep[2] = (void *) ((uintptr_t) depend[2] + 1);
      dep[3] = depend[3];
      dep[4] = depend[4];
      dep[5] = own;
      for (i = 0; i < n; i++)
	dep[6 + i] = depend[5 + i];
    }
  if (!callback_completion ())
    {
      /* The body fulfils the event itself: no sentinel needed.  */
      gt_native_task (body, data, NULL, (long) size, (long) align, true,
		      GT_TASK_FLAG_DETACH
		      | (depend ? GT_TASK_FLAG_DEPEND : 0), depend, 0,
		      &event);
      return;
    }
  gt_native_task (body, data, NULL, (long) size, (long) align, true,
		  GT_TASK_FLAG_DETACH | GT_TASK_FLAG_DEPEND, dep, 0, &event);
  gt_native_task (sentinel_body, NULL, NULL, 0, 1, true,
		  GT_TASK_FLAG_DEPEND, dep, 0, NULL);
}

/* The native task of a target task whose work was queued at the
   directive: it completes when the device reports the work done.  */
struct queued_task
{
  void *event;			/* Written by GOMP_task.  */
  struct gt_queued *q;
};

static void
queued_task_body (void *arg)
{
  struct queued_task *t = arg;

  complete_when_done (t->q, t->event);
}

/* Queue the work of a target task at the directive, behind its
   predecessors on the device, if the device can order it by itself (see
   depend.c); true if it did.  */
static bool
queue_at_directive (enum gt_task_kind what, int device, void (*fn) (void *),
		    size_t mapnum, void **hostaddrs, size_t *sizes,
		    unsigned short *kinds, unsigned flags, void **depend,
		    void **args)
{
  tgt_event_t preds[GT_XFER_MAX_DEPS];
  struct queued_task t;
  struct gt_device *dev;
  int n;

  if (gt_in_device_region ())
    return false;
  dev = gt_resolve_device (device);
  if (dev == NULL || !dev->async)
    return false;
  n = gt_depend_device_preds (depend, dev, preds, GT_XFER_MAX_DEPS);
  if (n < 0)
    return false;
  t.event = NULL;
  t.q = gt_queue_target_construct (what, dev, fn, mapnum, hostaddrs, sizes,
				   kinds, flags & ~GT_TARGET_FLAG_NOWAIT,
				   args, n, preds, callback_completion ());
  if (depend != NULL)
    {
      if (t.q != NULL)
	gt_depend_record_target (depend, dev, gt_queued_event (t.q));
      else
	gt_depend_record_done (depend);
    }
  gt_debug ("target task for device %d queued on the device%s", dev->id,
	    n > 0 ? " behind its predecessors" : "");
  if (t.q == NULL)
    return true;		/* Done already: nothing to wait for.  */
  native_target_task (queued_task_body, &t, sizeof t, sizeof (void *),
		      depend);
  return true;
}

void
gt_target_task (enum gt_task_kind what, int device, void (*fn) (void *),
		size_t mapnum, void **hostaddrs, size_t *sizes,
		unsigned short *kinds, unsigned flags, void **depend,
		void **args)
{
  size_t nargs = 0, i, size, align = 16, fp_off;
  size_t off = ALIGN_UP (sizeof (struct target_task), sizeof (void *));

  if (gt_free_target_task (what, device, fn, mapnum, hostaddrs, sizes, kinds,
			   flags, depend, args)
      || queue_at_directive (what, device, fn, mapnum, hostaddrs, sizes,
			     kinds, flags, depend, args))
    return;
  gt_depend_record_target (depend, NULL, NULL);
  if (args)
    {
      while (args[nargs])
	nargs += ((uintptr_t) args[nargs] & GT_TARGET_ARG_SUBSEQUENT_PARAM)
		 ? 2 : 1;
      nargs++;
    }
  size = off + mapnum * (sizeof (void *) + sizeof (size_t))
	 + nargs * sizeof (void *) + mapnum * sizeof (unsigned short);
  fp_off = size;
  if (what == GT_TASK_REGION)
    for (i = 0; i < mapnum; i++)
      if ((kinds[i] & 0xff) == GT_MAP_FIRSTPRIVATE)
	{
	  size_t a = (size_t) 1 << (kinds[i] >> 8);
	  if (a > align)
	    align = a;
	  size = ALIGN_UP (size, a) + sizes[i];
	}

  /* Build the block (GOMP_task copies it) on the stack when small.  */
  char stack_buf[size + align <= 16384 ? size + align : 1];
  char *heap_buf = size + align <= 16384 ? NULL : gt_malloc (size + align);
  char *buf = heap_buf ? heap_buf : stack_buf;
  char *block = (char *) ALIGN_UP ((uintptr_t) buf, align);
  struct target_task *t = (struct target_task *) block;
  void **h = (void **) (block + off);
  size_t *sz = (size_t *) (h + mapnum);
  void **a = (void **) (sz + mapnum);
  unsigned short *k = (unsigned short *) (a + nargs);

  t->event = NULL;
  t->what = what;
  t->device = device;
  t->fn = fn;
  t->mapnum = mapnum;
  t->flags = flags & ~GT_TARGET_FLAG_NOWAIT;
  t->nargs = nargs;
  memcpy (h, hostaddrs, mapnum * sizeof *h);
  memcpy (sz, sizes, mapnum * sizeof *sz);
  if (nargs)
    memcpy (a, args, nargs * sizeof *a);
  memcpy (k, kinds, mapnum * sizeof *k);
  if (what == GT_TASK_REGION)
    for (i = 0; i < mapnum; i++)
      if ((kinds[i] & 0xff) == GT_MAP_FIRSTPRIVATE && hostaddrs[i] != NULL)
	{
	  size_t al = (size_t) 1 << (kinds[i] >> 8);
	  fp_off = ALIGN_UP (fp_off, al);
	  memcpy (block + fp_off, hostaddrs[i], sizes[i]);
	  h[i] = (void *) (uintptr_t) fp_off;
	  fp_off += sizes[i];
	}

  gt_debug ("target task for device %d queued%s", device,
	    depend ? " with dependences" : "");
  native_target_task (target_task_body, block, size, align, depend);
  free (heap_buf);
}
