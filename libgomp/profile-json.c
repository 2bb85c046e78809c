/* profile-json.c -- the records of GOMPTARGET_PROFILE written as Chrome
   trace events (JSON): what the recording threads stored in binary
   (profile.c), turned into text by the writer thread, or at exit.  By
   hand, not with printf, which would cost several times as much.

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

#include "profile.h"
#include "gomptarget-services.h"

#include <stdio.h>
#include <string.h>

/* Names are cut at NAME_MAX_LEN bytes: a record's text stays under
   GT_PROFILE_TEXT_MAX.  */
#define NAME_MAX_LEN 1024

static inline void
put (struct gt_profile_text *b, const char *s, size_t n)
{
  memcpy (b->data + b->len, s, n);
  b->len += n;
}

#define PUT_LIT(b, s) put ((b), (s), sizeof (s) - 1)

/* A string already safe in JSON, cut at NAME_MAX_LEN bytes.  */
static inline void
put_str (struct gt_profile_text *b, const char *s)
{
  size_t n = strnlen (s, NAME_MAX_LEN);
  put (b, s, n);
}

static void
put_u64 (struct gt_profile_text *b, uint64_t v)
{
  static const char pairs[] =
    "00010203040506070809101112131415161718192021222324252627282930313233"
    "34353637383940414243444546474849505152535455565758596061626364656667"
    "6869707172737475767778798081828384858687888990919293949596979899";
  char tmp[20];
  int n = 20;

  /* Two digits at a time, from the right.  */
  while (v >= 100)
    {
      unsigned r = (unsigned) (v % 100);
      v /= 100;
      tmp[--n] = pairs[2 * r + 1];
      tmp[--n] = pairs[2 * r];
    }
  if (v >= 10)
    {
      tmp[--n] = pairs[2 * v + 1];
      tmp[--n] = pairs[2 * v];
    }
  else
    tmp[--n] = (char) ('0' + v);
  put (b, tmp + n, (size_t) (20 - n));
}

static void
put_int (struct gt_profile_text *b, int64_t v)
{
  if (v < 0)
    {
      PUT_LIT (b, "-");
      v = -v;
    }
  put_u64 (b, (uint64_t) v);
}

static void
put_hex (struct gt_profile_text *b, uint64_t v)
{
  char tmp[16];
  int n = 0;

  do
    tmp[n++] = "0123456789abcdef"[v & 15];
  while ((v >>= 4) != 0);
  while (n > 0)
    b->data[b->len++] = tmp[--n];
}

/* NS nanoseconds as microseconds with three decimals.  */
static void
put_us (struct gt_profile_text *b, uint64_t ns)
{
  unsigned frac = (unsigned) (ns % 1000);

  put_u64 (b, ns / 1000);
  b->data[b->len++] = '.';
  b->data[b->len++] = (char) ('0' + frac / 100);
  b->data[b->len++] = (char) ('0' + frac / 10 % 10);
  b->data[b->len++] = (char) ('0' + frac % 10);
}

/* Clock value T as a timestamp of the trace.  */
static inline void
put_ts (struct gt_profile_text *b, uint64_t t)
{
  put_us (b, t > b->base ? t - b->base : 0);
}

/* ',"pid":PID,"tid":TID' of the record on track TID: formatted once per
   track while B writes records of it.  */
static void
put_ids (struct gt_profile_text *b, int tid)
{
  unsigned k;

  for (k = 0; k < 4; k++)
    if (b->ids[k].tid == tid && b->ids[k].len != 0)
      break;
  if (k == 4)
    {
      k = b->next_ids++ % 4;
      b->ids[k].tid = tid;
      b->ids[k].len
	= (unsigned char) snprintf (b->ids[k].s, sizeof b->ids[k].s,
				    ",\"pid\":%d,\"tid\":%d", b->pid, tid);
    }
  put (b, b->ids[k].s, b->ids[k].len);
}

/* Begin a complete event ("X") named NAME of category CAT from T0 to T1
   on track TID, up to the opening of its "args".  */
