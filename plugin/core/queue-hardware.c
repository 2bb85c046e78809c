/* queue-hardware.c -- operations of the plugin core's hardware queues,
   issued at once to the vendor's queue, and the host call by which the
   vendor tells the core of their completion.

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

/* ---- Hardware queues.  ---- */

/* A host call issued behind operation SEQ of a queue: ARG is that
   operation's event.  */
void
gtc_hardware_mark (void *arg)
{
  uint64_t seq;
  struct gtc_queue *q = event_queue ((tgt_event_t) arg, &seq);

  if (q == NULL)
    return;
  qlock (q->state);
  gtc_complete_and_fire_locked (q, seq);
  qunlock (q->state);
}

int
gtc_issue_op (struct gtc_queue *q, const struct op *op)
{
  switch (op->kind)
    {
    case OP_COPY:
    case OP_LAUNCH:
      return vendor_op (q, op);
    case OP_HOST_CALL:
      return gtc_vendor.issue_host_call (q, op->u.call.fn, op->u.call.arg);
    case OP_MARK:
      return 0;
    case OP_WAIT:
      return gtc_vendor.issue_wait (q, op->u.wait.q);
    }
  return GT_RTL_FAIL;
}
