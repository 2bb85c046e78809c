/* profile.c -- the recorder of GOMPTARGET_PROFILE and GOMPTARGET_SUMMARY.
   The trace is Chrome's trace-event format, a JSON array, which Perfetto
   and chrome://tracing open: the file starts with "[" and the process's
   name, every record follows as ",\n{...}", and the closing "]" is
   written at exit (both viewers open a file without it, as a crash
   leaves it).  Each host thread stores its records, binary and of fixed
   size (profile.h), in a block of its own; a full block is handed at
   once to a writer thread, started with the first one, which writes it
   out as text (profile-json.c) under the file's lock: the thread that
   records pays for no text.  Several threads share one valid file, and
   a crash loses at most what the blocks held: the one each thread fills
   and the few queued for the writer (QUEUE_MAX; a thread that finds the
   queue full writes the oldest block itself, so a writer that falls
   behind slows the recording threads rather than holding more).  A
   thread adds a record to its block without a lock (struct thread_buf):
   an atomic store of the block's count, the plain store it is on x86.
   At exit the queued blocks are written, then each thread's, in that
   order, to the file that exit has taken from the writer (records made
   meanwhile go nowhere); a thread that ends hands its block over.  A "%p" in the file name stands
   for the process id, so that every process (fork, MPI ranks) writes its
   own file; a child of fork () starts a writer of its own.

   The recorder's locks (each buffer's, the list of buffers', the file's,
   the queue's, the names' and the summary's) are leaves, taken with
   gt_mutex_acquire rather than gt_lock: records are made with other
   locks held (a device's, under which mapping allocates and copies),
   nothing fatal happens while they are held, and they need no place in
   the list of held locks that gt_fatal releases.  Order: a buffer's,
   then the file's or the names', then the queue's.

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
#include <pthread.h>
#include <signal.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/syscall.h>
#include <unistd.h>

int gt_profile_on;
bool gt_profile_device_times;
bool gt_profile_copy_times;
uint64_t gt_profile_tsc_mult, gt_profile_tsc_base, gt_profile_ns_base;

/* The most blocks waiting for the writer: beyond, a thread whose block
   is full writes the oldest itself.  */
#define QUEUE_MAX 4
/* The writer's text, written to the file whenever it is nearly full.  */
#define TEXT_SIZE 65536

struct thread_buf
{
  /* Taken by the owner to hand its block over and by exit to write the
     records out.  The owner adds records without it: it fills the
     block's next record, then publishes it by storing the block's count
     (release); exit writes the records the count it reads (acquire)
     covers, which the owner no longer writes.  */
  gt_mutex_t lock;
  int tid;
  /* The records not yet handed to the writer; NULL: no memory.  */
  struct gt_profile_block *blk;
  bool in_use;
  struct thread_buf *next;
};

/* The trace file (-1: none), its name as given, and the clock at its
   start.  The file is opened when the process first records something
   (TRACE_OPENED then set, under BUFS_LOCK): a process that the variable
   reaches but that never offloads (a shell, timeout(1) under LD_PRELOAD)
   leaves the file alone.  */
static int trace_fd = -1;
/* The trace file once exit writes the last records itself: TRACE_FD is
   then -1, so that nothing else writes to it (FILE_LOCK).  */
static int final_fd = -1;
static bool trace_opened;
static char *trace_name;
static uint64_t clock_base;
static int trace_pid;
/* GOMPTARGET_SUMMARY's file; NULL: stderr.  */
static char *summary_file;

/* Taken to walk or grow the list of buffers.  */
static gt_mutex_t bufs_lock = GT_MUTEX_INITIALIZER;
GT_FORK_LOCK (bufs_lock);
static struct thread_buf *all_bufs;

/* Taken to turn records into text and write it to the file: by the
   writer, by a thread that finds the writer behind, and at exit.  Held
   from taking a block off the queue to writing its last byte, so that
   the blocks reach the file in the order they were queued.  */
static gt_mutex_t file_lock = GT_MUTEX_INITIALIZER;
GT_FORK_LOCK (file_lock);
static char text_data[TEXT_SIZE];

/* The blocks waiting for the writer, oldest first, and the empty ones;
   under QUEUE_LOCK, taken after a buffer's and the file's (not one of
   the locks fork () takes, which may take it before the file's; the
   child makes it anew).  */