static void
begin_span (struct gt_profile_text *b, const char *name, const char *cat,
	    uint64_t t0, uint64_t t1, int tid)
{
  PUT_LIT (b, ",\n{\"name\":\"");
  put_str (b, name);
  PUT_LIT (b, "\",\"cat\":\"");
  put_str (b, cat);
  PUT_LIT (b, "\",\"ph\":\"X\",\"ts\":");
  put_ts (b, t0);
  PUT_LIT (b, ",\"dur\":");
  put_us (b, t1 - t0);
  put_ids (b, tid);
  PUT_LIT (b, ",\"args\":{\"device\":");
}

/* The device member's value: a number, or "host".  */
static void
put_device (struct gt_profile_text *b, int device)
{
  if (device == GT_PROFILE_HOST)
    PUT_LIT (b, "\"host\"");
  else
    put_int (b, device);
}

#define END_SPAN(b) PUT_LIT ((b), "}}")

/* A flow event of phase PH ("s" or "f") of the arrow NAME (id prefix
   PREFIX) to the operation whose event is EVENT on DEVICE, at time T on
   track TID.  PUT_FLOW's first three arguments are literals: the head of
   the record is one.  */
#define PUT_FLOW(b, ph, name, prefix, device, event, t, tid) \
  put_flow ((b), ",\n{\"name\":\"" name "\",\"cat\":\"queue\",\"ph\":\"" \
	    ph "\",\"bp\":\"e\",\"id\":\"" prefix, \
	    sizeof (",\n{\"name\":\"" name "\",\"cat\":\"queue\",\"ph\":\"" \
		    ph "\",\"bp\":\"e\",\"id\":\"" prefix) - 1, \
	    (device), (event), (t), (tid))

static void
put_flow (struct gt_profile_text *b, const char *head, size_t head_len,
	  int device, uint64_t event, uint64_t t, int tid)
{
  put (b, head, head_len);
  put_int (b, device);
  PUT_LIT (b, "-");
  put_hex (b, event);
  PUT_LIT (b, "\",\"ts\":");
  put_ts (b, t);
  put_ids (b, tid);
  PUT_LIT (b, "}");
}

/* The track of queue QUEUE of DEVICE: a thread id no host thread has
   (Linux's are below 2^22 by default, 2^30 at most).  */
#define QUEUE_TRACK(device, queue) \
  (0x40000000 + ((device) & 0xffff) * 0x1000 + (int) ((queue) & 0xfff))

/* The tracks of the times devices took themselves, beside those of their
   queues.  */
#define DEVICE_TRACK(device, queue) \
  (0x48000000 + ((device) & 0xffff) * 0x1000 + (int) ((queue) & 0xfff))

static const char *const copy_names[] = {
  [GT_PROFILE_TO] = "copy to device",
  [GT_PROFILE_FROM] = "copy from device",
  [GT_PROFILE_EXCHANGE] = "copy between devices"
};
static const char *const copy_dirs[] = {
  [GT_PROFILE_TO] = "to", [GT_PROFILE_FROM] = "from",
  [GT_PROFILE_EXCHANGE] = "exchange"
};

static const char *const queue_op_names[] = {
  [GT_PROFILE_OP_COPY_TO] = "copy to device",
  [GT_PROFILE_OP_COPY_FROM] = "copy from device",
  [GT_PROFILE_OP_COPY_PEER] = "copy between devices",
  [GT_PROFILE_OP_LAUNCH] = "launch",
  [GT_PROFILE_OP_HOST_CALL] = "host call",
  [GT_PROFILE_OP_WAIT] = "wait for a queue"
};

/* The name of the track TID (a host thread's).  */
static void
put_thread_name (struct gt_profile_text *b, int tid)
{
  PUT_LIT (b, ",\n{\"name\":\"thread_name\",\"ph\":\"M\"");
  put_ids (b, tid);
  if (tid == b->pid)
    PUT_LIT (b, ",\"args\":{\"name\":\"main thread ");
  else
    PUT_LIT (b, ",\"args\":{\"name\":\"host thread ");
  put_int (b, tid);
  PUT_LIT (b, "\"}}");
}

