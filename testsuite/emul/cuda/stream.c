/* stream.c -- streams and events of the emulated CUDA driver.  Each
   stream (the context's legacy NULL stream included) has a worker thread
   that runs its operations in order, so an asynchronous copy or launch
   really returns before it runs.  Operations carry dependencies on
   operations of other streams: the implicit ones of the legacy NULL
   stream (it waits for the blocking streams of its context, and they
   wait for it), and the explicit ones of cuStreamWaitEvent.  An event is
   a (stream, operation) pair; host functions run on the worker in stream
   order.

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

#include "emul-cuda.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* When the stream reached a recorded event (shared by the event and the
   marker operation, either of which may go first).  */
struct stamp
{
  int refs;
  double ms;
};

struct CUevent_st
{
  struct CUctx_st *ctx;
  unsigned flags;
  pthread_mutex_t lock;
  struct CUstream_st *stream;	/* NULL: never recorded.  */
  uint64_t seq;
  struct stamp *stamp;
};

static void
stamp_unref (struct stamp *t)
{
  if (t && __atomic_sub_fetch (&t->refs, 1, __ATOMIC_ACQ_REL) == 0)
    free (t);
}

static void
stream_ref (struct CUstream_st *s)
{
  __atomic_add_fetch (&s->refs, 1, __ATOMIC_RELAXED);
}

void
emul_stream_unref (struct CUstream_st *s)
{
  if (__atomic_sub_fetch (&s->refs, 1, __ATOMIC_ACQ_REL) == 0)
    {
      pthread_mutex_destroy (&s->lock);
      pthread_cond_destroy (&s->cond);
      free (s);
    }
}

static void
op_free (struct emul_op *op)
{
  if (op->fini)
    op->fini (op);
  for (int i = 0; i < op->ndeps; i++)
    emul_stream_unref (op->deps[i].stream);
  free (op->deps);
  free (op);
}

/* How long a stream's worker polls for new work, and a synchronising
   thread for the work it waits for, before they sleep on the stream's
   condition variable, in nanoseconds.  A GPU's front end takes a launch
   from its stream without an operating-system wake-up, and the real
   driver's synchronisations poll by default (CU_CTX_SCHED_AUTO, while
   there are processors to spare): without these polls each operation,
   and each wait for one, would cost the wake-up of a sleeping thread,
   which no GPU costs.  Here the device is host threads, which share the
   processors with the rest of the machine: the polls are made only
   while no more threads are runnable than there are processors (a
   poll would otherwise keep the thread it waits for off a processor),
   end soon, and are left out while they would not have been long enough
   (a long kernel, a program that launches seldom), so that idle streams
   and long kernels leave the processors alone.  GOMPTARGET_EMUL_CUDA_POLL
   =always polls whatever else the machine runs (a benchmark's figures
   then do not change with what the rest of the machine did at the
   moment), =never never polls.  */
#define SPIN_NS 20000

/* Poll until *P reaches V (acquire order), for at most SPIN_NS from
   START, unless *SPINS (the last such wait's lesson) says that it would
   not be long enough; whether it did.  */
static bool
spin_until (const uint64_t *p, uint64_t v, int *spins, uint64_t start)
{
  if (__atomic_load_n (p, __ATOMIC_ACQUIRE) >= v)
    return true;
  if (!__atomic_load_n (spins, __ATOMIC_RELAXED)
      || !emul_poll_now (emul_config.poll))
    return false;
  for (unsigned polls = 1;; polls++)
    {
#if defined (__x86_64__) || defined (__i386__)
      __builtin_ia32_pause ();
#endif
      if (__atomic_load_n (p, __ATOMIC_ACQUIRE) >= v)
	return true;
      if (polls % 16 == 0 && emul_now_ns () - start > SPIN_NS)
	{
	  __atomic_store_n (spins, 0, __ATOMIC_RELAXED);
	  return false;
	}
    }
}

/* A wait that began at START slept, and what it waited for came at
   WHEN: polling would have served it if that was soon enough.  (Not
   judged by when the thread woke: where a wake-up takes longer than
   SPIN_NS, one long wait would otherwise stop the polls for good.)  */
