/* gcn-console.c -- the host side of the GCN console ring (the layout and
   the device side are in config/gcn/): while a kernel runs, the plugin
   prints the slots the device has filled, in order, on the host's
   stdout, and frees them for the device; a full ring holds the device
   until then.  When the kernel has ended, its exit value says whether
   the device called exit (n) -- the program then ends with status n, as
   it would on the host -- or abort, or whether the value was corrupted.
   Reverse-offload slots (type 4, GCC 13 and later) are handed to the
   front end's reverse-offload service, which reads and writes device
   memory with hsa_memory_copy while the kernel waits; clearing the
   slot's written flag afterwards is the reply that lets the kernel go
   on.

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

#include "plugin-gcn.h"

#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* Output is gathered in a buffer of this size and written in one go.  */
#define OUT_BUFFER 8192
/* The longest line one slot gives ("%.128s%.128s" or a number).  */
#define SLOT_TEXT_MAX 300

void
gcn_console_init (struct gcn_output *out)
{
  unsigned i;

  out->return_value = (int32_t) GCN_EXIT_UNSET;
  out->next_output = 0;
  out->consumed = 0;
  for (i = 0; i < GCN_CONSOLE_SLOTS; i++)
    out->queue[i].written = 0;
  /* The dispatch packet, stored with release semantics after this,
     publishes the block to the device.  */
}

/* Format slot S (types 0 to 3) into BUF; the length.  */
static size_t
format_slot (const struct gcn_console_slot *s, char *buf)
{
  int n;

  switch (s->type)
    {
    case GCN_CONSOLE_INT:
      n = snprintf (buf, SLOT_TEXT_MAX, "%.128s%" PRId64 "\n", s->msg,
		    s->ivalue);
      break;
    case GCN_CONSOLE_DOUBLE:
      n = snprintf (buf, SLOT_TEXT_MAX, "%.128s%f\n", s->msg, s->dvalue);
      break;
    case GCN_CONSOLE_TEXT:
      n = snprintf (buf, SLOT_TEXT_MAX, "%.128s%.128s\n", s->msg, s->text);
      break;
    case GCN_CONSOLE_RAW:
      n = snprintf (buf, SLOT_TEXT_MAX, "%.128s%.128s", s->msg, s->text);
      break;
    default:
      gt_plugin_error ("console slot of unknown type %d: ignored",
		       (int) s->type);
      n = 0;
      break;
    }
  if (n < 0)
    return 0;
  return (size_t) n < SLOT_TEXT_MAX ? (size_t) n : SLOT_TEXT_MAX - 1;
}

enum gcn_drain
gcn_console_drain (struct gcn_device *dev, struct gcn_output *out,
		   struct gcn_console_slot **slot)
{
  uint32_t i = __atomic_load_n (&out->consumed, __ATOMIC_RELAXED);
  uint32_t to = __atomic_load_n (&out->next_output, __ATOMIC_ACQUIRE);
  enum gcn_drain r = GCN_DRAIN_IDLE;
  char buf[OUT_BUFFER];
  size_t len = 0, total = 0;
  uint64_t t0 = 0;

  for (; i != to; i++)
    {
      struct gcn_console_slot *s = &out->queue[i % GCN_CONSOLE_SLOTS];

      if (!__atomic_load_n (&s->written, __ATOMIC_ACQUIRE))
	break;
      if (s->type == GCN_CONSOLE_REV_OFFLOAD)
	{
	  *slot = s;
	  r = GCN_DRAIN_REQUEST;
	  break;
	}
      if (len + SLOT_TEXT_MAX > sizeof buf)
	{
	  fwrite (buf, 1, len, stdout);
	  total += len;
	  len = 0;
	}
      /* GOMPTARGET_PROFILE records the flush.  */
      if (GT_UNLIKELY (r == GCN_DRAIN_IDLE && gtc_profile_is_on ()))
	t0 = gtc_profile_clock ();
      len += format_slot (s, buf + len);
      /* The slot is the device's again.  */
      __atomic_store_n (&s->written, 0, __ATOMIC_RELAXED);
      __atomic_store_n (&out->consumed, i + 1, __ATOMIC_RELEASE);
      r = GCN_DRAIN_PRINTED;
    }
  if (len > 0)
    fwrite (buf, 1, len, stdout);
  if (r != GCN_DRAIN_IDLE)
    fflush (stdout);
  if (GT_UNLIKELY (t0 != 0))
    gtc_profile_console (&dev->core, total + len, t0);
  return r;
}

/* The copier of a request: hsa_memory_copy, which does not go through
   the kernel's queue, so it works while the kernel runs.  */
static int
rev_dev2host (void *arg, void *host, uint64_t dev, uint64_t size)
{
  return gcn_copy_now (arg, GTC_DEVICE_TO_HOST, host,
		       (const void *) (uintptr_t) dev, (size_t) size, NULL);
}