/* The name of the track of queue QUEUE of DEVICE, on the device's clock
   when DEVICE_CLOCK.  */
static void
put_announce (struct gt_profile_text *b, int device, uint32_t queue,
	      bool device_clock)
{
  PUT_LIT (b, ",\n{\"name\":\"thread_name\",\"ph\":\"M\"");
  put_ids (b, device_clock ? DEVICE_TRACK (device, queue)
	      : QUEUE_TRACK (device, queue));
  PUT_LIT (b, ",\"args\":{\"name\":\"device ");
  put_int (b, device);
  PUT_LIT (b, " queue ");
  put_u64 (b, queue);
  if (device_clock)
    PUT_LIT (b, " (device clock)");
  PUT_LIT (b, "\"}}");
}

static void
put_region (struct gt_profile_text *b, const struct gt_profile_rec *r)
{
  bool async = (r->flags & GT_REC_ASYNC) != 0;

  begin_span (b, r->name, async ? "enqueue" : "region", r->t0, r->t1,
	      r->tid);
  put_device (b, r->device);
  PUT_LIT (b, ",\"teams\":");
  put_int (b, r->a);
  PUT_LIT (b, ",\"thread_limit\":");
  put_int (b, r->b);
  PUT_LIT (b, ",\"mapnum\":");
  put_u64 (b, r->n);
  if (async)
    PUT_LIT (b, ",\"nowait\":true,\"fn\":\"0x");
  else
    PUT_LIT (b, ",\"nowait\":false,\"fn\":\"0x");
  put_hex (b, r->addr);
  PUT_LIT (b, "\"");
  END_SPAN (b);
}

static void
put_copy (struct gt_profile_text *b, const struct gt_profile_rec *r)
{
  bool async = (r->flags & GT_REC_ASYNC) != 0;

  begin_span (b, copy_names[r->op], "copy", r->t0, r->t1, r->tid);
  put_device (b, r->device);
  PUT_LIT (b, ",\"bytes\":");
  put_u64 (b, r->n);
  PUT_LIT (b, ",\"direction\":\"");
  put_str (b, copy_dirs[r->op]);
  if (async)
    PUT_LIT (b, "\",\"nowait\":true");
  else
    PUT_LIT (b, "\",\"nowait\":false");
  if (r->flags & GT_REC_OWN)
    PUT_LIT (b, ",\"own\":true");
  END_SPAN (b);
  /* The arrow starts where the copy was queued.  */
  if (async && r->event != 0)
    PUT_FLOW (b, "s", "queued", "q", r->device, r->event, r->t0, r->tid);
}

/* The start of the span of queue operation R in category CAT on TRACK:
   its name, device, queue and kind, the kind's string left open.  */
static void
begin_op_span (struct gt_profile_text *b, const struct gt_profile_rec *r,
	       const char *cat, int track)
{
  begin_span (b, r->name ? r->name : queue_op_names[r->op], cat, r->t0,
	      r->t1, track);
  put_int (b, r->device);
  PUT_LIT (b, ",\"queue\":");
  put_u64 (b, r->queue);
  PUT_LIT (b, ",\"op\":\"");
  put_str (b, queue_op_names[r->op]);
}

static void
put_queue_op (struct gt_profile_text *b, const struct gt_profile_rec *r)
{
  int track = QUEUE_TRACK (r->device, r->queue);
  uint64_t mid = r->t0 + (r->t1 - r->t0) / 2;

  begin_op_span (b, r, "queue", track);
  PUT_LIT (b, "\",\"bytes\":");
  put_u64 (b, r->n);
  PUT_LIT (b, ",\"run_by\":");
  put_int (b, r->tid);
  if (r->flags & GT_REC_OWN)
    PUT_LIT (b, ",\"own\":true");
  END_SPAN (b);
  /* The arrow ends inside the operation's span.  */
  if (r->event != 0)
    PUT_FLOW (b, "f", "queued", "q", r->device, r->event, mid, track);
  /* The arrow of its dependence, from where the operation it was queued
     behind ran.  */
  if (r->event != 0 && r->addr != 0)
    {
      PUT_FLOW (b, "s", "depend", "d", r->device, r->event, r->addr,
		QUEUE_TRACK (r->a, r->dep_queue));
      PUT_FLOW (b, "f", "depend", "d", r->device, r->event, mid, track);
    }
}

