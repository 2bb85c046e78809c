/* mapping-attach.c -- pointers in mapped objects: copies of a key's range
   that leave attached pointer slots alone, and attaching and detaching
   pointer slots (their device copy holds the device address of the
   target while attached).

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

#include "mapping-internal.h"
#include "gcc-rules.h"

/* Copy [HOST, HOST+LEN) of key K between host and device, leaving alone
   the pointer slots that are still attached: on the device they hold a
   device address, on the host the host's.  */
void
gt_copy_key_range (struct gt_xfer *x, struct gt_key *k, uintptr_t host,
		   size_t len, bool to_device)
{
  uintptr_t end = host + len, a = host;

  if (k->self_mapped)
    return;
  /* The key's own data may still be on its way, and a copy back of a
     construct that ended may still be going: this copy comes after.  */
  gt_xfer_after (x, k->ready);
  gt_xfer_after (x, k->writeback);
  while (a < end)
    {
      uintptr_t run_end = end;
      if (k->attach_count != NULL)
	{
	  size_t idx = (a - GT_KEY_START (k)) / sizeof (void *);
	  run_end = GT_KEY_START (k) + (idx + 1) * sizeof (void *);
	  if (run_end > end)
	    run_end = end;
	  if (k->attach_count[idx] != 0)
	    {
	      a = run_end;
	      continue;
	    }
	}
      if (to_device)
	gt_xfer_to (x, (void *) gt_key_translate (k, a), (void *) a,
		    run_end - a);
      else
	gt_xfer_from (x, (void *) a, (void *) gt_key_translate (k, a),
		      run_end - a);
      a = run_end;
    }
}

void
gt_attach_pointer (struct gt_xfer *x, struct gt_key *n, uintptr_t slot,
		   uintptr_t bias, bool allow_zero_length,
		   const void *region_fn)
{
  struct gt_device *dev = x->dev;
  size_t nslots = (GT_KEY_END (n) - GT_KEY_START (n) + sizeof (void *) - 1)
		  / sizeof (void *);
  size_t idx = (slot - GT_KEY_START (n)) / sizeof (void *);

  /* A variable mapped onto itself (declare target on a device that runs
     host code) is the host's: a device address must not land there.  */
  if (n->self_mapped)
    return;
  if (n->attach_count == NULL)
    n->attach_count = gt_calloc (nslots ? nslots : 1, sizeof (uintptr_t));
  if (++n->attach_count[idx] != 1)
    return;

  uintptr_t target = (uintptr_t) *(void **) slot, data;
  if (target == 0)
    {
      /* libgomp 13 and later attach NULL (an unassociated Fortran pointer,
	 say); libgomp 12 refused: the rule of the compiler that built the
	 construct (gcc-rules.h).  */
      if (!gt_gcc14_rules_p (region_fn))
	gt_fatal ("attempt to attach null pointer");
      data = 0;
      gt_debug ("attach host slot %p on device %d to NULL", (void *) slot,
		dev->id);
      gt_xfer_value (x, (void *) gt_key_translate (n, slot), &data,
		     sizeof data);
      return;
    }
  struct gt_key *tn = gt_splay_lookup (&dev->mem_map, target + bias,
				       target + bias + 1);
  if (tn == NULL)
    {
      if (!allow_zero_length)
	gt_fatal ("pointer target not mapped for attach");
      data = 0;
    }
  else
    data = gt_key_translate (tn, target);
  gt_debug ("attach host slot %p on device %d to %p", (void *) slot,
	    dev->id, (void *) data);
  gt_xfer_value (x, (void *) gt_key_translate (n, slot), &data, sizeof data);
}

void
gt_detach_pointer (struct gt_xfer *x, struct gt_key *n, uintptr_t slot,
		   bool finalize)
{
  struct gt_device *dev = x->dev;
  size_t idx = (slot - GT_KEY_START (n)) / sizeof (void *);

  if (n->attach_count == NULL || n->attach_count[idx] == 0)
    return;
  if (finalize)
    n->attach_count[idx] = 1;
  if (--n->attach_count[idx] != 0)
    return;
  /* Give the device copy back the host's value.  */
  uintptr_t target = (uintptr_t) *(void **) slot;
  gt_debug ("detach host slot %p on device %d", (void *) slot, dev->id);
  gt_xfer_value (x, (void *) gt_key_translate (n, slot), &target,
		 sizeof target);
}
