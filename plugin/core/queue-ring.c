/* queue-ring.c -- the ring of a software queue's pending operations, grown
   by the thread that queues one.

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

#include "queue-internal.h"

#include <stdlib.h>

/* Q's lock held: the ring slot for operation SUBMITTED + 1.  */
static struct op *
ring_slot (struct gtc_queue_state *s)
{
  uint64_t live = s->submitted - s->completed, seq;

  if (GT_UNLIKELY (live + 1 >= s->cap))
    {
      /* Grown by the submitter; the executor copies operations out under
	 the lock, so it never reads a ring being replaced.  An operation
	 being run at once counts as live but has no slot to move (the
	 ring may not even exist yet).  */
      size_t cap = s->cap ? 2 * s->cap : 64;
      struct op *ring = malloc (cap * sizeof *ring);
      if (ring == NULL)
	return NULL;
      seq = s->completed + 1 + (s->executing == EXEC_AT_ONCE);
      for (; seq <= s->submitted; seq++)
	copy_op (&ring[seq & (cap - 1)], &s->ring[seq & (s->cap - 1)]);
      free (s->ring);
      s->ring = ring;
      s->cap = cap;
    }
  return &s->ring[(s->submitted + 1) & (s->cap - 1)];
}

/* Queue a software operation (Q's lock held).  */
int
gtc_push_locked (struct gtc_queue_state *s, const struct op *op)
{
  struct op *slot = ring_slot (s);

  if (GT_UNLIKELY (slot == NULL))
    {
      gt_plugin_error ("out of host memory queueing an operation");
      return GT_RTL_FAIL;
    }
  copy_op (slot, op);
  __atomic_store_n (&s->submitted, s->submitted + 1, __ATOMIC_RELEASE);
  return 0;
}