static void
spin_learn (int *spins, uint64_t start, uint64_t when)
{
  __atomic_store_n (spins, when <= start + SPIN_NS, __ATOMIC_RELAXED);
}

/* The worker of stream S: run its operations in order, each once the
   operations it depends on completed.  After a kernel fault poisoned
   the context, the rest of the work is dropped, as on a real device.  */
static void *
worker (void *arg)
{
  struct CUstream_st *s = arg;
  pthread_mutex_lock (&s->lock);
  for (;;)
    {
      if (s->head == NULL && !s->closing)
	{
	  /* Poll for the next operation a while first.  */
	  uint64_t next = s->completed + 1;
	  uint64_t start = emul_now_ns ();
	  pthread_mutex_unlock (&s->lock);
	  bool polled = spin_until (&s->enqueued, next, &s->worker_spins,
				    start);
	  pthread_mutex_lock (&s->lock);
	  if (!polled && s->head == NULL && !s->closing)
	    {
	      s->work_ns = 0;
	      while (s->head == NULL && !s->closing)
		pthread_cond_wait (&s->cond, &s->lock);
	      spin_learn (&s->worker_spins, start,
			  s->work_ns ? s->work_ns : emul_now_ns ());
	    }
	}
      if (s->head == NULL)
	break;
      struct emul_op *op = s->head;
      pthread_mutex_unlock (&s->lock);

      for (int i = 0; i < op->ndeps; i++)
	emul_stream_wait (op->deps[i].stream, op->deps[i].seq);
      if (op->run && emul_ctx_sticky (s->ctx) == CUDA_SUCCESS)
	op->run (op);

      pthread_mutex_lock (&s->lock);
      s->head = op->next;
      if (s->head == NULL)
	s->tail = NULL;
      /* Release: for the threads that poll it (emul_stream_wait).  */
      __atomic_store_n (&s->completed, op->seq, __ATOMIC_RELEASE);
      s->completed_ns = emul_now_ns ();
      pthread_cond_broadcast (&s->cond);
      pthread_mutex_unlock (&s->lock);
      op_free (op);
      pthread_mutex_lock (&s->lock);
    }
  pthread_mutex_unlock (&s->lock);

  /* A destroyed stream leaves its context's list once its work is
     done, so that context synchronisation waits for that work.  */
  struct CUctx_st *ctx = s->ctx;
  pthread_mutex_lock (&ctx->lock);
  for (struct CUstream_st **p = &ctx->streams; *p; p = &(*p)->next)
    if (*p == s)
      {
	*p = s->next;
	emul_stream_unref (s);
	break;
      }
  pthread_mutex_unlock (&ctx->lock);
  emul_stream_unref (s);
  return NULL;
}

struct CUstream_st *
emul_stream_new (struct CUctx_st *ctx, unsigned flags, bool legacy)
{
  struct CUstream_st *s = calloc (1, sizeof *s);
  if (s == NULL)
    return NULL;
  s->ctx = ctx;
  s->flags = flags;
  s->legacy = legacy;
  pthread_mutex_init (&s->lock, NULL);
  pthread_cond_init (&s->cond, NULL);
  s->worker_spins = s->wait_spins = 1;
  /* One reference for the worker, one for the handle (or the context's
     null_stream field), one for the context's list.  */
  s->refs = legacy ? 2 : 3;

  pthread_attr_t attr;
  pthread_attr_init (&attr);
  pthread_attr_setdetachstate (&attr, PTHREAD_CREATE_DETACHED);
  /* Kernels run on this thread when the front end lets them run in
     place: give it a stack like a main thread's.  */
  pthread_attr_setstacksize (&attr, 8 << 20);
  sigset_t all, old;
  sigfillset (&all);
  pthread_sigmask (SIG_SETMASK, &all, &old);
  pthread_t t;
  int err = pthread_create (&t, &attr, worker, s);
  pthread_sigmask (SIG_SETMASK, &old, NULL);
  pthread_attr_destroy (&attr);
  if (err != 0)
    {
      emul_report ("cannot start a stream thread: %s", strerror (err));
      free (s);
      return NULL;
    }
  if (!legacy)
    {
      pthread_mutex_lock (&ctx->lock);
      s->next = ctx->streams;
      ctx->streams = s;
      pthread_mutex_unlock (&ctx->lock);
    }
  return s;
}