static gt_mutex_t queue_lock = GT_MUTEX_INITIALIZER;
static struct gt_profile_block *queue_head, **queue_tail = &queue_head;
static unsigned queue_len;
static struct gt_profile_block *free_blocks;
/* Whether the writer thread runs (started with the first full block),
   and sleeps on QUEUE_WORD, which changes with every block queued.  */
static bool writer_started, writer_sleeping;
static int queue_word;

static GT_TLS struct thread_buf *my_buf;
static pthread_key_t buf_key;

static void open_trace (void);

/* The trace file's length, as this process wrote it, and the end of
   the blocks allocated for it ahead of that (fallocate, keeping the
   file's size): where a file grows by writes alone, every page that a
   write adds costs it the allocation of its blocks too, in the kernel
   (on ext4 here a write that extends the file costs some 0.55 ns a
   byte, 0.45 ns into blocks allocated ahead: a region's 1.7 KB of trace
   on the nvptx plugin); a megabyte at a time, so that a crash leaves at
   most that much allocated beyond the file's end (its size, and so what
   a viewer reads, stay right), which exit gives back.  PREALLOC_OFF:
   the file system cannot.  FILE_LOCK held, or only one thread left.  */
#define PREALLOC_STEP (1u << 20)
static uint64_t trace_len, trace_alloc;
static bool prealloc_off;

static void
write_all (int fd, const char *p, size_t n)
{
#ifdef FALLOC_FL_KEEP_SIZE
  if (trace_len + n > trace_alloc && !prealloc_off)
    {
      uint64_t from = trace_alloc > trace_len ? trace_alloc : trace_len;
      uint64_t len = PREALLOC_STEP;

      while (from + len < trace_len + n)
	len += PREALLOC_STEP;
      if (fallocate (fd, FALLOC_FL_KEEP_SIZE, (off_t) from, (off_t) len)
	  == 0)
	trace_alloc = from + len;
      else
	prealloc_off = true;
    }
#endif
  while (n > 0)
    {
      ssize_t w = write (fd, p, n);

      if (w < 0 && errno == EINTR)
	continue;
      if (w <= 0)
	return;
      p += w;
      n -= (size_t) w;
      trace_len += (uint64_t) w;
    }
}

/* The file the text goes to: FILE_LOCK held.  */
static int text_fd;

/* The text's flush: FILE_LOCK held.  */
static void
text_flush (struct gt_profile_text *t)
{
  if (text_fd >= 0)
    write_all (text_fd, t->data, t->len);
  t->len = 0;
}

/* The text's state: its buffer, and the text it keeps of what it wrote
   last (profile-json.c), which serves the next blocks too, whatever
   thread's (the strings of the records stay valid); FILE_LOCK held.  */
static struct gt_profile_text text;

/* Write the first N records of BLK to FD (-1: nowhere); FILE_LOCK
   held.  */
static void
write_block (const struct gt_profile_block *blk, unsigned n, int fd)
{
  if (n == 0)
    return;
  /* The first block of this process's trace (a child of fork () has a
     trace of its own): nothing kept yet.  */
  if (text.pid != trace_pid)
    {
      memset (&text, 0, sizeof text);
      text.data = text_data;
      text.size = sizeof text_data;
      text.flush = text_flush;
      text.pid = trace_pid;
      text.base = clock_base;
    }
  text_fd = fd;
  gt_profile_format (&text, blk->rec, n);
  text_flush (&text);
}

/* Write the oldest queued block out to *FDP (TRACE_FD, or FINAL_FD at
   exit), if any: false if there was none.  */
static bool
write_oldest (int *fdp)
{
  struct gt_profile_block *blk;

  gt_mutex_acquire (&file_lock);
  gt_mutex_acquire (&queue_lock);
  blk = queue_head;
  if (blk != NULL)
    {
      queue_head = blk->next;
      if (queue_head == NULL)
	queue_tail = &queue_head;
      queue_len--;
    }
  gt_mutex_release (&queue_lock);
  if (blk != NULL)
    write_block (blk, blk->n, *fdp);
  gt_mutex_release (&file_lock);
  if (blk == NULL)
    return false;
  blk->n = 0;
  gt_mutex_acquire (&queue_lock);
  blk->next = free_blocks;
  free_blocks = blk;
  gt_mutex_release (&queue_lock);
  return true;
}

