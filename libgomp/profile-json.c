/* profile-json.c -- the records of GOMPTARGET_PROFILE written as Chrome
   trace events (JSON): what the recording threads stored in binary
   (profile.c), turned into text by the writer thread, or at exit.  By
   hand, not with printf, which would cost several times as much: each
   piece is written at a cursor (a local pointer, which stays in a
   register, where a length kept in the buffer's structure would be
   stored and loaded again around every byte), numbers straight into
   place once their length is known (from tables of two hexadecimal or
   decimal digits, or three decimal ones), and the short strings of the
   tables and the text kept of the last tracks, arrows' ids and
   timestamps' milliseconds as copies of their whole buffers, whose size
   is known when compiled (a few moves, where a copy of a length known
   only when run is a call).  About 5300 instructions for the 22 events
   of an empty region on the emulated nvptx device, 13300 before.  The
   heads of spans named by the records' strings and the members of the
   last region, queue operation and device operation are kept as text
   the same way while they repeat (a program's regions do): 2140 -> 1910
   instructions for the 8 events of a waited region without variables
   on the emulated nvptx device, 720 -> 505 for the 2 on the emulated
   host device.  The arrows written as members of the spans they join
   (below): 4360 -> 3580 instructions for an empty region mapping a
   scalar on the emulated nvptx device (16 events -> 8).

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

#include <string.h>

/* Names are cut at NAME_MAX_LEN bytes: a record's text stays under
   GT_PROFILE_TEXT_MAX.  */
#define NAME_MAX_LEN 1024

/* A short string in a buffer of known size: copied whole (the record's
   text has room to spare after it: GT_PROFILE_TEXT_MAX is free when a
   record starts, and one is far shorter).  */
struct fixed
{
  char s[40];
  unsigned char len;
};

#define FIXED(str) { str, sizeof (str) - 1 }

static inline char *
put_fixed (char *p, const struct fixed *f)
{
  memcpy (p, f->s, sizeof f->s);
  return p + f->len;
}

/* Each put_* writes at P and returns where the text continues.  */
static inline char *
put (char *p, const char *s, size_t n)
{
  memcpy (p, s, n);
  return p + n;
}

#define PUT_LIT(p, s) put ((p), (s), sizeof (s) - 1)

/* A string already safe in JSON, cut at NAME_MAX_LEN bytes.  */
static inline char *
put_str (char *p, const char *s)
{
  return put (p, s, strnlen (s, NAME_MAX_LEN));
}

static const char pairs[] =
  "00010203040506070809101112131415161718192021222324252627282930313233"
  "34353637383940414243444546474849505152535455565758596061626364656667"
  "6869707172737475767778798081828384858687888990919293949596979899";

/* How many decimal digits V has.  */
static inline unsigned
dec_len (uint64_t v)
{
  unsigned n = 1;

  for (;;)
    {
      if (v < 10)
	return n;
      if (v < 100)
	return n + 1;
      if (v < 1000)
	return n + 2;
      if (v < 10000)
	return n + 3;
      v /= 10000;
      n += 4;
    }
}

/* The N decimal digits of V, which has no more (with leading zeros),
   ending at END: two at a time, from the right, in 32 bits once V fits
   (a cheaper division).  */
static inline void
dec_fill (char *end, uint64_t v, unsigned n)
{
  uint32_t w;

  for (; n >= 2 && v > UINT32_MAX; n -= 2)
    {
      unsigned r = (unsigned) (v % 100);

      v /= 100;
      end -= 2;
      memcpy (end, pairs + 2 * r, 2);
    }
  for (w = (uint32_t) v; n >= 2; n -= 2)
    {
      unsigned r = w % 100;

      w /= 100;
      end -= 2;
      memcpy (end, pairs + 2 * r, 2);
    }
  if (n != 0)
    end[-1] = (char) ('0' + w);
}

static inline char *
put_u64 (char *p, uint64_t v)
{
  unsigned n = dec_len (v);

  dec_fill (p + n, v, n);
  return p + n;
}

static char *
put_int (char *p, int64_t v)
{
  if (v < 0)
    {
      *p++ = '-';
      return put_u64 (p, -(uint64_t) v);
    }
  return put_u64 (p, (uint64_t) v);
}