/* Tell the worker of S to end once its work is done, and drop the
   caller's reference.  */
static void
stream_close (struct CUstream_st *s)
{
  pthread_mutex_lock (&s->lock);
  s->closing = true;
  pthread_cond_broadcast (&s->cond);
  pthread_mutex_unlock (&s->lock);
  emul_stream_unref (s);
}

void
emul_streams_release_ctx (struct CUctx_st *ctx)
{
  /* Take the live handles under the lock (workers of destroyed streams
     unlink themselves concurrently), close them after.  */
  struct CUstream_st **live = NULL;
  size_t n = 0, cap = 0;
  pthread_mutex_lock (&ctx->lock);
  for (struct CUstream_st *s = ctx->streams; s; s = s->next)
    if (emul_handle_valid (EMUL_H_STREAM, s))
      {
	if (n == cap)
	  {
	    cap = cap ? 2 * cap : 8;
	    struct CUstream_st **grown = realloc (live, cap * sizeof *live);
	    if (grown == NULL)
	      break;
	    live = grown;
	  }
	emul_handle_remove (s);
	stream_ref (s);
	live[n++] = s;
      }
  pthread_mutex_unlock (&ctx->lock);
  for (size_t i = 0; i < n; i++)
    {
      stream_close (live[i]);
      emul_stream_unref (live[i]);
    }
  free (live);
  stream_close (ctx->null_stream);
}

CUresult
emul_stream_resolve_live (CUstream h, struct CUstream_st **out)
{
  struct CUctx_st *ctx;
  CUresult r;
  if (h == NULL || h == CU_STREAM_LEGACY)
    {
      r = emul_ctx_current_live (&ctx);
      if (r != CUDA_SUCCESS)
	return r;
      *out = ctx->null_stream;
      return CUDA_SUCCESS;
    }
  if (h == CU_STREAM_PER_THREAD || !emul_handle_valid (EMUL_H_STREAM, h))
    return CUDA_ERROR_INVALID_HANDLE;
  r = emul_ctx_check_live (h->ctx);
  if (r != CUDA_SUCCESS)
    return r;
  *out = h;
  return CUDA_SUCCESS;
}

CUresult
emul_stream_resolve (CUstream h, struct CUstream_st **out)
{
  CUresult r = emul_stream_resolve_live (h, out);
  return r != CUDA_SUCCESS ? r : emul_ctx_sticky ((*out)->ctx);
}

struct emul_op *
emul_op_new (size_t payload)
{
  return calloc (1, sizeof (struct emul_op) + payload);
}

bool
emul_op_add_dep (struct emul_op *op, struct CUstream_st *s, uint64_t seq)
{
  struct emul_dep *grown
    = realloc (op->deps, (size_t) (op->ndeps + 1) * sizeof *op->deps);
  if (grown == NULL)
    return false;
  op->deps = grown;
  stream_ref (s);
  op->deps[op->ndeps++] = (struct emul_dep) { s, seq };
  return true;
}

/* Make OP wait for the last operation of S, if S has work pending.  */
static void
depend_on_pending (struct emul_op *op, struct CUstream_st *s)
{
  pthread_mutex_lock (&s->lock);
  uint64_t seq = s->enqueued;
  bool pending = s->completed < seq;
  pthread_mutex_unlock (&s->lock);
  if (pending && !emul_op_add_dep (op, s, seq))
    {
      /* Out of memory: keep the order by waiting now.  */
      emul_stream_wait (s, seq);
    }
}