static void
put_device_op (struct gt_profile_text *b, const struct gt_profile_rec *r)
{
  int track = DEVICE_TRACK (r->device, r->queue);

  begin_op_span (b, r, "device", track);
  PUT_LIT (b, "\",\"clock\":\"device\"");
  if (r->flags & GT_REC_OWN)
    PUT_LIT (b, ",\"own\":true");
  END_SPAN (b);
  /* The arrow from the host's view of the operation (the queue's track,
     where the arrow from its queueing ends) to the device's.  */
  if (r->event != 0)
    {
      uint64_t mid = r->t0 + (r->t1 - r->t0) / 2;

      /* The clocks may disagree a little: the arrow never goes back.  */
      PUT_FLOW (b, "s", "executed", "x", r->device, r->event,
		r->addr < mid ? r->addr : mid,
		QUEUE_TRACK (r->device, r->queue));
      PUT_FLOW (b, "f", "executed", "x", r->device, r->event, mid, track);
    }
}

/* The spans of allocations, waits and reverse offload.  */
static void
put_simple (struct gt_profile_text *b, const struct gt_profile_rec *r)
{
  static const char *const names[] = {
    [GT_REC_CONSOLE] = "console output", [GT_REC_ALLOC] = "alloc",
    [GT_REC_FREE] = "free", [GT_REC_WAIT] = "wait"
  };
  static const char *const cats[] = {
    [GT_REC_CONSOLE] = "console", [GT_REC_ALLOC] = "alloc",
    [GT_REC_FREE] = "alloc", [GT_REC_WAIT] = "wait"
  };
  bool reverse = r->kind == GT_REC_REVERSE;

  begin_span (b, reverse ? r->name : names[r->kind],
	      reverse ? "reverse" : cats[r->kind], r->t0, r->t1, r->tid);
  put_device (b, r->device);
  if (r->kind == GT_REC_CONSOLE || r->kind == GT_REC_ALLOC)
    {
      PUT_LIT (b, ",\"bytes\":");
      put_u64 (b, r->n);
    }
  /* An address, in hexadecimal.  */
  if (r->kind == GT_REC_ALLOC || r->kind == GT_REC_FREE)
    PUT_LIT (b, ",\"ptr\":\"0x");
  else if (reverse)
    PUT_LIT (b, ",\"fn\":\"0x");
  if (r->kind == GT_REC_ALLOC || r->kind == GT_REC_FREE || reverse)
    {
      put_hex (b, r->addr);
      PUT_LIT (b, "\"");
    }
  END_SPAN (b);
}

void
gt_profile_format (struct gt_profile_text *out,
		   const struct gt_profile_rec *rec, unsigned n)
{
  for (unsigned i = 0; i < n; i++)
    {
      const struct gt_profile_rec *r = &rec[i];

      if (out->size - out->len < GT_PROFILE_TEXT_MAX)
	out->flush (out);
      switch (r->kind)
	{
	case GT_REC_THREAD:
	  put_thread_name (out, r->tid);
	  break;
	case GT_REC_ANNOUNCE:
	  put_announce (out, r->device, r->queue,
			(r->flags & GT_REC_DEVICE_CLOCK) != 0);
	  break;
	case GT_REC_REGION:
	  put_region (out, r);
	  break;
	case GT_REC_COPY:
	  put_copy (out, r);
	  break;
	case GT_REC_QUEUED:
	  PUT_FLOW (out, "s", "queued", "q", r->device, r->event, r->t0,
		    r->tid);
	  break;
	case GT_REC_QUEUE_OP:
	  put_queue_op (out, r);
	  break;
	case GT_REC_DEVICE_OP:
	  put_device_op (out, r);
	  break;
	default:
	  put_simple (out, r);
	  break;
	}
    }
}