static const char hex_pairs[] =
  "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
  "202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f"
  "404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f"
  "606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f"
  "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f"
  "a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebf"
  "c0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedf"
  "e0e1e2e3e4e5e6e7e8e9eaebecedeeeff0f1f2f3f4f5f6f7f8f9fafbfcfdfeff";

static inline char *
put_hex (char *p, uint64_t v)
{
  /* Digits: a quarter of the significant bits, rounded up.  */
  unsigned n = v != 0 ? (unsigned) (67 - __builtin_clzll (v)) / 4 : 1;
  char *end = p + n;

  /* Two at a time, from the right.  */
  for (; end - p >= 2; v >>= 8)
    {
      end -= 2;
      memcpy (end, hex_pairs + 2 * (v & 0xff), 2);
    }
  if (end != p)
    *--end = hex_pairs[2 * (v & 15) + 1];
  return p + n;
}

/* "000" to "999", one after the other.  */
#define DIGITS_10(s) \
  s "0" s "1" s "2" s "3" s "4" s "5" s "6" s "7" s "8" s "9"
#define DIGITS_100(s) \
  DIGITS_10 (s "0") DIGITS_10 (s "1") DIGITS_10 (s "2") DIGITS_10 (s "3") \
  DIGITS_10 (s "4") DIGITS_10 (s "5") DIGITS_10 (s "6") DIGITS_10 (s "7") \
  DIGITS_10 (s "8") DIGITS_10 (s "9")
static const char triples[] =
  DIGITS_100 ("0") DIGITS_100 ("1") DIGITS_100 ("2") DIGITS_100 ("3")
  DIGITS_100 ("4") DIGITS_100 ("5") DIGITS_100 ("6") DIGITS_100 ("7")
  DIGITS_100 ("8") DIGITS_100 ("9");

/* X, below 1000, as three digits: four bytes copied (the table's final
   NUL is the fourth of the last), one of them written over next.  */
static inline char *
put_3 (char *p, uint32_t x)
{
  memcpy (p, triples + 3 * x, 4);
  return p + 3;
}

/* NS nanoseconds as microseconds with three decimals.  */
static inline char *
put_us (char *p, uint64_t ns)
{
  uint64_t us = ns / 1000;
  unsigned n = dec_len (us);

  dec_fill (p + n, us, n);
  p[n] = '.';
  return put_3 (p + n + 1, (uint32_t) (ns % 1000));
}

/* Format the milliseconds MS of a timestamp into one of B's cached
   texts: its index.  */
static unsigned __attribute__ ((noinline))
ts_millis (struct gt_profile_text *b, uint64_t ms)
{
  unsigned k = b->next_ts++ % 2;

  b->ts[k].ms = ms;
  b->ts[k].len = (unsigned char) (put_u64 (b->ts[k].s, ms) - b->ts[k].s);
  return k;
}

/* Clock value T as a timestamp of the trace.  Those B writes in a row
   are close: their milliseconds are formatted once while they last (and
   copied whole, a few moves: the record's text has room to spare), the
   rest is six digits.  */
static inline __attribute__ ((always_inline)) char *
put_ts (struct gt_profile_text *b, char *p, uint64_t t)
{
  uint64_t ns = t > b->base ? t - b->base : 0;
  uint64_t ms = ns / 1000000;
  uint32_t rest = (uint32_t) (ns - ms * 1000000);
  unsigned k;

  if (ms == 0)
    return put_us (p, ns);
  if (ms == b->ts[0].ms && b->ts[0].len != 0)
    k = 0;
  else if (ms == b->ts[1].ms && b->ts[1].len != 0)
    k = 1;
  else
    k = ts_millis (b, ms);
  memcpy (p, b->ts[k].s, sizeof b->ts[k].s);
  p = put_3 (p + b->ts[k].len, rest / 1000);
  *p++ = '.';
  return put_3 (p, rest % 1000);
}

/* Format ',"pid":PID,"tid":TID' of track TID into one of B's cached
   ids: its index.  */
