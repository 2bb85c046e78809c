/* profile.c -- the recorder of GOMPTARGET_PROFILE and GOMPTARGET_SUMMARY.
   The trace is Chrome's trace-event format, a JSON array, which Perfetto
   and chrome://tracing open: the file starts with "[" and the process's
   name, every record follows as ",\n{...}", and the closing "]" is
   written at exit (both viewers open a file without it, as a crash
   leaves it).  Each host thread formats its records into a buffer of its
   own and writes it whole, under the file's lock, when it is full, when
   the thread ends and at exit: several threads share one valid file, and
   a crash loses at most what the buffers held.  A "%p" in the file name
   stands for the process id, so that every process (fork, MPI ranks)
   writes its own file.

   The recorder's locks (the file's, each buffer's, the names' and the
   summary's) are leaves, taken with gt_mutex_acquire rather than gt_lock:
   records are made with other locks held (a device's, under which
   mapping allocates and copies), nothing fatal happens while they are
   held, and they need no place in the list of held locks that gt_fatal
   releases.  Order: a buffer's, then the file's or the names'.

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

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

int gt_profile_on;
bool gt_profile_device_times;
uint64_t gt_profile_tsc_mult, gt_profile_tsc_base, gt_profile_ns_base;

/* The size of a thread's buffer, and the most a record takes: names are
   cut at NAME_MAX bytes.  */
#define BUF_SIZE 65536
#define RECORD_MAX 2048
#define NAME_MAX_LEN 1024

struct thread_buf
{
  /* Taken by the owner to add records and by whoever writes the buffer
     out (the owner, or exit for a thread still running).  */
  gt_mutex_t lock;
  size_t len;
  int tid;
  /* ',"pid":PID,"tid":TID' of the records on the thread's own track.  */
  char ids[48];
  size_t ids_len;
  /* The same of the other tracks it wrote records of last (queues'),
     by turns.  */
  struct
  {
    int tid;
    unsigned char len;
    char s[47];
  } other_ids[4];
  unsigned next_other;
  bool in_use;
  struct thread_buf *next;
  char data[BUF_SIZE];
};

/* The trace file (-1: none), its name as given, and the clock at its
   start.  */
static int trace_fd = -1;
static char *trace_name;
static uint64_t clock_base;
static int trace_pid;
/* GOMPTARGET_SUMMARY's file; NULL: stderr.  */
static char *summary_file;

/* Taken to write to the file and to walk or grow the list of buffers.  */
static gt_mutex_t file_lock = GT_MUTEX_INITIALIZER;
GT_FORK_LOCK (file_lock);
static struct thread_buf *all_bufs;

static GT_TLS struct thread_buf *my_buf;
static pthread_key_t buf_key;

static void
write_all (int fd, const char *p, size_t n)
{
  while (n > 0)
    {
      ssize_t w = write (fd, p, n);

      if (w < 0 && errno == EINTR)
	continue;
      if (w <= 0)
	return;
      p += w;
      n -= (size_t) w;
    }
}

/* Write out B's records; B's lock held.  */
static void
flush_locked (struct thread_buf *b)
{
  if (b->len == 0)
    return;
  gt_mutex_acquire (&file_lock);
  if (trace_fd >= 0)
    write_all (trace_fd, b->data, b->len);
  gt_mutex_release (&file_lock);
  b->len = 0;
}

/* Append the record FMT to B; B's lock held.  */
static void
add_locked (struct thread_buf *b, const char *fmt, ...)
  __attribute__ ((format (printf, 2, 3)));

static void
add_locked (struct thread_buf *b, const char *fmt, ...)
{
  va_list ap;
  int n;

  if (BUF_SIZE - b->len < RECORD_MAX)
    flush_locked (b);
  va_start (ap, fmt);
  n = vsnprintf (b->data + b->len, RECORD_MAX, fmt, ap);
  va_end (ap);
  if (n > 0 && n < RECORD_MAX)
    b->len += (size_t) n;
}

/* The thread ends: write its records out and leave its buffer to the
   next thread.  */