uint64_t
emul_stream_submit (struct CUstream_st *s, struct emul_op *op)
{
  struct CUctx_st *ctx = s->ctx;
  op->stream = s;
  pthread_mutex_lock (&ctx->lock);
  if (s->legacy)
    {
      for (struct CUstream_st *b = ctx->streams; b; b = b->next)
	if (!(b->flags & CU_STREAM_NON_BLOCKING))
	  depend_on_pending (op, b);
    }
  else if (!(s->flags & CU_STREAM_NON_BLOCKING))
    depend_on_pending (op, ctx->null_stream);

  pthread_mutex_lock (&s->lock);
  uint64_t seq = op->seq = s->enqueued + 1;
  /* Release: the worker polls it (and then takes the lock).  */
  __atomic_store_n (&s->enqueued, seq, __ATOMIC_RELEASE);
  if (s->work_ns == 0)
    s->work_ns = emul_now_ns ();
  if (s->tail)
    s->tail->next = op;
  else
    s->head = op;
  s->tail = op;
  pthread_cond_broadcast (&s->cond);
  pthread_mutex_unlock (&s->lock);
  pthread_mutex_unlock (&ctx->lock);
  return seq;
}

void
emul_stream_wait (struct CUstream_st *s, uint64_t seq)
{
  /* Poll a while first, as the real driver's synchronisations do.  */
  uint64_t start = emul_now_ns ();
  if (spin_until (&s->completed, seq, &s->wait_spins, start))
    return;
  pthread_mutex_lock (&s->lock);
  bool slept = s->completed < seq;
  while (s->completed < seq)
    pthread_cond_wait (&s->cond, &s->lock);
  uint64_t done = s->completed_ns;
  pthread_mutex_unlock (&s->lock);
  if (slept)
    spin_learn (&s->wait_spins, start, done);
}

/* Wait for the work queued so far on the streams of CTX that WHICH
   selects: all of them, or the NULL stream and the blocking ones.  */
static void
ctx_wait (struct CUctx_st *ctx, bool all)
{
  struct emul_dep *w = NULL;
  size_t n = 0, cap = 0;
  pthread_mutex_lock (&ctx->lock);
  for (struct CUstream_st *s = ctx->null_stream; s;
       s = s == ctx->null_stream ? ctx->streams : s->next)
    {
      if (!all && !s->legacy && (s->flags & CU_STREAM_NON_BLOCKING))
	continue;
      if (n == cap)
	{
	  cap = cap ? 2 * cap : 8;
	  struct emul_dep *grown = realloc (w, cap * sizeof *w);
	  if (grown == NULL)
	    {
	      /* Out of memory: wait for what was gathered, then retry.  */
	      pthread_mutex_unlock (&ctx->lock);
	      for (size_t i = 0; i < n; i++)
		{
		  emul_stream_wait (w[i].stream, w[i].seq);
		  emul_stream_unref (w[i].stream);
		}
	      free (w);
	      ctx_wait (ctx, all);
	      return;
	    }
	  w = grown;
	}
      pthread_mutex_lock (&s->lock);
      w[n].seq = s->enqueued;
      pthread_mutex_unlock (&s->lock);
      stream_ref (s);
      w[n++].stream = s;
    }
  pthread_mutex_unlock (&ctx->lock);
  for (size_t i = 0; i < n; i++)
    {
      emul_stream_wait (w[i].stream, w[i].seq);
      emul_stream_unref (w[i].stream);
    }
  free (w);
}

void
emul_ctx_wait_legacy (struct CUctx_st *ctx)
{
  ctx_wait (ctx, false);
}

void
emul_ctx_wait_all (struct CUctx_st *ctx)
{
  ctx_wait (ctx, true);
}

/* Is every operation queued so far on S done?  */
static bool
stream_idle (struct CUstream_st *s)
{
  pthread_mutex_lock (&s->lock);
  bool idle = s->completed == s->enqueued;
  pthread_mutex_unlock (&s->lock);
  return idle;
}

/* ---- Streams.  ---- */