/* The writer thread: writes the queued blocks out, sleeping while there
   are none.  */
static void *
writer_main (void *arg __attribute__ ((unused)))
{
  for (;;)
    {
      int word;

      gt_mutex_acquire (&queue_lock);
      word = queue_word;
      writer_sleeping = queue_head == NULL;
      gt_mutex_release (&queue_lock);
      if (writer_sleeping)
	gt_futex_wait (&queue_word, word);
      else
	write_oldest (&trace_fd);
    }
  return NULL;
}

/* QUEUE_LOCK held: start the writer, or wake it; it stays asleep where
   it cannot be started (the blocks are then written by the threads that
   fill the queue, and at exit).  */
static void
wake_writer_locked (void)
{
  if (!writer_started)
    {
      pthread_t t;
      pthread_attr_t attr;
      sigset_t all, old;

      writer_started = true;
      /* The program's signals are not for it.  */
      sigfillset (&all);
      pthread_sigmask (SIG_SETMASK, &all, &old);
      if (pthread_attr_init (&attr) == 0)
	{
	  pthread_attr_setdetachstate (&attr, PTHREAD_CREATE_DETACHED);
	  pthread_create (&t, &attr, writer_main, NULL);
	  pthread_attr_destroy (&attr);
	}
      pthread_sigmask (SIG_SETMASK, &old, NULL);
      return;
    }
  __atomic_store_n (&queue_word, queue_word + 1, __ATOMIC_RELAXED);
  if (writer_sleeping)
    gt_futex_wake (&queue_word, 1);
}

/* B's block is full, or its thread ends: hand the block to the writer
   and give B an empty one.  Where the writer is behind, the calling
   thread writes the oldest blocks itself; where there is no memory for
   another block, it writes its own.  B's lock held.  */
static void
hand_off (struct thread_buf *b)
{
  struct gt_profile_block *full = b->blk, *fresh;

  if (full == NULL || full->n == 0)
    return;
  for (;;)
    {
      gt_mutex_acquire (&queue_lock);
      if (queue_len < QUEUE_MAX)
	break;
      gt_mutex_release (&queue_lock);
      write_oldest (&trace_fd);
    }
  fresh = free_blocks;
  if (fresh != NULL)
    free_blocks = fresh->next;
  else
    fresh = malloc (sizeof *fresh);
  if (fresh == NULL)
    {
      gt_mutex_release (&queue_lock);
      /* The older blocks first.  */
      while (write_oldest (&trace_fd))
	;
      gt_mutex_acquire (&file_lock);
      write_block (full, full->n, trace_fd);
      gt_mutex_release (&file_lock);
      __atomic_store_n (&full->n, 0, __ATOMIC_RELAXED);
      return;
    }
  fresh->n = 0;
  full->next = NULL;
  *queue_tail = full;
  queue_tail = &full->next;
  queue_len++;
  wake_writer_locked ();
  gt_mutex_release (&queue_lock);
  b->blk = fresh;
}

/* The thread ends: hand its records to the writer and leave its buffer
   to the next thread.  */
static void
thread_ends (void *arg)
{
  struct thread_buf *b = arg;

  gt_mutex_acquire (&b->lock);
  hand_off (b);
  b->in_use = false;
  gt_mutex_release (&b->lock);
}

/* The next record of B, the calling thread's buffer, to fill and then
   publish with add_rec.  */
static inline struct gt_profile_rec *
next_rec (struct thread_buf *b)
{
  /* Only this thread stores the count of its block.  */
  unsigned n = __atomic_load_n (&b->blk->n, __ATOMIC_RELAXED);

  if (GT_UNLIKELY (n == GT_PROFILE_BLOCK_RECS))
    {
      gt_mutex_acquire (&b->lock);
      hand_off (b);
      gt_mutex_release (&b->lock);
      n = __atomic_load_n (&b->blk->n, __ATOMIC_RELAXED);
    }
  return &b->blk->rec[n];
}

/* The record next_rec gave is filled: B's block holds it now.  */
static inline void
add_rec (struct thread_buf *b)
{
  struct gt_profile_block *blk = b->blk;

  __atomic_store_n (&blk->n, __atomic_load_n (&blk->n, __ATOMIC_RELAXED) + 1,
		    __ATOMIC_RELEASE);
}