static void
thread_ends (void *arg)
{
  struct thread_buf *b = arg;

  gt_mutex_acquire (&b->lock);
  flush_locked (b);
  b->in_use = false;
  gt_mutex_release (&b->lock);
}

/* B is the calling thread's buffer now.  */
static void
set_tid (struct thread_buf *b)
{
  b->tid = (int) syscall (SYS_gettid);
  memset (b->other_ids, 0, sizeof b->other_ids);
  b->ids_len = (size_t) snprintf (b->ids, sizeof b->ids,
				  ",\"pid\":%d,\"tid\":%d", trace_pid, b->tid);
}

/* The calling thread's buffer, with its lock taken: NULL when there is
   none to be had (no trace, or no memory).  */
static struct thread_buf *
lock_buf (void)
{
  struct thread_buf *b = my_buf;

  if (GT_LIKELY (b != NULL))
    {
      gt_mutex_acquire (&b->lock);
      return b;
    }
  if (trace_fd < 0)
    return NULL;
  gt_mutex_acquire (&file_lock);
  for (b = all_bufs; b != NULL; b = b->next)
    if (!b->in_use)
      break;
  if (b == NULL && (b = calloc (1, sizeof *b)) != NULL)
    {
      b->next = all_bufs;
      all_bufs = b;
    }
  if (b != NULL)
    b->in_use = true;
  gt_mutex_release (&file_lock);
  if (b == NULL)
    return NULL;
  my_buf = b;
  pthread_setspecific (buf_key, b);
  gt_mutex_acquire (&b->lock);
  set_tid (b);
  add_locked (b, ",\n{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":%d,"
	      "\"tid\":%d,\"args\":{\"name\":\"%s %d\"}}", trace_pid, b->tid,
	      b->tid == trace_pid ? "main thread" : "host thread", b->tid);
  return b;
}

/* ---- Writing records: by hand, not with printf, which would cost
   several times as much.  Each record is begun by begin_record, which
   makes room for RECORD_MAX bytes; B's lock held.  ---- */

static inline void
put (struct thread_buf *b, const char *s, size_t n)
{
  memcpy (b->data + b->len, s, n);
  b->len += n;
}

#define PUT_LIT(b, s) put ((b), (s), sizeof (s) - 1)

/* A string already safe in JSON, cut at NAME_MAX_LEN bytes.  */
static inline void
put_str (struct thread_buf *b, const char *s)
{
  size_t n = strnlen (s, NAME_MAX_LEN);
  put (b, s, n);
}

static void
put_u64 (struct thread_buf *b, uint64_t v)
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
put_int (struct thread_buf *b, int64_t v)
{
  if (v < 0)
    {
      PUT_LIT (b, "-");
      v = -v;
    }
  put_u64 (b, (uint64_t) v);
}

static void
put_hex (struct thread_buf *b, uint64_t v)
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
put_us (struct thread_buf *b, uint64_t ns)
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
put_ts (struct thread_buf *b, uint64_t t)
{
  put_us (b, t > clock_base ? t - clock_base : 0);
}

/* ',"pid":PID,"tid":TID' of the record on track TID: formatted once per
   track while B writes records of it.  */
static void
put_ids (struct thread_buf *b, int tid)
{
  unsigned k;

  if (tid == b->tid)
    {
      put (b, b->ids, b->ids_len);
      return;
    }
  for (k = 0; k < 4; k++)
    if (b->other_ids[k].tid == tid && b->other_ids[k].len != 0)
      break;
  if (k == 4)
    {
      k = b->next_other++ % 4;
      b->other_ids[k].tid = tid;
      b->other_ids[k].len
	= (unsigned char) snprintf (b->other_ids[k].s,
				    sizeof b->other_ids[k].s,
				    ",\"pid\":%d,\"tid\":%d", trace_pid, tid);
    }
  put (b, b->other_ids[k].s, b->other_ids[k].len);
}

static inline void
begin_record (struct thread_buf *b)
{
  if (BUF_SIZE - b->len < RECORD_MAX)
    flush_locked (b);
}

/* Begin a complete event ("X") named NAME of category CAT from T0 to T1
   on track TID, up to the opening of its "args".  */