static unsigned __attribute__ ((noinline))
ids_new (struct gt_profile_text *b, int tid)
{
  unsigned k = b->next_ids++ % 4;
  char *e = PUT_LIT (b->ids[k].s, ",\"pid\":");

  e = put_int (e, b->pid);
  e = PUT_LIT (e, ",\"tid\":");
  e = put_int (e, tid);
  b->ids[k].tid = tid;
  b->ids[k].len = (unsigned char) (e - b->ids[k].s);
  return k;
}

/* ',"pid":PID,"tid":TID' of the record on track TID: formatted once per
   track while B writes records of it.  */
static inline char *
put_ids (struct gt_profile_text *b, char *p, int tid)
{
  unsigned k;

  for (k = 0; k < 4; k++)
    if (b->ids[k].tid == tid && b->ids[k].len != 0)
      break;
  if (k == 4)
    k = ids_new (b, tid);
  memcpy (p, b->ids[k].s, sizeof b->ids[k].s);
  return p + b->ids[k].len;
}

/* Format the id of the arrows of EVENT on DEVICE into B's cached id K:
   the event, which the plugin's numbers of queues and operations make
   unique among its devices, with the device's number in bits 40 to 47,
   where an operation's number reaches after 2^40 operations on one
   queue; in hexadecimal, as both viewers read a string id, within 64
   bits, as Perfetto's older versions need.  */
static void __attribute__ ((noinline))
flow_id_new (struct gt_profile_text *b, unsigned k, int device,
	     uint64_t event)
{
  char *e = b->flow_ids[k].s;

  *e++ = '0';
  *e++ = 'x';
  e = put_hex (e, event ^ (uint64_t) (device & 0xff) << 40);
  b->flow_ids[k].device = device;
  b->flow_ids[k].event = event;
  b->flow_ids[k].len = (unsigned char) (e - b->flow_ids[k].s);
}

/* '0xID', the id of the arrows of the operation whose event is EVENT on
   DEVICE: formatted once while B writes the arrows of a few
   operations.  */
static char *
put_flow_id (struct gt_profile_text *b, char *p, int device, uint64_t event)
{
  unsigned k = (unsigned) event & (GT_PROFILE_FLOW_IDS - 1);

  if (b->flow_ids[k].event != event || b->flow_ids[k].device != device
      || b->flow_ids[k].len == 0)
    flow_id_new (b, k, device, event);
  memcpy (p, b->flow_ids[k].s, sizeof b->flow_ids[k].s);
  return p + b->flow_ids[k].len;
}

/* The rest of the head of a complete event ("X") after its name up to
   the opening of its "args": its category CAT (a ',"cat":...,"ts":'),
   its times from T0 to T1 and its track TID.  */
static char *
span_head (struct gt_profile_text *b, char *p, const struct fixed *cat,
	   uint64_t t0, uint64_t t1, int tid)
{
  p = put_fixed (p, cat);
  p = put_ts (b, p, t0);
  p = PUT_LIT (p, ",\"dur\":");
  p = put_us (p, t1 - t0);
  p = put_ids (b, p, tid);
  return PUT_LIT (p, ",\"args\":{\"device\":");
}

#define HEAD_START ",\n{\"name\":\""

/* Format the head of a span named NAME in category CAT into one of B's
   cached heads, where it fits: its index, or -1.  */
static int __attribute__ ((noinline))
head_new (struct gt_profile_text *b, const char *name,
	  const struct fixed *cat)
{
  size_t n = strnlen (name, NAME_MAX_LEN);
  unsigned k;
  char *e;

  if (sizeof HEAD_START - 1 + n + cat->len > sizeof b->heads[0].s)
    return -1;
  k = b->next_heads++ % 4;
  e = PUT_LIT (b->heads[k].s, HEAD_START);
  e = put (e, name, n);
  e = put (e, cat->s, cat->len);
  b->heads[k].name = name;
  b->heads[k].cat = cat;
  b->heads[k].len = (unsigned char) (e - b->heads[k].s);
  return (int) k;
}

/* Begin a complete event named NAME, a string of the records' (see
   span_head for the rest): its head up to the timestamp formatted once
   while B writes spans of a few names (the records' strings stay valid,
   so that their addresses tell them apart).  */