/* B is the calling thread's buffer now: its track is named.  */
static void
set_tid (struct thread_buf *b)
{
  struct gt_profile_rec *r;

  b->tid = (int) syscall (SYS_gettid);
  r = next_rec (b);
  r->kind = GT_REC_THREAD;
  r->tid = b->tid;
  add_rec (b);
}

/* The calling thread's buffer, the first time it asks (get_buf).  */
static struct thread_buf * __attribute__ ((noinline))
new_buf (void)
{
  struct thread_buf *b;

  if (!(gt_profile_on & GT_PROFILE_TRACE))
    return NULL;
  gt_mutex_acquire (&bufs_lock);
  if (!trace_opened)
    {
      trace_opened = true;
      open_trace ();
    }
  if (trace_fd < 0)
    {
      gt_mutex_release (&bufs_lock);
      return NULL;
    }
  for (b = all_bufs; b != NULL; b = b->next)
    if (!b->in_use)
      break;
  if (b == NULL && (b = calloc (1, sizeof *b)) != NULL)
    {
      if ((b->blk = calloc (1, sizeof *b->blk)) == NULL)
	{
	  free (b);
	  b = NULL;
	}
      else
	{
	  b->next = all_bufs;
	  all_bufs = b;
	}
    }
  if (b != NULL)
    b->in_use = true;
  gt_mutex_release (&bufs_lock);
  if (b == NULL)
    return NULL;
  my_buf = b;
  pthread_setspecific (buf_key, b);
  set_tid (b);
  return b;
}

/* The calling thread's buffer: NULL when there is none to be had (no
   trace, or no memory).  */
static inline struct thread_buf *
get_buf (void)
{
  struct thread_buf *b = my_buf;

  if (GT_LIKELY (b != NULL))
    return b;
  return new_buf ();
}

/* A record of kind KIND of the calling thread from T0 to T1 on DEVICE,
   the rest of it zero, to publish with add_rec (*BP): NULL when there
   is no buffer.  */
static inline struct gt_profile_rec *
new_rec (struct thread_buf **bp, int kind, int device, uint64_t t0,
	 uint64_t t1)
{
  struct thread_buf *b = get_buf ();
  struct gt_profile_rec *r;

  if (b == NULL)
    return NULL;
  r = next_rec (b);
  /* Stored in place, not cleared with memset first (a call).  */
  *r = (struct gt_profile_rec) { .kind = (unsigned char) kind,
				 .device = device, .tid = b->tid, .t0 = t0,
				 .t1 = t1 };
  *bp = b;
  return r;
}

/* The name of host function FN for a record: gt_profile_fn_name's,
   with the last one the thread asked for at hand (a program's regions
   come back to the same functions).  */
static GT_TLS const void *last_fn;
static GT_TLS const char *last_fn_name;

static inline const char *
fn_name (const void *fn)
{
  if (fn != last_fn || last_fn_name == NULL)
    {
      last_fn_name = gt_profile_fn_name (fn);
      last_fn = fn;
    }
  return last_fn_name;
}