static int
rev_host2dev (void *arg, uint64_t dev, const void *host, uint64_t size)
{
  return gcn_copy_now (arg, GTC_HOST_TO_DEVICE, (void *) (uintptr_t) dev,
		       host, (size_t) size, NULL);
}

void
gcn_console_rev_offload (struct gcn_device *dev, struct gcn_output *out,
			 struct gcn_console_slot *slot)
{
  /* Only this thread moves consumed while the kernel step is marked
     serving.  */
  uint32_t index = __atomic_load_n (&out->consumed, __ATOMIC_RELAXED);
  struct gt_rev_copier copier = { rev_dev2host, rev_host2dev, dev };
  gt_plugin_target_rev_fn *target_rev;
  uint64_t w[GCN_REV_WORDS];
  struct timespec t0, t1;
  int i;

  /* The slot's words were written before its written flag, which the
     drain read with acquire semantics.  */
  for (i = 0; i < GCN_REV_WORDS; i++)
    w[i] = slot->u64[i];
  target_rev = gt_services ()->target_rev;
  if (target_rev == NULL)
    {
      gtc_claim_end (true);
      fflush (stdout);
      gtc_fatal ("device %d: a kernel asked for reverse offload, but the "
		 "program does not run on libgomptarget, which serves it",
		 (int) dev->core.number);
    }
  if ((int32_t) w[GCN_REV_DEVICE_NUM] != dev->core.number)
    gt_plugin_debug ("device %d: a reverse-offload request names device "
		     "%d", (int) dev->core.number,
		     (int) (int32_t) w[GCN_REV_DEVICE_NUM]);
  /* What the kernel printed before asking is out already (the drain
     stopped at this slot after printing it).  */
  clock_gettime (CLOCK_MONOTONIC, &t0);
  target_rev ((int32_t) w[GCN_REV_DEVICE_NUM], w[GCN_REV_FN],
	      w[GCN_REV_MAPNUM], w[GCN_REV_ADDRS], w[GCN_REV_SIZES],
	      w[GCN_REV_KINDS], &copier);
  clock_gettime (CLOCK_MONOTONIC, &t1);
  /* What the host function printed comes before what the kernel prints
     next.  */
  fflush (stdout);
  gt_plugin_debug ("device %d: served a reverse-offload request of device "
		   "%d: function 0x%" PRIx64 ", %" PRIu64 " map(s), in %.1f "
		   "us", (int) dev->core.number,
		   (int) (int32_t) w[GCN_REV_DEVICE_NUM], w[GCN_REV_FN],
		   w[GCN_REV_MAPNUM],
		   (double) (t1.tv_sec - t0.tv_sec) * 1e6
		   + (double) (t1.tv_nsec - t0.tv_nsec) / 1e3);
  /* The reply: the device, spinning on written, goes on; then the slot
     is the ring's again.  */
  __atomic_store_n (&slot->written, 0, __ATOMIC_RELEASE);
  __atomic_store_n (&out->consumed, index + 1, __ATOMIC_RELEASE);
}

enum gcn_end
gcn_console_end (const struct gcn_output *out, uint32_t *value)
{
  uint32_t v = (uint32_t) __atomic_load_n (&out->return_value,
					   __ATOMIC_ACQUIRE);

  *value = v;
  if (GCN_EXIT_UPPER (v) == GCN_EXIT_UPPER (GCN_EXIT_UNSET))
    return GCN_END_NORMAL;
  if (GCN_EXIT_UPPER (v) != GCN_EXIT_UPPER (GCN_EXIT_MARK))
    return GCN_END_CORRUPT;
  return GCN_EXIT_SIGNAL (v) != 0 ? GCN_END_ABORT : GCN_END_EXIT;
}

void
gcn_console_finish (struct gcn_device *dev, const char *kernel,
		    enum gcn_end end, uint32_t value)
{
  int n = (int) dev->core.number;

  fflush (stdout);
  switch (end)
    {
    case GCN_END_EXIT:
      gt_plugin_debug ("device %d: kernel %s called exit (%u): the program "
		       "ends", n, kernel, (unsigned) GCN_EXIT_STATUS (value));
      exit ((int) GCN_EXIT_STATUS (value));
    case GCN_END_ABORT:
      if (GCN_EXIT_SIGNAL (value) == SIGABRT)
	gt_plugin_debug ("device %d: kernel %s called abort", n, kernel);
      else
	gt_plugin_error ("device %d: kernel %s ended by signal %u", n,
			 kernel, (unsigned) GCN_EXIT_SIGNAL (value));
      abort ();
    case GCN_END_CORRUPT:
    case GCN_END_NORMAL:
      break;
    }
  gt_plugin_error ("device %d: kernel %s left a corrupted exit value "
		   "0x%08x (its upper half is neither 0xcafe nor 0xffff)", n,
		   kernel, (unsigned) value);
  abort ();
}