static char *
begin_span (struct gt_profile_text *b, char *p, const char *name,
	    const struct fixed *cat, uint64_t t0, uint64_t t1, int tid)
{
  int k;

  for (k = 0; k < 4; k++)
    if (b->heads[k].name == name && b->heads[k].cat == cat
	&& b->heads[k].len != 0)
      break;
  if (k == 4 && (k = head_new (b, name, cat)) < 0)
    {
      p = PUT_LIT (p, HEAD_START);
      p = put_str (p, name);
      return span_head (b, p, cat, t0, t1, tid);
    }
  memcpy (p, b->heads[k].s, sizeof b->heads[k].s);
  p += b->heads[k].len;
  p = put_ts (b, p, t0);
  p = PUT_LIT (p, ",\"dur\":");
  p = put_us (p, t1 - t0);
  p = put_ids (b, p, tid);
  return PUT_LIT (p, ",\"args\":{\"device\":");
}

/* The tails of B: the region's, the queue operation's, the device
   operation's.  */
enum { TAIL_REGION, TAIL_QUEUE_OP, TAIL_DEVICE_OP };

/* The text of tail WHICH of B for KEY, copied to P: where the text
   continues, or NULL when the cached one is another key's.  */
static inline char *
put_tail (struct gt_profile_text *b, char *p, unsigned which,
	  const uint64_t key[4])
{
  if (b->tails[which].len == 0 || b->tails[which].key[0] != key[0]
      || b->tails[which].key[1] != key[1]
      || b->tails[which].key[2] != key[2]
      || b->tails[which].key[3] != key[3])
    return NULL;
  memcpy (p, b->tails[which].s, sizeof b->tails[which].s);
  return p + b->tails[which].len;
}

/* The text from START to END, just written, becomes tail WHICH of B for
   KEY, where it fits.  */
static void
keep_tail (struct gt_profile_text *b, unsigned which, const uint64_t key[4],
	   const char *start, const char *end)
{
  size_t n = (size_t) (end - start);

  if (n > sizeof b->tails[which].s)
    return;
  memcpy (b->tails[which].s, start, n);
  memcpy (b->tails[which].key, key, sizeof b->tails[which].key);
  b->tails[which].len = (unsigned char) n;
}

/* The same, named NAME of the tables below.  */
static char *
begin_span_fixed (struct gt_profile_text *b, char *p,
		  const struct fixed *name, const struct fixed *cat,
		  uint64_t t0, uint64_t t1, int tid)
{
  p = PUT_LIT (p, ",\n{\"name\":\"");
  p = put_fixed (p, name);
  return span_head (b, p, cat, t0, t1, tid);
}

/* The device member's value: a number, or "host".  */
static inline char *
put_device (char *p, int device)
{
  if (device == GT_PROFILE_HOST)
    return PUT_LIT (p, "\"host\"");
  return put_int (p, device);
}

#define END_SPAN(p) PUT_LIT ((p), "}}")

/* The arrow of an operation, from where it was queued (a copy's span,
   the region's whose kernel it is, a span of its own otherwise) to the
   span of the queue that ran it, and on from there to the span of the
   device's own times of it, is written as members of those spans
   (Chrome's flow events of version 2: the same "bind_id", "flow_out" at
   the start, "flow_in" at the end, both where it goes on), not as
   events of their own: an empty region with a scalar map(tofrom:) on a
   GPU plugin writes 8 events, not 16, and 1690 bytes, not 2330.  The
   arrow of a dependence starts on a span written earlier, perhaps by
   another thread: its two ends are events of their own (version 1),
   with the same id.  */

/* Which ends of an arrow a span is.  */
enum { FLOW_OUT, FLOW_IN, FLOW_STEP };

/* The members of the arrow's end WHICH (with the span's closing brace)
   after its id.  */
static const struct fixed flow_ends[] = {
  [FLOW_OUT] = FIXED ("\",\"flow_out\":true}"),
  [FLOW_IN] = FIXED ("\",\"flow_in\":true}"),
  [FLOW_STEP] = FIXED ("\",\"flow_in\":true,\"flow_out\":true}")
};

/* The head of an event of a dependence's arrow, up to its id: copied
   whole, as a struct fixed.  */