void
gt_profile_region (int device, const void *fn, int num_teams,
		   int thread_limit, size_t mapnum, bool async, uint64_t t0)
{
  uint64_t t1 = gt_profile_clock ();
  struct thread_buf *b;
  struct gt_profile_rec *r;
  const char *name;

  if (!async && (gt_profile_on & GT_PROFILE_SUMMARY))
    gt_summary_region (fn, t1 - t0);
  if (!(gt_profile_on & GT_PROFILE_TRACE))
    return;
  name = fn_name (fn);
  if ((r = new_rec (&b, GT_REC_REGION, device, t0, t1)) == NULL)
    return;
  r->flags = async ? GT_REC_ASYNC : 0;
  r->a = num_teams;
  r->b = thread_limit;
  r->n = mapnum;
  r->addr = (uintptr_t) fn;
  r->name = name;
  add_rec (b);
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

void
gt_profile_copy (int device, enum gt_profile_copy dir, size_t bytes,
		 bool async, uint64_t event, uint64_t t0)
{
  uint64_t t1 = gt_profile_clock ();
  struct thread_buf *b;
  struct gt_profile_rec *r;

  if (gt_profile_on & GT_PROFILE_SUMMARY)
    gt_summary_copy (device, dir, bytes);
  if (!(gt_profile_on & GT_PROFILE_TRACE)
      || (r = new_rec (&b, GT_REC_COPY, device, t0, t1)) == NULL)
    return;
  r->op = (unsigned char) dir;
  r->flags = (async ? GT_REC_ASYNC : 0) | (own_copies ? GT_REC_OWN : 0);
  r->n = bytes;
  r->event = event;
  add_rec (b);
}

void
gt_profile_queued (int device, int kind, uint64_t event, uint64_t t0)
{
  struct thread_buf *b;
  struct gt_profile_rec *r;

  if (!(gt_profile_on & GT_PROFILE_TRACE)
      || (r = new_rec (&b, GT_REC_QUEUED, device, t0,
		       gt_profile_clock ())) == NULL)
    return;
  r->op = (unsigned char) kind;
  r->event = event;
  add_rec (b);
}

/* The tracks announced so far (named by a thread_name record), as bits
   of a small table; a track beyond it is announced every time.  */
#define MAX_ANNOUNCED 4096
static unsigned char announced[MAX_ANNOUNCED / 8];
/* The tracks of the times devices took themselves, beside those of their
   queues.  */
static unsigned char announced_device[MAX_ANNOUNCED / 8];

/* Name the track of queue QUEUE of DEVICE (its device's clock when
   DEVICE_CLOCK) in B, unless BITS says it was named already.  */
static void
announce (struct thread_buf *b, unsigned char *bits, int device,
	  uint32_t queue, bool device_clock)
{
  unsigned slot = (unsigned) (device * 64 + (int) queue);
  struct gt_profile_rec *r;

  /* Read first: the bit is set but once.  */
  if (slot < MAX_ANNOUNCED
      && ((__atomic_load_n (&bits[slot / 8], __ATOMIC_RELAXED)
	   & (1u << (slot % 8)))
	  || (__atomic_fetch_or (&bits[slot / 8],
			     (unsigned char) (1u << (slot % 8)),
			     __ATOMIC_RELAXED) & (1u << (slot % 8)))))
    return;
  r = next_rec (b);
  *r = (struct gt_profile_rec) { .kind = GT_REC_ANNOUNCE,
				 .flags = device_clock ? GT_REC_DEVICE_CLOCK
				 : 0, .device = device, .queue = queue };
  add_rec (b);
}

/* The name of a queue's operation of KIND (valid): a launch's kernel NAME
   or host function HOST_FN; NULL: what it is.  */
static const char *
op_name (int kind, const char *name, const void *host_fn)
{
  char buf[256];
  const char *s;

  if (kind == GT_PROFILE_OP_LAUNCH && name != NULL)
    {
      s = gt_profile_kernel_name (name, buf, sizeof buf);
      /* Not kept (no memory): the record says "launch".  */
      return s == buf ? NULL : s;
    }
  if (kind == GT_PROFILE_OP_LAUNCH && host_fn != NULL)
    return fn_name (host_fn);
  return NULL;
}

void
gt_profile_queue_op (int device, uint32_t queue, int kind, uint64_t bytes,
		     const char *name, const void *host_fn, uint64_t event,
		     uint64_t start, uint64_t end, int dep_device,
		     uint32_t dep_queue, uint64_t dep_time)
{
  struct thread_buf *b;
  struct gt_profile_rec *r;
  const char *what;
  bool own = (kind & GT_PROFILE_OP_OWN) != 0;
  bool timed = (kind & GT_PROFILE_OP_DEVICE_TIMED) != 0;

  kind &= ~(GT_PROFILE_OP_OWN | GT_PROFILE_OP_DEVICE_TIMED);
  if (!(gt_profile_on & GT_PROFILE_TRACE) || kind < 0
      || kind > GT_PROFILE_OP_WAIT)
    return;
  what = op_name (kind, name, host_fn);
  if ((b = get_buf ()) == NULL)
    return;
  announce (b, announced, device, queue, false);
  r = next_rec (b);
  r->kind = GT_REC_QUEUE_OP;
  r->op = (unsigned char) kind;
  r->flags = (own ? GT_REC_OWN : 0) | (timed ? GT_REC_TIMED : 0);
  r->device = device;
  r->tid = b->tid;
  r->a = dep_device;
  r->b = 0;
  r->queue = queue;
  r->dep_queue = dep_queue;
  r->t0 = start;
  r->t1 = end;
  r->n = bytes;
  r->event = event;
  r->addr = dep_time;
  r->name = what;
  add_rec (b);
}

void
gt_profile_device_op (int device, uint32_t queue, int kind,
		      const char *name, const void *host_fn, uint64_t event,
		      uint64_t host_time, uint64_t start, uint64_t end)
{
  struct thread_buf *b;
  struct gt_profile_rec *r;
  const char *what;
  bool own = (kind & GT_PROFILE_OP_OWN) != 0;

  kind &= ~GT_PROFILE_OP_OWN;
  if (!(gt_profile_on & GT_PROFILE_TRACE) || kind < 0
      || kind > GT_PROFILE_OP_WAIT || end < start)
    return;
  what = op_name (kind, name, host_fn);
  if ((b = get_buf ()) == NULL)
    return;
  announce (b, announced_device, device, queue, true);
  r = next_rec (b);
  r->kind = GT_REC_DEVICE_OP;
  r->op = (unsigned char) kind;
  r->flags = own ? GT_REC_OWN : 0;
  r->device = device;
  r->tid = b->tid;
  r->a = r->b = 0;
  r->queue = queue;
  r->dep_queue = 0;
  r->t0 = start;
  r->t1 = end;
  r->n = 0;
  r->event = event;
  r->addr = host_time;
  r->name = what;
  add_rec (b);
}

void
gt_profile_console (int device, uint64_t bytes, uint64_t start,
		    uint64_t end)
{
  struct thread_buf *b;
  struct gt_profile_rec *r;

  if (!(gt_profile_on & GT_PROFILE_TRACE) || end < start
      || (r = new_rec (&b, GT_REC_CONSOLE, device, start, end)) == NULL)
    return;
  r->n = bytes;
  add_rec (b);
}

/* A span of kind KIND on DEVICE from T0 to now, of NAME, address ADDR and
   N bytes.  */
static void
simple_span (int kind, int device, uint64_t t0, const char *name,
	     uint64_t addr, uint64_t n)
{
  struct thread_buf *b;
  struct gt_profile_rec *r;

  if ((r = new_rec (&b, kind, device, t0, gt_profile_clock ())) == NULL)
    return;
  r->name = name;
  r->addr = addr;
  r->n = n;
  add_rec (b);
}

void
gt_profile_alloc (int device, const void *ptr, size_t bytes, uint64_t t0)
{
  if ((gt_profile_on & GT_PROFILE_SUMMARY) && ptr != NULL)
    gt_summary_alloc (device, ptr, bytes);
  if (gt_profile_on & GT_PROFILE_TRACE)
    simple_span (GT_REC_ALLOC, device, t0, NULL, (uintptr_t) ptr, bytes);
}

void
gt_profile_free (int device, const void *ptr, uint64_t t0)
{
  if (gt_profile_on & GT_PROFILE_SUMMARY)
    gt_summary_free (device, ptr);
  if (gt_profile_on & GT_PROFILE_TRACE)
    simple_span (GT_REC_FREE, device, t0, NULL, (uintptr_t) ptr, 0);
}

void
gt_profile_wait (int device, uint64_t t0)
{
  if (gt_profile_on & GT_PROFILE_SUMMARY)
    gt_summary_wait (gt_profile_clock () - t0);
  if (gt_profile_on & GT_PROFILE_TRACE)
    simple_span (GT_REC_WAIT, device, t0, NULL, 0, 0);
}

void
gt_profile_reverse (int device, const void *fn, uint64_t t0)
{
  if (gt_profile_on & GT_PROFILE_TRACE)
    simple_span (GT_REC_REVERSE, device, t0, fn_name (fn),
		 (uintptr_t) fn, 0);
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
  /* Truncated only once this process holds the file: another process
     writing the same name (no %p in it) keeps its trace, and this one
     writes NAME.PID instead.  */
  trace_fd = open (path, O_WRONLY | O_CREAT | O_CLOEXEC, 0666);
  if (trace_fd >= 0 && flock (trace_fd, LOCK_EX | LOCK_NB) != 0
      && errno == EWOULDBLOCK)
    {
      close (trace_fd);
      trace_fd = -1;
      if (n + 12 < sizeof path)
	{
	  gt_warning ("GOMPTARGET_PROFILE: %s is another process's trace;"
		      " this one goes to %s.%d (put %%p in the name for"
		      " one file per process)", path, path, trace_pid);
	  snprintf (path + n, sizeof path - n, ".%d", trace_pid);
	  trace_fd = open (path, O_WRONLY | O_CREAT | O_CLOEXEC, 0666);
	  if (trace_fd >= 0)
	    flock (trace_fd, LOCK_EX | LOCK_NB);
	}
      else
	errno = EWOULDBLOCK;
    }
  if (trace_fd < 0 || ftruncate (trace_fd, 0) != 0)
    {
      gt_warning ("GOMPTARGET_PROFILE: cannot open %s: %s; no trace", path,
		  strerror (errno));
      if (trace_fd >= 0)
	close (trace_fd);
      trace_fd = -1;
      gt_profile_on &= ~GT_PROFILE_TRACE;
      return;
    }
  e = readlink ("/proc/self/exe", exe, sizeof exe - 1);
  exe[e > 0 ? e : 0] = '\0';
  gt_profile_json_safe (exe);
  trace_alloc = 0;
  prealloc_off = false;
  e = dprintf (trace_fd, "[\n{\"name\":\"process_name\",\"ph\":\"M\","
	       "\"pid\":%d,\"tid\":%d,\"args\":{\"name\":\"%s\"}}", trace_pid,
	       trace_pid, exe);
  trace_len = e > 0 ? (uint64_t) e : 0;
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
  bufs_lock.word = 0;
  queue_lock.word = 0;
  gt_profile_names_after_fork ();
  gt_summary_after_fork ();
  /* The parent's writer is not here: the child starts its own.  The
     parent's queued blocks are the parent's to write: empty ones here.  */
  writer_started = false;
  writer_sleeping = false;
  while (queue_head != NULL)
    {
      struct gt_profile_block *blk = queue_head;

      queue_head = blk->next;
      blk->n = 0;
      blk->next = free_blocks;
      free_blocks = blk;
    }
  queue_tail = &queue_head;
  queue_len = 0;
  if (trace_fd < 0)
    {
      /* Not opened yet: the child opens its own when it records, if
	 the name gives it one.  */
      if (!trace_opened && trace_name != NULL
	  && strstr (trace_name, "%p") == NULL)
	gt_profile_on &= ~GT_PROFILE_TRACE;
      return;
    }
  /* The parent's records are the parent's to write.  */
  for (struct thread_buf *b = all_bufs; b != NULL; b = b->next)
    {
      /* Their owners, but this thread, are not here.  */
      b->lock.word = 0;
      if (b->blk != NULL)
	b->blk->n = 0;
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
  if (my_buf != NULL && trace_fd >= 0 && my_buf->blk != NULL)
    {
      gt_mutex_acquire (&my_buf->lock);
      set_tid (my_buf);
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
  gt_profile_copy_times = d != NULL && strcmp (d, "all") == 0;
  if (p != NULL && *p != '\0')
    {
      trace_name = strdup (p);
      if (trace_name == NULL || pthread_key_create (&buf_key, thread_ends))
	return;
      gt_profile_on |= GT_PROFILE_TRACE;
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
  /* From now on the writer and threads that fill their blocks write
     nowhere: a thread still recording may add records to a block whose
     records are written below, which must not reach the file again.  */
  gt_mutex_acquire (&file_lock);
  final_fd = trace_fd;
  trace_fd = -1;
  gt_mutex_release (&file_lock);
  /* The queued blocks, then what each thread holds, newer: as far as
     their counts say.  */
  while (write_oldest (&final_fd))
    ;
  for (struct thread_buf *b = all_bufs; b != NULL; b = b->next)
    {
      gt_mutex_acquire (&b->lock);
      if (b->blk != NULL)
	{
	  gt_mutex_acquire (&file_lock);
	  write_block (b->blk, __atomic_load_n (&b->blk->n, __ATOMIC_ACQUIRE),
		       final_fd);
	  gt_mutex_release (&file_lock);
	}
      gt_mutex_release (&b->lock);
    }
  gt_mutex_acquire (&file_lock);
  write_all (final_fd, "\n]\n", 3);
  /* The blocks allocated beyond the end, given back.  */
  if (trace_alloc > trace_len)
    while (ftruncate (final_fd, (off_t) trace_len) != 0 && errno == EINTR)
      ;
  close (final_fd);
  final_fd = -1;
  gt_mutex_release (&file_lock);
}