EMUL_PUBLIC CUresult
cuStreamCreate (CUstream *phStream, unsigned int Flags)
{
  EMUL_ENTER (cuStreamCreate);
  struct CUctx_st *ctx;
  CUresult r = emul_ctx_current (&ctx);
  if (r != CUDA_SUCCESS)
    return r;
  if (phStream == NULL || (Flags & ~(unsigned) CU_STREAM_NON_BLOCKING) != 0)
    return CUDA_ERROR_INVALID_VALUE;
  struct CUstream_st *s = emul_stream_new (ctx, Flags, false);
  if (s == NULL)
    return CUDA_ERROR_OUT_OF_MEMORY;
  emul_handle_add (EMUL_H_STREAM, s);
  *phStream = s;
  return CUDA_SUCCESS;
}

/* The stream goes at once; work already queued still runs.  */
EMUL_PUBLIC CUresult
cuStreamDestroy_v2 (CUstream hStream)
{
  EMUL_ENTER (cuStreamDestroy_v2);
  if (!emul_handle_valid (EMUL_H_STREAM, hStream))
    return CUDA_ERROR_INVALID_HANDLE;
  emul_handle_remove (hStream);
  stream_close (hStream);
  return CUDA_SUCCESS;
}

EMUL_PUBLIC CUresult
cuStreamQuery (CUstream hStream)
{
  EMUL_ENTER (cuStreamQuery);
  struct CUstream_st *s;
  CUresult r = emul_stream_resolve (hStream, &s);
  if (r != CUDA_SUCCESS)
    return r;
  bool idle = stream_idle (s);
  if (idle && s->legacy)
    {
      /* The legacy stream is not done while a blocking stream of its
	 context has work.  */
      struct CUctx_st *ctx = s->ctx;
      pthread_mutex_lock (&ctx->lock);
      for (struct CUstream_st *b = ctx->streams; b && idle; b = b->next)
	if (!(b->flags & CU_STREAM_NON_BLOCKING))
	  idle = stream_idle (b);
      pthread_mutex_unlock (&ctx->lock);
    }
  r = emul_ctx_sticky (s->ctx);
  if (r != CUDA_SUCCESS)
    return r;
  return idle ? CUDA_SUCCESS : CUDA_ERROR_NOT_READY;
}

EMUL_PUBLIC CUresult
cuStreamSynchronize (CUstream hStream)
{
  EMUL_ENTER (cuStreamSynchronize);
  struct CUstream_st *s;
  CUresult r = emul_stream_resolve_live (hStream, &s);
  if (r != CUDA_SUCCESS)
    return r;
  if (s->legacy)
    emul_ctx_wait_legacy (s->ctx);
  else
    {
      pthread_mutex_lock (&s->lock);
      uint64_t seq = s->enqueued;
      pthread_mutex_unlock (&s->lock);
      emul_stream_wait (s, seq);
    }
  emul_fifo_flush (s->ctx);
  return emul_ctx_sticky (s->ctx);
}

EMUL_PUBLIC CUresult
cuStreamWaitEvent (CUstream hStream, CUevent hEvent, unsigned int Flags)
{
  EMUL_ENTER (cuStreamWaitEvent);
  struct CUstream_st *s;
  CUresult r = emul_stream_resolve (hStream, &s);
  if (r != CUDA_SUCCESS)
    return r;
  if (Flags != 0)
    return CUDA_ERROR_INVALID_VALUE;
  if (!emul_handle_valid (EMUL_H_EVENT, hEvent))
    return CUDA_ERROR_INVALID_HANDLE;
  struct emul_op *op = emul_op_new (0);
  if (op == NULL)
    return CUDA_ERROR_OUT_OF_MEMORY;
  pthread_mutex_lock (&hEvent->lock);
  bool ok = hEvent->stream == NULL
	    || emul_op_add_dep (op, hEvent->stream, hEvent->seq);
  pthread_mutex_unlock (&hEvent->lock);
  if (!ok)
    {
      op_free (op);
      return CUDA_ERROR_OUT_OF_MEMORY;
    }
  emul_stream_submit (s, op);
  return CUDA_SUCCESS;
}

/* ---- Host functions.  ---- */

struct host_fn
{
  CUhostFn fn;
  void *data;
};