struct flow_head
{
  char s[64];
  unsigned char len;
};

/* Phase PH ("s" or "f") of the arrow of a dependence.  */
#define FLOW_HEAD(ph) \
  FIXED (",\n{\"name\":\"depend\",\"cat\":\"queue\",\"ph\":\"" ph \
	 "\",\"bp\":\"e\",\"id\":\"")
static const struct flow_head depend_s = FLOW_HEAD ("s");
static const struct flow_head depend_f = FLOW_HEAD ("f");

/* A flow event HEAD to the operation whose event is EVENT on DEVICE, at
   time T on track TID.  */
static char *
put_flow (struct gt_profile_text *b, char *p, const struct flow_head *head,
	  int device, uint64_t event, uint64_t t, int tid)
{
  memcpy (p, head->s, sizeof head->s);
  p = put_flow_id (b, p + head->len, device, event);
  p = PUT_LIT (p, "\",\"ts\":");
  p = put_ts (b, p, t);
  p = put_ids (b, p, tid);
  *p++ = '}';
  return p;
}

/* The track of queue QUEUE of DEVICE: a thread id no host thread has
   (Linux's are below 2^22 by default, 2^30 at most).  */
#define QUEUE_TRACK(device, queue) \
  (0x40000000 + ((device) & 0xffff) * 0x1000 + (int) ((queue) & 0xfff))

/* The tracks of the times devices took themselves, beside those of their
   queues.  */
#define DEVICE_TRACK(device, queue) \
  (0x48000000 + ((device) & 0xffff) * 0x1000 + (int) ((queue) & 0xfff))

static const struct fixed copy_names[] = {
  [GT_PROFILE_TO] = FIXED ("copy to device"),
  [GT_PROFILE_FROM] = FIXED ("copy from device"),
  [GT_PROFILE_EXCHANGE] = FIXED ("copy between devices")
};
static const struct fixed copy_dirs[] = {
  [GT_PROFILE_TO] = FIXED ("to\",\"nowait\":"),
  [GT_PROFILE_FROM] = FIXED ("from\",\"nowait\":"),
  [GT_PROFILE_EXCHANGE] = FIXED ("exchange\",\"nowait\":")
};

static const struct fixed queue_op_names[] = {
  [GT_PROFILE_OP_COPY_TO] = FIXED ("copy to device"),
  [GT_PROFILE_OP_COPY_FROM] = FIXED ("copy from device"),
  [GT_PROFILE_OP_COPY_PEER] = FIXED ("copy between devices"),
  [GT_PROFILE_OP_LAUNCH] = FIXED ("launch"),
  [GT_PROFILE_OP_HOST_CALL] = FIXED ("host call"),
  [GT_PROFILE_OP_WAIT] = FIXED ("wait for a queue")
};

/* The categories, as span_head writes them.  */
#define CAT(name) FIXED ("\",\"cat\":\"" name "\",\"ph\":\"X\",\"ts\":")
static const struct fixed cat_region = CAT ("region");
static const struct fixed cat_enqueue = CAT ("enqueue");
static const struct fixed cat_copy = CAT ("copy");
static const struct fixed cat_queue = CAT ("queue");
static const struct fixed cat_device = CAT ("device");
static const struct fixed cat_queued = CAT ("queued");

/* The name of the track TID (a host thread's).  */
static char *
put_thread_name (struct gt_profile_text *b, char *p, int tid)
{
  p = PUT_LIT (p, ",\n{\"name\":\"thread_name\",\"ph\":\"M\"");
  p = put_ids (b, p, tid);
  if (tid == b->pid)
    p = PUT_LIT (p, ",\"args\":{\"name\":\"main thread ");
  else
    p = PUT_LIT (p, ",\"args\":{\"name\":\"host thread ");
  p = put_int (p, tid);
  return PUT_LIT (p, "\"}}");
}

/* The name of the track of queue QUEUE of DEVICE, on the device's clock
   when DEVICE_CLOCK.  */
