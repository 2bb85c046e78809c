/* queue-run.c -- running the operations of the plugin core's software
   queues, each to completion, in turn out of the ring, on the thread that
   needs them done (a waiting thread or the queue's worker); an operation
   run at once on queueing (queue-submit.c) runs here too.

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

int
gtc_run_op (struct gtc_queue *q, struct op *op)
{
  switch (op->kind)
    {
    case OP_COPY:
    case OP_LAUNCH:
      return vendor_op (q, op);
    case OP_HOST_CALL:
      op->u.call.fn (op->u.call.arg);
      return 0;
    case OP_MARK:
      return 0;
    case OP_WAIT:
      return gtc_event_wait (make_event (op->u.wait.q, op->u.wait.seq));
    }
  return GT_RTL_FAIL;
}

/* Q's lock held, no thread running Q's operations: run them in order until
   operation UNTIL has completed (or the ring is empty).  */
void
gtc_run_ops_locked (struct gtc_queue *q, uint64_t until)
{
  struct gtc_queue_state *s = q->state;
  struct gtc_queue *outer = gtc_running_queue;

  s->executing = EXEC_RING;
  gtc_running_queue = q;
  while (s->completed < until && s->completed < s->submitted)
    {
      uint64_t seq = s->completed + 1;
      struct op op;
      int err = 0;

      copy_op (&op, &s->ring[seq & (s->cap - 1)]);
      qunlock (s);
      /* After a failure the queue's later operations are skipped: they
	 may depend on what failed.  */
      if (__atomic_load_n (&s->failed, __ATOMIC_ACQUIRE) == 0)
	err = gtc_run_op (q, &op);
      if (op.kind == OP_LAUNCH)
	free (op.u.launch.heap_vars);
      qlock (s);
      op_ran_locked (q, seq, err);
    }
  s->executing = EXEC_NONE;
  gtc_running_queue = outer;
  hand_over_locked (s);
}