/* Before a host function: the driver's lock, then the wait for the host
   (GOMPTARGET_EMUL_CUDA_HOST_FN_LOCK, _HOST_FN_US), so that a caller of
   the API waits for the lock meanwhile.  */
static void
host_fn_begin (void)
{
  if (emul_config.host_fn_lock)
    pthread_mutex_lock (&emul_host_fn_lock);
  if (emul_config.host_fn_us)
    {
      struct timespec ts = { (time_t) (emul_config.host_fn_us / 1000000),
			     (long) (emul_config.host_fn_us % 1000000) * 1000 };
      while (nanosleep (&ts, &ts) != 0 && errno == EINTR)
	;
    }
}

static void
host_fn_end (void)
{
  if (emul_config.host_fn_lock)
    pthread_mutex_unlock (&emul_host_fn_lock);
}

static void
host_fn_run (struct emul_op *op)
{
  struct host_fn *h = (struct host_fn *) op->payload;
  /* The driver writes the printf FIFO out before a host callback.  */
  emul_fifo_flush (op->stream->ctx);
  emul_trace ("hostfn device=%d", op->stream->ctx->dev->ordinal);
  host_fn_begin ();
  emul_tls_in_host_fn = true;
  h->fn (h->data);
  emul_tls_in_host_fn = false;
  host_fn_end ();
}

EMUL_PUBLIC CUresult
cuLaunchHostFunc (CUstream hStream, CUhostFn fn, void *userData)
{
  EMUL_ENTER (cuLaunchHostFunc);
  struct CUstream_st *s;
  CUresult r = emul_stream_resolve (hStream, &s);
  if (r != CUDA_SUCCESS)
    return r;
  if (fn == NULL)
    return CUDA_ERROR_INVALID_VALUE;
  struct emul_op *op = emul_op_new (sizeof (struct host_fn));
  if (op == NULL)
    return CUDA_ERROR_OUT_OF_MEMORY;
  *(struct host_fn *) op->payload = (struct host_fn) { fn, userData };
  op->run = host_fn_run;
  emul_stream_submit (s, op);
  return CUDA_SUCCESS;
}

/* Not in cuda-lib.def: for GCC's own nvptx plugin (compat.c).  */
typedef void (*CUstreamCallback) (CUstream hStream, CUresult status,
				  void *userData);
CUresult cuStreamAddCallback (CUstream hStream, CUstreamCallback callback,
			      void *userData, unsigned int flags);

struct callback
{
  CUstreamCallback fn;
  void *data;
  CUstream handle;
};

static void
callback_run (struct emul_op *op)
{
  struct callback *c = (struct callback *) op->payload;
  emul_fifo_flush (op->stream->ctx);
  emul_trace ("hostfn device=%d", op->stream->ctx->dev->ordinal);
  host_fn_begin ();
  emul_tls_in_host_fn = true;
  c->fn (c->handle, CUDA_SUCCESS, c->data);
  emul_tls_in_host_fn = false;
  host_fn_end ();
}

EMUL_PUBLIC CUresult
cuStreamAddCallback (CUstream hStream, CUstreamCallback callback,
		     void *userData, unsigned int flags)
{
  EMUL_ENTER (cuStreamAddCallback);
  struct CUstream_st *s;
  CUresult r = emul_stream_resolve (hStream, &s);
  if (r != CUDA_SUCCESS)
    return r;
  if (callback == NULL || flags != 0)
    return CUDA_ERROR_INVALID_VALUE;
  struct emul_op *op = emul_op_new (sizeof (struct callback));
  if (op == NULL)
    return CUDA_ERROR_OUT_OF_MEMORY;
  *(struct callback *) op->payload
    = (struct callback) { callback, userData, hStream };
  op->run = callback_run;
  emul_stream_submit (s, op);
  return CUDA_SUCCESS;
}

/* ---- Events.  ---- */