static char *
put_announce (struct gt_profile_text *b, char *p, int device,
	      uint32_t queue, bool device_clock)
{
  p = PUT_LIT (p, ",\n{\"name\":\"thread_name\",\"ph\":\"M\"");
  p = put_ids (b, p, device_clock ? DEVICE_TRACK (device, queue)
		     : QUEUE_TRACK (device, queue));
  p = PUT_LIT (p, ",\"args\":{\"name\":\"device ");
  p = put_int (p, device);
  p = PUT_LIT (p, " queue ");
  p = put_u64 (p, queue);
  if (device_clock)
    p = PUT_LIT (p, " (device clock)");
  return PUT_LIT (p, "\"}}");
}

/* Close the span just written (its arguments closed): as the end WHICH
   of the arrow of the operation whose event is EVENT on DEVICE, unless
   EVENT is 0.  */
static inline char *
close_span (struct gt_profile_text *b, char *p, int device, uint64_t event,
	  unsigned which)
{
  if (event == 0)
    {
      *p++ = '}';
      return p;
    }
  p = PUT_LIT (p, ",\"bind_id\":\"");
  p = put_flow_id (b, p, device, event);
  return put_fixed (p, &flow_ends[which]);
}

/* Region R, where the launch whose event is EVENT (0: none) was
   queued.  */
static char *
put_region (struct gt_profile_text *b, char *p,
	    const struct gt_profile_rec *r, uint64_t event)
{
  bool async = (r->flags & GT_REC_ASYNC) != 0;
  /* The members after the device's name: its number, teams and thread
     limit, the variables, nowait and the function.  */
  const uint64_t key[4] = {
    (uint64_t) (uint32_t) r->device << 32 | (async ? 1 : 0),
    (uint64_t) (uint32_t) r->a << 32 | (uint32_t) r->b, r->n, r->addr
  };
  char *start, *q;

  p = begin_span (b, p, r->name, async ? &cat_enqueue : &cat_region, r->t0,
		  r->t1, r->tid);
  if ((q = put_tail (b, p, TAIL_REGION, key)) != NULL)
    return close_span (b, q, r->device, event, FLOW_OUT);
  start = p;
  p = put_device (p, r->device);
  p = PUT_LIT (p, ",\"teams\":");
  p = put_int (p, r->a);
  p = PUT_LIT (p, ",\"thread_limit\":");
  p = put_int (p, r->b);
  p = PUT_LIT (p, ",\"mapnum\":");
  p = put_u64 (p, r->n);
  if (async)
    p = PUT_LIT (p, ",\"nowait\":true,\"fn\":\"0x");
  else
    p = PUT_LIT (p, ",\"nowait\":false,\"fn\":\"0x");
  p = put_hex (p, r->addr);
  p = PUT_LIT (p, "\"}");
  keep_tail (b, TAIL_REGION, key, start, p);
  return close_span (b, p, r->device, event, FLOW_OUT);
}

static char *
put_copy (struct gt_profile_text *b, char *p, const struct gt_profile_rec *r)
{
  bool async = (r->flags & GT_REC_ASYNC) != 0;

  p = begin_span_fixed (b, p, &copy_names[r->op], &cat_copy, r->t0, r->t1,
			r->tid);
  p = put_device (p, r->device);
  p = PUT_LIT (p, ",\"bytes\":");
  p = put_u64 (p, r->n);
  p = PUT_LIT (p, ",\"direction\":\"");
  p = put_fixed (p, &copy_dirs[r->op]);
  if (async)
    p = PUT_LIT (p, "true");
  else
    p = PUT_LIT (p, "false");
  if (r->flags & GT_REC_OWN)
    p = PUT_LIT (p, ",\"own\":true");
  *p++ = '}';
  /* The arrow starts where the copy was queued.  */
  return close_span (b, p, r->device, async ? r->event : 0, FLOW_OUT);
}

/* The span of a launch or host call R queued outside a region's span
   (category "queued"), where its arrow starts.  */
static char *
put_queued (struct gt_profile_text *b, char *p,
	    const struct gt_profile_rec *r)
{
  p = begin_span_fixed (b, p, &queue_op_names[r->op], &cat_queued, r->t0,
			r->t1, r->tid);
  p = put_device (p, r->device);
  *p++ = '}';
  return close_span (b, p, r->device, r->event, FLOW_OUT);
}

