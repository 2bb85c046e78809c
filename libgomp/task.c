/* task.c -- target tasks: a nowait target, target update or target
   enter/exit data becomes a detached task of the native runtime (GCC's
   libgomp), so that its depend clauses order it with host tasks and
   taskwait, taskgroup and barriers wait for it.

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
#include "icv.h"
#include "gomp-map-kinds.h"
#include "entry-points.h"
#include "depend.h"

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

  /* firstprivate items hold offsets of their copies in this block.  */
  if (t->what == GT_TASK_REGION)
    for (i = 0; i < t->mapnum; i++)
      if ((kinds[i] & 0xff) == GT_MAP_FIRSTPRIVATE && hostaddrs[i] != NULL)
	hostaddrs[i] = base + (uintptr_t) hostaddrs[i];
  /* A task body is host code, wherever the thread was.  */
  gt_current_device = -1;
  gt_run_target_task (t->what, t->device, t->fn, t->mapnum, hostaddrs,
		      sizes, kinds, t->flags, args);
  gt_current_device = prev;
  omp_fulfill_event ((omp_event_handle_t) (uintptr_t) t->event);
}

void
gt_target_task (enum gt_task_kind what, int device, void (*fn) (void *),
		size_t mapnum, void **hostaddrs, size_t *sizes,
		unsigned short *kinds, unsigned flags, void **depend,
		void **args)
{
  size_t nargs = 0, i, size, align = 16, fp_off;
  size_t off = ALIGN_UP (sizeof (struct target_task), sizeof (void *));
  omp_event_handle_t event;

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
  gt_native_task (target_task_body, block, NULL, (long) size, (long) align,
		  true, GT_TASK_FLAG_DETACH | (depend ? GT_TASK_FLAG_DEPEND : 0),
		  depend, 0, &event);
  free (heap_buf);
}