EMUL_PUBLIC CUresult
cuEventCreate (CUevent *phEvent, unsigned int Flags)
{
  EMUL_ENTER (cuEventCreate);
  struct CUctx_st *ctx;
  CUresult r = emul_ctx_current (&ctx);
  if (r != CUDA_SUCCESS)
    return r;
  unsigned known = CU_EVENT_BLOCKING_SYNC | CU_EVENT_DISABLE_TIMING
		   | CU_EVENT_INTERPROCESS;
  if (phEvent == NULL || (Flags & ~known) != 0
      || ((Flags & CU_EVENT_INTERPROCESS)
	  && !(Flags & CU_EVENT_DISABLE_TIMING)))
    return CUDA_ERROR_INVALID_VALUE;
  struct CUevent_st *e = calloc (1, sizeof *e);
  if (e == NULL)
    return CUDA_ERROR_OUT_OF_MEMORY;
  e->ctx = ctx;
  e->flags = Flags;
  pthread_mutex_init (&e->lock, NULL);
  emul_handle_add (EMUL_H_EVENT, e);
  *phEvent = e;
  return CUDA_SUCCESS;
}

/* An event recorded on work still queued may go: the work goes on.  */
EMUL_PUBLIC CUresult
cuEventDestroy_v2 (CUevent hEvent)
{
  EMUL_ENTER (cuEventDestroy_v2);
  if (!emul_handle_valid (EMUL_H_EVENT, hEvent))
    return CUDA_ERROR_INVALID_HANDLE;
  emul_handle_remove (hEvent);
  if (hEvent->stream)
    emul_stream_unref (hEvent->stream);
  stamp_unref (hEvent->stamp);
  pthread_mutex_destroy (&hEvent->lock);
  free (hEvent);
  return CUDA_SUCCESS;
}

static void
stamp_run (struct emul_op *op)
{
  static uint64_t first;
  struct stamp *t;
  memcpy (&t, op->payload, sizeof t);
  struct timespec now;
  clock_gettime (CLOCK_MONOTONIC, &now);
  t->ms = (double) emul_drifted ((uint64_t) now.tv_sec * 1000000000u
				 + (uint64_t) now.tv_nsec, &first) / 1e6;
}

static void
stamp_fini (struct emul_op *op)
{
  struct stamp *t;
  memcpy (&t, op->payload, sizeof t);
  stamp_unref (t);
}

EMUL_PUBLIC CUresult
cuEventRecord (CUevent hEvent, CUstream hStream)
{
  EMUL_ENTER (cuEventRecord);
  if (!emul_handle_valid (EMUL_H_EVENT, hEvent))
    return CUDA_ERROR_INVALID_HANDLE;
  struct CUstream_st *s;
  CUresult r = emul_stream_resolve (hStream, &s);
  if (r != CUDA_SUCCESS)
    return r;
  if (s->ctx != hEvent->ctx)
    {
      emul_debug ("cuEventRecord: the event and the stream belong to "
		  "different contexts");
      return CUDA_ERROR_INVALID_HANDLE;
    }
  /* A marker operation: the event completes when the stream reaches
     it, after the implicit dependencies of the stream; it notes the
     time then.  */
  struct emul_op *op = emul_op_new (sizeof (struct stamp *));
  struct stamp *t = calloc (1, sizeof *t);
  if (op == NULL || t == NULL)
    {
      free (op);
      free (t);
      return CUDA_ERROR_OUT_OF_MEMORY;
    }
  t->refs = 2;
  memcpy (op->payload, &t, sizeof t);
  op->run = stamp_run;
  op->fini = stamp_fini;
  stream_ref (s);
  pthread_mutex_lock (&hEvent->lock);
  uint64_t seq = emul_stream_submit (s, op);
  struct CUstream_st *old = hEvent->stream;
  struct stamp *old_stamp = hEvent->stamp;
  hEvent->stream = s;
  hEvent->seq = seq;
  hEvent->stamp = t;
  pthread_mutex_unlock (&hEvent->lock);
  if (old)
    emul_stream_unref (old);
  stamp_unref (old_stamp);
  return CUDA_SUCCESS;
}

/* Whether event E was never recorded or was reached; *S (referenced,
   or NULL) and *SEQ tell which operation it stands for.  */