/* The start of the span of queue operation R in category CAT on TRACK,
   up to the device's number.  */
static char *
begin_op_span (struct gt_profile_text *b, char *p,
	       const struct gt_profile_rec *r, const struct fixed *cat,
	       int track)
{
  if (r->name != NULL)
    return begin_span (b, p, r->name, cat, r->t0, r->t1, track);
  return begin_span_fixed (b, p, &queue_op_names[r->op], cat, r->t0, r->t1,
			   track);
}

/* The members of queue operation R from the device's number: its
   device, queue and kind, the kind's string left open.  */
static char *
put_op_args (char *p, const struct gt_profile_rec *r)
{
  p = put_int (p, r->device);
  p = PUT_LIT (p, ",\"queue\":");
  p = put_u64 (p, r->queue);
  p = PUT_LIT (p, ",\"op\":\"");
  return put_fixed (p, &queue_op_names[r->op]);
}

static char *
put_queue_op (struct gt_profile_text *b, char *p,
	      const struct gt_profile_rec *r)
{
  int track = QUEUE_TRACK (r->device, r->queue);
  uint64_t mid = r->t0 + (r->t1 - r->t0) / 2;
  /* The members after the device's name.  */
  const uint64_t key[4] = {
    (uint64_t) (uint32_t) r->device << 32 | r->queue,
    (uint64_t) r->op << 8 | (r->flags & GT_REC_OWN), r->n,
    (uint32_t) r->tid
  };
  char *start, *q;

  p = begin_op_span (b, p, r, &cat_queue, track);
  if ((q = put_tail (b, p, TAIL_QUEUE_OP, key)) != NULL)
    p = q;
  else
    {
      start = p;
      p = put_op_args (p, r);
      p = PUT_LIT (p, "\",\"bytes\":");
      p = put_u64 (p, r->n);
      p = PUT_LIT (p, ",\"run_by\":");
      p = put_int (p, r->tid);
      if (r->flags & GT_REC_OWN)
	p = PUT_LIT (p, ",\"own\":true");
      *p++ = '}';
      keep_tail (b, TAIL_QUEUE_OP, key, start, p);
    }
  /* The arrow from where it was queued ends here, or goes on to the
     device's times of it.  */
  p = close_span (b, p, r->device, r->event,
		r->flags & GT_REC_TIMED ? FLOW_STEP : FLOW_IN);
  /* The arrow of its dependence, from where the operation it was queued
     behind ran.  */
  if (r->event != 0 && r->addr != 0)
    {
      p = put_flow (b, p, &depend_s, r->device, r->event, r->addr,
		    QUEUE_TRACK (r->a, r->dep_queue));
      p = put_flow (b, p, &depend_f, r->device, r->event, mid,
		    track);
    }
  return p;
}

static char *
put_device_op (struct gt_profile_text *b, char *p,
	       const struct gt_profile_rec *r)
{
  int track = DEVICE_TRACK (r->device, r->queue);
  /* The members after the device's name.  */
  const uint64_t key[4] = {
    (uint64_t) (uint32_t) r->device << 32 | r->queue,
    (uint64_t) r->op << 8 | (r->flags & GT_REC_OWN), 0, 0
  };
  char *start, *q;

  p = begin_op_span (b, p, r, &cat_device, track);
  if ((q = put_tail (b, p, TAIL_DEVICE_OP, key)) != NULL)
    p = q;
  else
    {
      start = p;
      p = put_op_args (p, r);
      p = PUT_LIT (p, "\",\"clock\":\"device\"");
      if (r->flags & GT_REC_OWN)
	p = PUT_LIT (p, ",\"own\":true");
      *p++ = '}';
      keep_tail (b, TAIL_DEVICE_OP, key, start, p);
    }
  /* The arrow from the host's view of the operation (the queue's span)
     ends here.  */
  return close_span (b, p, r->device, r->event, FLOW_IN);
}