static void
begin_span (struct thread_buf *b, const char *name, const char *cat,
	    uint64_t t0, uint64_t t1, int tid)
{
  begin_record (b);
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
put_device (struct thread_buf *b, int device)
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
put_flow (struct thread_buf *b, const char *head, size_t head_len,
	  int device, uint64_t event, uint64_t t, int tid)
{
  begin_record (b);
  put (b, head, head_len);
  put_int (b, device);
  PUT_LIT (b, "-");
  put_hex (b, event);
  PUT_LIT (b, "\",\"ts\":");
  put_ts (b, t);
  put_ids (b, tid);
  PUT_LIT (b, "}");
}

void
gt_profile_region (int device, const void *fn, int num_teams,
		   int thread_limit, size_t mapnum, bool async, uint64_t t0)
{
  uint64_t t1 = gt_profile_clock ();
  struct thread_buf *b;

  if (!async && (gt_profile_on & GT_PROFILE_SUMMARY))
    gt_summary_region (fn, t1 - t0);
  if (!(gt_profile_on & GT_PROFILE_TRACE) || (b = lock_buf ()) == NULL)
    return;
  begin_span (b, gt_profile_fn_name (fn), async ? "enqueue" : "region", t0,
	      t1, b->tid);
  put_device (b, device);
  PUT_LIT (b, ",\"teams\":");
  put_int (b, num_teams);
  PUT_LIT (b, ",\"thread_limit\":");
  put_int (b, thread_limit);
  PUT_LIT (b, ",\"mapnum\":");
  put_u64 (b, mapnum);
  if (async)
    PUT_LIT (b, ",\"nowait\":true,\"fn\":\"0x");
  else
    PUT_LIT (b, ",\"nowait\":false,\"fn\":\"0x");
  put_hex (b, (uintptr_t) fn);
  PUT_LIT (b, "\"");
  END_SPAN (b);
  gt_mutex_release (&b->lock);
}

void
gt_profile_region_done (const void *fn, uint64_t t0)
{
  uint64_t t1 = gt_profile_clock ();

  if (gt_profile_on & GT_PROFILE_SUMMARY)
    gt_summary_region (fn, t1 - t0);
}

/* The calling thread's copies are the runtime's own (gt_profile_own).  */
static GT_TLS bool own_copies;

void
gt_profile_own (bool on)
{
  own_copies = on;
}

bool
gt_profile_own_now (void)
{
  return own_copies;
}

static const char *const copy_names[] = {
  [GT_PROFILE_TO] = "copy to device",
  [GT_PROFILE_FROM] = "copy from device",
  [GT_PROFILE_EXCHANGE] = "copy between devices"
};
static const char *const copy_dirs[] = {
  [GT_PROFILE_TO] = "to", [GT_PROFILE_FROM] = "from",
  [GT_PROFILE_EXCHANGE] = "exchange"
};

void
gt_profile_copy (int device, enum gt_profile_copy dir, size_t bytes,
		 bool async, uint64_t event, uint64_t t0)
{
  uint64_t t1 = gt_profile_clock ();
  struct thread_buf *b;

  if (gt_profile_on & GT_PROFILE_SUMMARY)
    gt_summary_copy (device, dir, bytes);
  if (!(gt_profile_on & GT_PROFILE_TRACE) || (b = lock_buf ()) == NULL)
    return;
  begin_span (b, copy_names[dir], "copy", t0, t1, b->tid);
  put_device (b, device);
  PUT_LIT (b, ",\"bytes\":");
  put_u64 (b, bytes);
  PUT_LIT (b, ",\"direction\":\"");
  put_str (b, copy_dirs[dir]);
  if (async)
    PUT_LIT (b, "\",\"nowait\":true");
  else
    PUT_LIT (b, "\",\"nowait\":false");
  if (own_copies)
    PUT_LIT (b, ",\"own\":true");
  END_SPAN (b);
  /* The arrow starts where the copy was queued.  */
  if (async && event != 0)
    PUT_FLOW (b, "s", "queued", "q", device, event, t0, b->tid);
  gt_mutex_release (&b->lock);
}

void
gt_profile_queued (int device, uint64_t event, uint64_t t0)
{
  struct thread_buf *b;

  if (!(gt_profile_on & GT_PROFILE_TRACE) || (b = lock_buf ()) == NULL)
    return;
  PUT_FLOW (b, "s", "queued", "q", device, event, t0, b->tid);
  gt_mutex_release (&b->lock);
}

/* The track of queue QUEUE of DEVICE: a thread id no host thread has
   (Linux's are below 2^22 by default, 2^30 at most).  */
#define QUEUE_TRACK(device, queue) \
  (0x40000000 + ((device) & 0xffff) * 0x1000 + (int) ((queue) & 0xfff))

/* The tracks announced so far (named by a thread_name record), as bits
   of a small table; a track beyond it is announced every time.  */
#define MAX_ANNOUNCED 4096
static unsigned char announced[MAX_ANNOUNCED / 8];

/* The tracks of the times devices took themselves, beside those of their
   queues.  */
#define DEVICE_TRACK(device, queue) \
  (0x48000000 + ((device) & 0xffff) * 0x1000 + (int) ((queue) & 0xfff))
static unsigned char announced_device[MAX_ANNOUNCED / 8];

/* Name the track TRACK of queue QUEUE of DEVICE, SUFFIX after its name,
   unless BITS says it was named already.  */
static void
announce (struct thread_buf *b, unsigned char *bits, int device,
	  uint32_t queue, int track, const char *suffix)
{
  unsigned slot = (unsigned) (device * 64 + (int) queue);

  if (slot >= MAX_ANNOUNCED
      || !(__atomic_fetch_or (&bits[slot / 8],
			      (unsigned char) (1u << (slot % 8)),
			      __ATOMIC_RELAXED) & (1u << (slot % 8))))
    add_locked (b, ",\n{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":%d,"
		"\"tid\":%d,\"args\":{\"name\":\"device %d queue %u%s\"}}",
		trace_pid, track, device, queue, suffix);
}

static const char *const queue_op_names[] = {
  [GT_PROFILE_OP_COPY_TO] = "copy to device",
  [GT_PROFILE_OP_COPY_FROM] = "copy from device",
  [GT_PROFILE_OP_COPY_PEER] = "copy between devices",
  [GT_PROFILE_OP_LAUNCH] = "launch",
  [GT_PROFILE_OP_HOST_CALL] = "host call",
  [GT_PROFILE_OP_WAIT] = "wait for a queue"
};

/* The name of a queue's operation of KIND (valid): a launch's kernel NAME
   (in BUF of SIZE bytes) or host function HOST_FN, else what it is.  */
static const char *
op_name (int kind, const char *name, const void *host_fn, char *buf,
	 size_t size)
{
  if (kind == GT_PROFILE_OP_LAUNCH && name != NULL)
    return gt_profile_kernel_name (name, buf, size);
  if (kind == GT_PROFILE_OP_LAUNCH && host_fn != NULL)
    return gt_profile_fn_name (host_fn);
  return queue_op_names[kind];
}

void
gt_profile_queue_op (int device, uint32_t queue, int kind, uint64_t bytes,
		     const char *name, const void *host_fn, uint64_t event,
		     uint64_t start, uint64_t end, int dep_device,
		     uint32_t dep_queue, uint64_t dep_time)
{
  struct thread_buf *b;
  int track = QUEUE_TRACK (device, queue);
  const char *what;
  char kernel[256];
  bool own = (kind & GT_PROFILE_OP_OWN) != 0;

  kind &= ~GT_PROFILE_OP_OWN;
  if (!(gt_profile_on & GT_PROFILE_TRACE) || kind < 0
      || kind > GT_PROFILE_OP_WAIT)
    return;
  what = op_name (kind, name, host_fn, kernel, sizeof kernel);
  if ((b = lock_buf ()) == NULL)
    return;
  announce (b, announced, device, queue, track, "");
  begin_span (b, what, "queue", start, end, track);
  put_int (b, device);
  PUT_LIT (b, ",\"queue\":");
  put_u64 (b, queue);
  PUT_LIT (b, ",\"op\":\"");
  put_str (b, queue_op_names[kind]);
  PUT_LIT (b, "\",\"bytes\":");
  put_u64 (b, bytes);
  PUT_LIT (b, ",\"run_by\":");
  put_int (b, b->tid);
  if (own)
    PUT_LIT (b, ",\"own\":true");
  END_SPAN (b);
  /* The arrow ends inside the operation's span.  */
  if (event != 0)
    PUT_FLOW (b, "f", "queued", "q", device, event,
	      start + (end - start) / 2, track);
  /* The arrow of its dependence, from where the operation it was queued
     behind ran.  */
  if (event != 0 && dep_time != 0)
    {
      PUT_FLOW (b, "s", "depend", "d", device, event, dep_time,
		QUEUE_TRACK (dep_device, dep_queue));
      PUT_FLOW (b, "f", "depend", "d", device, event,
		start + (end - start) / 2, track);
    }
  gt_mutex_release (&b->lock);
}

void
gt_profile_device_op (int device, uint32_t queue, int kind,
		      const char *name, const void *host_fn, uint64_t event,
		      uint64_t host_time, uint64_t start, uint64_t end)
{
  struct thread_buf *b;
  int track = DEVICE_TRACK (device, queue);
  const char *what;
  char kernel[256];
  bool own = (kind & GT_PROFILE_OP_OWN) != 0;

  kind &= ~GT_PROFILE_OP_OWN;
  if (!(gt_profile_on & GT_PROFILE_TRACE) || kind < 0
      || kind > GT_PROFILE_OP_WAIT || end < start)
    return;
  what = op_name (kind, name, host_fn, kernel, sizeof kernel);
  if ((b = lock_buf ()) == NULL)
    return;
  announce (b, announced_device, device, queue, track, " (device clock)");
  begin_span (b, what, "device", start, end, track);
  put_int (b, device);
  PUT_LIT (b, ",\"queue\":");
  put_u64 (b, queue);
  PUT_LIT (b, ",\"op\":\"");
  put_str (b, queue_op_names[kind]);
  PUT_LIT (b, "\",\"clock\":\"device\"");
  if (own)
    PUT_LIT (b, ",\"own\":true");
  END_SPAN (b);
  /* The arrow from the host's view of the operation (the queue's track,
     where the arrow from its queueing ends) to the device's.  */
  if (event != 0)
    {
      uint64_t mid = start + (end - start) / 2;

      /* The clocks may disagree a little: the arrow never goes back.  */
      PUT_FLOW (b, "s", "executed", "x", device, event,
		host_time < mid ? host_time : mid,
		QUEUE_TRACK (device, queue));
      PUT_FLOW (b, "f", "executed", "x", device, event, mid, track);
    }
  gt_mutex_release (&b->lock);
}

void
gt_profile_console (int device, uint64_t bytes, uint64_t start,
		    uint64_t end)
{
  struct thread_buf *b;

  if (!(gt_profile_on & GT_PROFILE_TRACE) || end < start
      || (b = lock_buf ()) == NULL)
    return;
  begin_span (b, "console output", "console", start, end, b->tid);
  put_device (b, device);
  PUT_LIT (b, ",\"bytes\":");
  put_u64 (b, bytes);
  END_SPAN (b);
  gt_mutex_release (&b->lock);
}

/* A span of category CAT named NAME on DEVICE from T0 to now, with the
   argument KEY (NULL: none) of value V, in hexadecimal when HEX.  */
static void
simple_span (const char *cat, const char *name, int device, uint64_t t0,
	     const char *key, uint64_t v, bool hex, const char *key2,
	     uint64_t v2)
{
  uint64_t t1 = gt_profile_clock ();
  struct thread_buf *b = lock_buf ();

  if (b == NULL)
    return;
  begin_span (b, name, cat, t0, t1, b->tid);
  put_device (b, device);
  if (key2 != NULL)
    {
      put_str (b, key2);
      put_u64 (b, v2);
    }
  if (key != NULL)
    {
      put_str (b, key);
      if (hex)
	{
	  PUT_LIT (b, "\"0x");
	  put_hex (b, v);
	  PUT_LIT (b, "\"");
	}
      else
	put_u64 (b, v);
    }
  END_SPAN (b);
  gt_mutex_release (&b->lock);
}

void
gt_profile_alloc (int device, const void *ptr, size_t bytes, uint64_t t0)
{
  if ((gt_profile_on & GT_PROFILE_SUMMARY) && ptr != NULL)
    gt_summary_alloc (device, ptr, bytes);
  if (gt_profile_on & GT_PROFILE_TRACE)
    simple_span ("alloc", "alloc", device, t0, ",\"ptr\":",
		 (uintptr_t) ptr, true, ",\"bytes\":", bytes);
}

void
gt_profile_free (int device, const void *ptr, uint64_t t0)
{
  if (gt_profile_on & GT_PROFILE_SUMMARY)
    gt_summary_free (device, ptr);
  if (gt_profile_on & GT_PROFILE_TRACE)
    simple_span ("alloc", "free", device, t0, ",\"ptr\":", (uintptr_t) ptr,
		 true, NULL, 0);
}

void
gt_profile_wait (int device, uint64_t t0)
{
  if (gt_profile_on & GT_PROFILE_SUMMARY)
    gt_summary_wait (gt_profile_clock () - t0);
  if (gt_profile_on & GT_PROFILE_TRACE)
    simple_span ("wait", "wait", device, t0, NULL, 0, false, NULL, 0);
}

void
gt_profile_reverse (int device, const void *fn, uint64_t t0)
{
  if (gt_profile_on & GT_PROFILE_TRACE)
    simple_span ("reverse", gt_profile_fn_name (fn), device, t0, ",\"fn\":",
		 (uintptr_t) fn, true, NULL, 0);
}

void
gt_profile_map_size (int device, size_t count)
{
  if (gt_profile_on & GT_PROFILE_SUMMARY)
    gt_summary_map_size (device, count);
}

/* Open the trace file for this process: the name with each %p replaced
   by the process id.  */
static void
open_trace (void)
{
  char path[4096], exe[256];
  size_t n = 0;
  ssize_t e;

  trace_pid = (int) getpid ();
  for (const char *s = trace_name; *s && n < sizeof path - 16; s++)
    if (s[0] == '%' && s[1] == 'p')
      {
	n += (size_t) snprintf (path + n, sizeof path - n, "%d", trace_pid);
	s++;
      }
    else
      path[n++] = *s;
  path[n] = '\0';
  trace_fd = open (path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (trace_fd < 0)
    {
      gt_warning ("GOMPTARGET_PROFILE: cannot open %s: %s; no trace", path,
		  strerror (errno));
      gt_profile_on &= ~GT_PROFILE_TRACE;
      return;
    }
  e = readlink ("/proc/self/exe", exe, sizeof exe - 1);
  exe[e > 0 ? e : 0] = '\0';
  gt_profile_json_safe (exe);
  dprintf (trace_fd, "[\n{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":%d,"
	   "\"tid\":%d,\"args\":{\"name\":\"%s\"}}", trace_pid, trace_pid,
	   exe);
}

/* In the child after fork (): a new file where the name has %p, else no
   trace of the child; the parent's unwritten records are dropped.  A
   handler of its own (fork.c's are registered only once the devices are
   loaded, and a program may fork before): the only thread here is the
   one that forked, outside the recorder, so no lock of the recorder is
   held by anyone here.  */
static void
after_fork (void)
{
  file_lock.word = 0;
  gt_profile_names_after_fork ();
  gt_summary_after_fork ();
  if (trace_fd < 0)
    return;
  /* The parent's records are the parent's to write.  */
  for (struct thread_buf *b = all_bufs; b != NULL; b = b->next)
    {
      /* Their owners, but this thread, are not here.  */
      b->lock.word = 0;
      b->len = 0;
      b->in_use = b == my_buf;
    }
  close (trace_fd);
  trace_fd = -1;
  if (strstr (trace_name, "%p") == NULL)
    {
      gt_profile_on &= ~GT_PROFILE_TRACE;
      return;
    }
  open_trace ();
  /* The new file names the queues' tracks again.  */
  memset (announced, 0, sizeof announced);
  if (my_buf != NULL && trace_fd >= 0)
    {
      set_tid (my_buf);
      gt_mutex_acquire (&my_buf->lock);
      add_locked (my_buf, ",\n{\"name\":\"thread_name\",\"ph\":\"M\","
		  "\"pid\":%d,\"tid\":%d,\"args\":{\"name\":\"main thread "
		  "%d\"}}", trace_pid, my_buf->tid, my_buf->tid);
      gt_mutex_release (&my_buf->lock);
    }
}

/* Scale the time stamp counter to CLOCK_MONOTONIC (gt_profile_clock),
   where the kernel keeps time with it and it runs at a constant rate:
   measured over 2 ms, once, when something is recorded.  */
static void
calibrate_clock (void)
{
#if defined (__x86_64__) && defined (__SIZEOF_INT128__)
  char src[32] = "";
  int fd = open ("/sys/devices/system/clocksource/clocksource0/"
		 "current_clocksource", O_RDONLY | O_CLOEXEC);
  ssize_t n = fd >= 0 ? read (fd, src, sizeof src - 1) : -1;
  uint64_t ns0, ns1, tsc0, tsc1;

  if (fd >= 0)
    close (fd);
  if (n < 3 || strncmp (src, "tsc", 3) != 0)
    return;
  ns0 = gt_clock_ns ();
  tsc0 = __builtin_ia32_rdtsc ();
  do
    ns1 = gt_clock_ns ();
  while (ns1 - ns0 < 2000000);
  tsc1 = __builtin_ia32_rdtsc ();
  if (tsc1 <= tsc0)
    return;
  gt_profile_tsc_base = tsc0;
  gt_profile_ns_base = ns0;
  gt_profile_tsc_mult = (uint64_t) (((unsigned __int128) (ns1 - ns0) << 32)
				    / (tsc1 - tsc0));
#endif
}

static void __attribute__ ((constructor))
profile_init (void)
{
  const char *p = getenv ("GOMPTARGET_PROFILE");
  const char *s = getenv ("GOMPTARGET_SUMMARY");
  const char *d;

  if (s != NULL && *s != '\0' && strcmp (s, "0") != 0)
    {
      if (strcmp (s, "1") != 0)
	summary_file = strdup (s);
      gt_profile_on |= GT_PROFILE_SUMMARY;
    }
  /* For the trace and for an OMPT tool's.  */
  d = getenv ("GOMPTARGET_PROFILE_DEVICE_TIMES");
  gt_profile_device_times = d == NULL || strcmp (d, "0") != 0;
  if (p != NULL && *p != '\0')
    {
      trace_name = strdup (p);
      if (trace_name == NULL || pthread_key_create (&buf_key, thread_ends))
	return;
      gt_profile_on |= GT_PROFILE_TRACE;
      open_trace ();
    }
  if (gt_profile_on)
    {
      calibrate_clock ();
      clock_base = gt_profile_clock ();
      pthread_atfork (NULL, NULL, after_fork);
    }
}

static void __attribute__ ((destructor))
profile_fini (void)
{
  int on = gt_profile_on & (GT_PROFILE_TRACE | GT_PROFILE_SUMMARY);

  if (!on)
    return;
  /* An OMPT tool's bit stays (ompt.c).  */
  gt_profile_on &= GT_PROFILE_OMPT;
  if (on & GT_PROFILE_SUMMARY)
    gt_summary_write (summary_file);
  if (trace_fd < 0)
    return;
  for (struct thread_buf *b = all_bufs; b != NULL; b = b->next)
    {
      gt_mutex_acquire (&b->lock);
      flush_locked (b);
      gt_mutex_release (&b->lock);
    }
  gt_mutex_acquire (&file_lock);
  write_all (trace_fd, "\n]\n", 3);
  close (trace_fd);
  trace_fd = -1;
  gt_mutex_release (&file_lock);
}