static bool
event_done (struct CUevent_st *e, struct CUstream_st **s, uint64_t *seq)
{
  pthread_mutex_lock (&e->lock);
  *s = e->stream;
  *seq = e->seq;
  if (*s)
    stream_ref (*s);
  pthread_mutex_unlock (&e->lock);
  if (*s == NULL)
    return true;
  /* Acquire: the worker stores it after running the operation.  */
  return __atomic_load_n (&(*s)->completed, __ATOMIC_ACQUIRE) >= *seq;
}

EMUL_PUBLIC CUresult
cuEventQuery (CUevent hEvent)
{
  EMUL_ENTER (cuEventQuery);
  if (!emul_handle_valid (EMUL_H_EVENT, hEvent))
    return CUDA_ERROR_INVALID_HANDLE;
  CUresult r = emul_ctx_check (hEvent->ctx);
  if (r != CUDA_SUCCESS)
    return r;
  struct CUstream_st *s;
  uint64_t seq;
  bool done = event_done (hEvent, &s, &seq);
  if (s)
    emul_stream_unref (s);
  r = emul_ctx_sticky (hEvent->ctx);
  if (r != CUDA_SUCCESS)
    return r;
  return done ? CUDA_SUCCESS : CUDA_ERROR_NOT_READY;
}

EMUL_PUBLIC CUresult
cuEventSynchronize (CUevent hEvent)
{
  EMUL_ENTER (cuEventSynchronize);
  if (!emul_handle_valid (EMUL_H_EVENT, hEvent))
    return CUDA_ERROR_INVALID_HANDLE;
  CUresult r = emul_ctx_check_live (hEvent->ctx);
  if (r != CUDA_SUCCESS)
    return r;
  struct CUstream_st *s;
  uint64_t seq;
  event_done (hEvent, &s, &seq);
  if (s)
    {
      emul_stream_wait (s, seq);
      emul_stream_unref (s);
    }
  emul_fifo_flush (hEvent->ctx);
  return emul_ctx_sticky (hEvent->ctx);
}

/* The time between the completion of two recorded events, from the
   stamps they noted: for the nvptx plugin's GOMPTARGET_PROFILE and GCC's
   own plugin.  */
EMUL_PUBLIC CUresult
cuEventElapsedTime (float *pMilliseconds, CUevent hStart, CUevent hEnd)
{
  EMUL_ENTER (cuEventElapsedTime);
  if (!emul_handle_valid (EMUL_H_EVENT, hStart)
      || !emul_handle_valid (EMUL_H_EVENT, hEnd))
    return CUDA_ERROR_INVALID_HANDLE;
  if (pMilliseconds == NULL)
    return CUDA_ERROR_INVALID_VALUE;
  if ((hStart->flags | hEnd->flags) & CU_EVENT_DISABLE_TIMING)
    return CUDA_ERROR_INVALID_HANDLE;
  CUresult r = emul_ctx_check (hStart->ctx);
  if (r != CUDA_SUCCESS)
    return r;
  struct CUstream_st *s1, *s2;
  uint64_t q1, q2;
  bool done = event_done (hStart, &s1, &q1) & event_done (hEnd, &s2, &q2);
  if (s1)
    emul_stream_unref (s1);
  if (s2)
    emul_stream_unref (s2);
  if (s1 == NULL || s2 == NULL)
    return CUDA_ERROR_INVALID_HANDLE;
  if (!done)
    {
      emul_trace ("notready call=cuEventElapsedTime device=%d",
		  hStart->ctx->dev->ordinal);
      return CUDA_ERROR_NOT_READY;
    }
  pthread_mutex_lock (&hStart->lock);
  double a = hStart->stamp->ms;
  pthread_mutex_unlock (&hStart->lock);
  pthread_mutex_lock (&hEnd->lock);
  double b = hEnd->stamp->ms;
  pthread_mutex_unlock (&hEnd->lock);
  *pMilliseconds = (float) (b - a);
  return CUDA_SUCCESS;
}