/* The spans of allocations, waits and reverse offload.  */
static char *
put_simple (struct gt_profile_text *b, char *p,
	    const struct gt_profile_rec *r)
{
  static const struct fixed names[] = {
    [GT_REC_CONSOLE] = FIXED ("console output"),
    [GT_REC_ALLOC] = FIXED ("alloc"), [GT_REC_FREE] = FIXED ("free"),
    [GT_REC_WAIT] = FIXED ("wait")
  };
  static const struct fixed cats[] = {
    [GT_REC_CONSOLE] = CAT ("console"), [GT_REC_ALLOC] = CAT ("alloc"),
    [GT_REC_FREE] = CAT ("alloc"), [GT_REC_WAIT] = CAT ("wait"),
    [GT_REC_REVERSE] = CAT ("reverse")
  };
  bool reverse = r->kind == GT_REC_REVERSE;

  if (reverse)
    p = begin_span (b, p, r->name, &cats[r->kind], r->t0, r->t1, r->tid);
  else
    p = begin_span_fixed (b, p, &names[r->kind], &cats[r->kind], r->t0,
			  r->t1, r->tid);
  p = put_device (p, r->device);
  if (r->kind == GT_REC_CONSOLE || r->kind == GT_REC_ALLOC)
    {
      p = PUT_LIT (p, ",\"bytes\":");
      p = put_u64 (p, r->n);
    }
  /* An address, in hexadecimal.  */
  if (r->kind == GT_REC_ALLOC || r->kind == GT_REC_FREE)
    p = PUT_LIT (p, ",\"ptr\":\"0x");
  else if (reverse)
    p = PUT_LIT (p, ",\"fn\":\"0x");
  if (r->kind == GT_REC_ALLOC || r->kind == GT_REC_FREE || reverse)
    {
      p = put_hex (p, r->addr);
      *p++ = '"';
    }
  return END_SPAN (p);
}

/* Whether the launch QUEUED was queued within region R: the region
   whose kernel it is (a thread's records are in order, the region's
   after its launch).  */
static inline bool
launch_of (const struct gt_profile_rec *queued,
	   const struct gt_profile_rec *r)
{
  return queued->op == GT_PROFILE_OP_LAUNCH && queued->tid == r->tid
	 && queued->device == r->device && queued->t0 >= r->t0
	 && queued->t1 <= r->t1;
}

/* Where the next record's text goes in OUT, with GT_PROFILE_TEXT_MAX
   free.  */
static inline char *
text_room (struct gt_profile_text *out)
{
  if (out->size - out->len < GT_PROFILE_TEXT_MAX)
    out->flush (out);
  return out->data + out->len;
}

void
gt_profile_format (struct gt_profile_text *out,
		   const struct gt_profile_rec *rec, unsigned n)
{
  /* The launch or host call queued last, its arrow not written yet: it
     starts on the span of the region that follows, if the launch is
     its, else on a span of its own.  */
  const struct gt_profile_rec *queued = NULL;

  for (unsigned i = 0; i <= n; i++)
    {
      const struct gt_profile_rec *r = &rec[i];
      char *p;

      if (queued != NULL
	  && (i == n || r->kind == GT_REC_QUEUED
	      || (r->kind == GT_REC_REGION && !launch_of (queued, r))))
	{
	  p = put_queued (out, text_room (out), queued);
	  out->len = (size_t) (p - out->data);
	  queued = NULL;
	}
      if (i == n)
	break;
      p = text_room (out);
      switch (r->kind)
	{
	case GT_REC_THREAD:
	  p = put_thread_name (out, p, r->tid);
	  break;
	case GT_REC_ANNOUNCE:
	  p = put_announce (out, p, r->device, r->queue,
			    (r->flags & GT_REC_DEVICE_CLOCK) != 0);
	  break;
	case GT_REC_REGION:
	  p = put_region (out, p, r, queued != NULL ? queued->event : 0);
	  queued = NULL;
	  break;
	case GT_REC_COPY:
	  p = put_copy (out, p, r);
	  break;
	case GT_REC_QUEUED:
	  queued = r;
	  break;
	case GT_REC_QUEUE_OP:
	  p = put_queue_op (out, p, r);
	  break;
	case GT_REC_DEVICE_OP:
	  p = put_device_op (out, p, r);
	  break;
	default:
	  p = put_simple (out, p, r);
	  break;
	}
      out->len = (size_t) (p - out->data);
    }
}
