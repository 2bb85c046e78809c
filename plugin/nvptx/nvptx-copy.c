/* nvptx-copy.c -- copies of the nvptx plugin.  Every copy is issued to
   the stream of its queue and returns at once:
   - host to device: a stream with nothing pending copies at once (small
     copies through the queue's pinned staging memory, large ones from
     the program's memory, which the driver stages itself); behind
     pending work the host data is copied into staging memory by a host
     function when the stream gets there (the data is read then, not
     when the copy is queued), then to the device;
   - device to host: an idle stream copies at once; behind pending work
     the data goes to staging memory, and a host function copies it to
     the program's memory, so that no host thread waits for the work
     ahead;
   - device to device on one GPU: cuMemcpyDtoDAsync; between two GPUs:
     peer to peer (cuMemcpyPeerAsync) where the driver lets one access the
     other, else staged through host memory with a stream of the source
     GPU, ordered with events.
   Rectangular copies (omp_target_memcpy_rect) of 2 and 3 dimensions use
   cuMemcpy2DAsync/cuMemcpy3DAsync.

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

#include "nvptx.h"

#include <stdlib.h>
#include <string.h>

#define STAGE_ALIGN 64

/* ---- Staging memory.  ---- */

/* A new segment of at least MIN bytes for Q: the index, or -1 after a
   message.  Segments grow with what the queue needed so far.  */
static int
stage_grow (struct nvptx_queue *q, size_t min)
{
  struct nvptx_device *dev = (struct nvptx_device *) q->core.dev;
  struct nvptx_segment *segs, *sg;
  size_t size = q->stage_total < NVPTX_STAGE_SEGMENT ? NVPTX_STAGE_SEGMENT
						    : q->stage_total;
  CUresult r;
  void *p;

  if (size > NVPTX_STAGE_SEGMENT_MAX)
    size = NVPTX_STAGE_SEGMENT_MAX;
  if (size < min)
    size = min;
  segs = realloc (q->segs, (q->nsegs + 1) * sizeof *segs);
  if (segs == NULL)
    {
      gt_plugin_error ("out of host memory");
      return -1;
    }
  q->segs = segs;
  sg = &segs[q->nsegs];
  r = CU (cuMemHostAlloc) (&p, size, CU_MEMHOSTALLOC_PORTABLE);
  if (r != CUDA_SUCCESS)
    {
      nvptx_report (dev, "cuMemHostAlloc (staging memory)", r);
      return -1;
    }
  r = CU (cuEventCreate) (&sg->done, CU_EVENT_DISABLE_TIMING);
  if (r != CUDA_SUCCESS)
    {
      nvptx_report (dev, "cuEventCreate", r);
      CU (cuMemFreeHost) (p);
      return -1;
    }
  sg->mem = p;
  sg->size = size;
  sg->pending = false;
  q->stage_total += size;
  gt_plugin_debug ("device %d: queue %u: %zu KiB more pinned staging "
		   "memory (%zu KiB in all)", nvptx_num (dev), q->core.index,
		   size >> 10, q->stage_total >> 10);
  return (int) q->nsegs++;
}

void *
nvptx_stage (struct nvptx_queue *q, size_t size, size_t min, size_t *got)
{
  struct nvptx_device *dev = (struct nvptx_device *) q->core.dev;
  struct nvptx_segment *sg;
  unsigned i, k;
  int next = -1;
  CUresult r;
  void *p;

  if (min > size)
    min = size;
  if (min > NVPTX_STAGE_SEGMENT_MAX)
    return NULL;
  if (q->nsegs == 0)
    {
      if (stage_grow (q, min) != 0)
	return NULL;
      q->seg = 0;
      q->seg_head = 0;
    }
  sg = &q->segs[q->seg];
  if (sg->size - q->seg_head < min)
    {
      /* Leave this segment: it is free again once the stream is past
	 what was issued so far, copies out of it included.  */
      if (nvptx_outs_issue (q) != 0)
	return NULL;
      r = CU (cuEventRecord) (sg->done, q->stream);
      if (r != CUDA_SUCCESS)
	{
	  nvptx_report (dev, "cuEventRecord", r);
	  return NULL;
	}
      sg->pending = true;
      /* The next free segment that is big enough, else a new one.  */
      for (k = 1; k < q->nsegs && next < 0; k++)
	{
	  i = (q->seg + k) % q->nsegs;
	  if (q->segs[i].size < min)
	    continue;
	  if (q->segs[i].pending)
	    {
	      r = CU (cuEventQuery) (q->segs[i].done);
	      if (r == CUDA_ERROR_NOT_READY)
		continue;
	      if (r != CUDA_SUCCESS)
		{
		  nvptx_report (dev, "cuEventQuery", r);
		  return NULL;
		}
	      q->segs[i].pending = false;
	    }
	  next = (int) i;
	}
      if (next < 0 && (next = stage_grow (q, min)) < 0)
	return NULL;
      q->seg = (unsigned) next;
      q->seg_head = 0;
      sg = &q->segs[next];
    }
  p = sg->mem + q->seg_head;
  *got = sg->size - q->seg_head < size ? sg->size - q->seg_head : size;
  /* The next slot aligned (segment sizes are multiples of it).  */
  q->seg_head += (*got + STAGE_ALIGN - 1) & ~(size_t) (STAGE_ALIGN - 1);
  if (q->seg_head > sg->size)
    q->seg_head = sg->size;
  return p;
}

void
nvptx_stage_fini (struct nvptx_queue *q)
{
  unsigned i;

  for (i = 0; i < q->nsegs; i++)
    {
      CU (cuEventDestroy_v2) (q->segs[i].done);
      CU (cuMemFreeHost) (q->segs[i].mem);
    }
  free (q->segs);
  q->segs = NULL;
  q->nsegs = 0;
  q->stage_total = 0;
}

/* ---- Host functions that copy the program's data into staging memory
   when the stream gets there.  ---- */

struct host_copy
{
  void *dst;
  const void *src;
  size_t size;
};

static void
host_copy_run (void *arg)
{
  struct host_copy *c = arg;
  memcpy (c->dst, c->src, c->size);
  free (c);
}

static int
issue_host_copy (struct nvptx_queue *q, void *dst, const void *src,
		 size_t size)
{
  struct host_copy *c = malloc (sizeof *c);

  if (c == NULL)
    {
      gt_plugin_error ("out of host memory queueing a copy");
      return -1;
    }
  c->dst = dst;
  c->src = src;
  c->size = size;
  if (nvptx_host_call (q, host_copy_run, c) != 0)
    {
      free (c);
      return -1;
    }
  return 0;
}

/* ---- Copies to the program's memory that wait.  ---- */

static int
defer_out (struct nvptx_queue *q, void *dst, const void *src, size_t size)
{
  pthread_mutex_lock (&q->outs_lock);
  if (q->nouts == q->outs_cap)
    {
      size_t cap = q->outs_cap ? 2 * q->outs_cap : 16;
      struct nvptx_out *grown = realloc (q->outs, cap * sizeof *grown);
      if (grown == NULL)
	{
	  pthread_mutex_unlock (&q->outs_lock);
	  gt_plugin_error ("out of host memory queueing a copy");
	  return -1;
	}
      q->outs = grown;
      q->outs_cap = cap;
    }
  /* Atomic: nvptx_outs_last reads it without the lock.  */
  __atomic_store_n (&q->outs_seq, q->outs_seq + 1, __ATOMIC_RELAXED);
  q->outs[q->nouts].seq = q->outs_seq;
  q->outs[q->nouts].dst = dst;
  q->outs[q->nouts].src = src;
  q->outs[q->nouts].size = size;
  q->nouts++;
  pthread_mutex_unlock (&q->outs_lock);
  return 0;
}

uint64_t
nvptx_outs_last (struct nvptx_queue *q)
{
  /* What the caller issued before is here without the lock; what others
     add meanwhile may be missed, as with it.  */
  return __atomic_load_n (&q->outs_seq, __ATOMIC_RELAXED);
}

/* Make Q's copies that wait up to UPTO (OUTS_LOCK held).  */
static void
outs_make_locked (struct nvptx_queue *q, uint64_t upto)
{
  size_t i, j;

  for (i = j = 0; i < q->nouts; i++)
    if (q->outs[i].seq <= upto)
      memcpy (q->outs[i].dst, q->outs[i].src, q->outs[i].size);
    else
      q->outs[j++] = q->outs[i];
  q->nouts = j;
}

bool
nvptx_outs_done (struct nvptx_queue *q, uint64_t upto)
{
  uint64_t issued;

  /* Those up to UPTO were issued and ran (none ever waited, mostly): no
     copy up to UPTO waits.  */
  if (__atomic_load_n (&q->outs_ran, __ATOMIC_ACQUIRE) >= upto)
    return true;
  pthread_mutex_lock (&q->outs_lock);
  outs_make_locked (q, upto);
  issued = q->outs_issued < upto ? q->outs_issued : upto;
  pthread_mutex_unlock (&q->outs_lock);
  /* Host functions run in stream order, each with later copies than
     the one before.  */
  return __atomic_load_n (&q->outs_ran, __ATOMIC_ACQUIRE) >= issued;
}

struct outs_batch
{
  struct nvptx_queue *q;
  struct nvptx_out *outs;
  size_t n;
  uint64_t last;
};

static void
outs_run (void *arg)
{
  struct outs_batch *b = arg;
  size_t i;

  for (i = 0; i < b->n; i++)
    memcpy (b->outs[i].dst, b->outs[i].src, b->outs[i].size);
  __atomic_store_n (&b->q->outs_ran, b->last, __ATOMIC_RELEASE);
  free (b->outs);
  free (b);
}

int
nvptx_outs_issue (struct nvptx_queue *q)
{
  struct outs_batch *b;
  uint64_t last;
  int err = 0;

  /* The lock is held until the host function is on the stream: a
     thread that finds no copy waiting then knows that the stream has
     those it did not find (nvptx_outs_done, outs_idle, and the event
     that frees a staging segment).  */
  pthread_mutex_lock (&q->outs_lock);
  if (q->nouts == 0)
    {
      pthread_mutex_unlock (&q->outs_lock);
      return 0;
    }
  b = malloc (sizeof *b);
  if (b == NULL)
    {
      pthread_mutex_unlock (&q->outs_lock);
      gt_plugin_error ("out of host memory queueing a copy");
      return -1;
    }
  b->q = q;
  b->outs = q->outs;
  b->n = q->nouts;
  b->last = last = q->outs[q->nouts - 1].seq;
  if (nvptx_host_call (q, outs_run, b) == 0)
    {
      /* B is the stream's now: outs_run may have run and freed it.  */
      q->outs_issued = last;
      q->outs = NULL;
      q->nouts = q->outs_cap = 0;
    }
  else
    {
      /* The copies stay where they are; the queue has failed anyway.  */
      free (b);
      err = -1;
    }
  pthread_mutex_unlock (&q->outs_lock);
  return err;
}

/* ---- Copies.  ---- */

/* The smallest chunk of a copy of SIZE bytes worth staging at once: a
   copy is cut into chunks that fit the staging segments.  */
static size_t
chunk_min (size_t size)
{
  return size < 65536 ? size : 65536;
}

/* Has Q's stream run everything issued to it?  If so, the copies to the
   program's memory that wait are made now.  (Under OUTS_LOCK, so that no
   host function with some of them is being issued meanwhile.)  */
static bool
outs_idle (struct nvptx_queue *q)
{
  bool idle;

  pthread_mutex_lock (&q->outs_lock);
  /* Under GOMPTARGET_PROFILE the answer may have been had before the
     event that times the copy (nvptx-profile.c).  */
  if (q->idle_at_mark != IDLE_UNKNOWN)
    {
      idle = q->idle_at_mark == IDLE_YES;
      q->idle_at_mark = IDLE_UNKNOWN;
    }
  else
    idle = CU (cuStreamQuery) (q->stream) == CUDA_SUCCESS;
  if (idle)
    outs_make_locked (q, UINT64_MAX);
  pthread_mutex_unlock (&q->outs_lock);
  return idle;
}

static int
check (struct nvptx_device *dev, const char *op, CUresult r)
{
  if (r == CUDA_SUCCESS)
    return 0;
  nvptx_report (dev, op, r);
  return -1;
}

static int
to_device (struct nvptx_queue *q, CUdeviceptr dst, const char *src,
	   size_t size)
{
  struct nvptx_device *dev = (struct nvptx_device *) q->core.dev;
  /* Copies to the program's memory that wait come first: the data read
     here may be theirs.  */
  bool now = outs_idle (q);
  size_t off, n;

  if (!now && nvptx_outs_issue (q) != 0)
    return -1;
  if (now && size > NVPTX_STAGE_SEGMENT)
    return check (dev, "cuMemcpyHtoDAsync",
		  CU (cuMemcpyHtoDAsync_v2) (dst, src, size, q->stream));
  for (off = 0; off < size; off += n)
    {
      void *slot = nvptx_stage (q, size - off, chunk_min (size - off), &n);
      if (slot == NULL)
	return -1;
      /* Nothing is ahead: the data may be read now.  */
      if (now)
	memcpy (slot, src + off, n);
      else if (issue_host_copy (q, slot, src + off, n) != 0)
	return -1;
      if (check (dev, "cuMemcpyHtoDAsync",
		 CU (cuMemcpyHtoDAsync_v2) (dst + off, slot, n, q->stream)))
	return -1;
    }
  return 0;
}

static int
to_host (struct nvptx_queue *q, char *dst, CUdeviceptr src, size_t size)
{
  struct nvptx_device *dev = (struct nvptx_device *) q->core.dev;
  size_t off, n;

  /* Nothing ahead: the copy takes only its own time (after the copies
     of earlier data to the program's memory that wait).  */
  if (outs_idle (q))
    return check (dev, "cuMemcpyDtoHAsync",
		  CU (cuMemcpyDtoHAsync_v2) (dst, src, size, q->stream));
  /* Behind other work: into staging memory, and on to DST when someone
     can see it.  */
  for (off = 0; off < size; off += n)
    {
      void *slot = nvptx_stage (q, size - off, chunk_min (size - off), &n);
      if (slot == NULL
	  || check (dev, "cuMemcpyDtoHAsync",
		    CU (cuMemcpyDtoHAsync_v2) (slot, src + off, n, q->stream))
	  || defer_out (q, dst + off, slot, n) != 0)
	return -1;
    }
  return 0;
}

/* May DEV's context access PEER's memory?  Asked of the driver once per
   pair, and enabled when it may.  */
static bool
peer_usable (struct nvptx_device *dev, struct nvptx_device *peer)
{
  uint64_t bit = (uint64_t) 1 << (peer->core.id & 63);
  int can = 0;
  bool on;
  CUresult r;

  pthread_mutex_lock (&dev->peer_lock);
  if ((dev->peer_on | dev->peer_off) & bit)
    {
      on = (dev->peer_on & bit) != 0;
      pthread_mutex_unlock (&dev->peer_lock);
      return on;
    }
  r = CU (cuDeviceCanAccessPeer) (&can, dev->cu, peer->cu);
  if (r != CUDA_SUCCESS)
    {
      nvptx_report (dev, "cuDeviceCanAccessPeer", r);
      can = 0;
    }
  if (can)
    {
      r = CU (cuCtxEnablePeerAccess) (peer->ctx, 0);
      if (r != CUDA_SUCCESS && r != CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED)
	{
	  gt_plugin_debug ("device %d: cuCtxEnablePeerAccess for device %d "
			   "failed: %s", nvptx_num (dev), nvptx_num (peer),
			   nvptx_cuda_error (r));
	  can = 0;
	}
    }
  if (can)
    dev->peer_on |= bit;
  else
    dev->peer_off |= bit;
  pthread_mutex_unlock (&dev->peer_lock);
  gt_plugin_debug ("device %d: copies from device %d go %s", nvptx_num (dev),
		   nvptx_num (peer), can ? "peer to peer"
					 : "through host memory");
  return can != 0;
}

/* PEER's stream and event for copies staged through host memory, made
   on first use (PEER's context current); PEER's peer lock held.  */
static int
helper_stream (struct nvptx_device *peer)
{
  CUresult r;

  if (peer->helper != NULL)
    return 0;
  r = CU (cuStreamCreate) (&peer->helper, CU_STREAM_NON_BLOCKING);
  if (r != CUDA_SUCCESS)
    {
      peer->helper = NULL;
      nvptx_report (peer, "cuStreamCreate", r);
      return -1;
    }
  r = CU (cuEventCreate) (&peer->helper_event, CU_EVENT_DISABLE_TIMING);
  if (r != CUDA_SUCCESS)
    {
      CU (cuStreamDestroy_v2) (peer->helper);
      peer->helper = NULL;
      nvptx_report (peer, "cuEventCreate", r);
      return -1;
    }
  return 0;
}

/* Copy SIZE bytes at SRC on PEER to DST on Q's device, through Q's
   staging memory: PEER's helper stream waits for Q's stream, copies a
   chunk to the host; Q's stream waits for that and copies it on.  */
static int
staged_from_peer (struct nvptx_queue *q, CUdeviceptr dst,
		  struct nvptx_device *peer, CUdeviceptr src, size_t size)
{
  struct nvptx_device *dev = (struct nvptx_device *) q->core.dev;
  size_t off, n;
  CUcontext popped;
  CUresult r;
  int err = 0;

  if (q->peer_event == NULL
      && check (dev, "cuEventCreate",
		CU (cuEventCreate) (&q->peer_event, CU_EVENT_DISABLE_TIMING)))
    {
      q->peer_event = NULL;
      return -1;
    }
  for (off = 0; off < size && err == 0; off += n)
    {
      void *slot = nvptx_stage (q, size - off, chunk_min (size - off), &n);
      if (slot == NULL
	  || check (dev, "cuEventRecord",
		    CU (cuEventRecord) (q->peer_event, q->stream)))
	return -1;
      r = CU (cuCtxPushCurrent_v2) (peer->ctx);
      if (r != CUDA_SUCCESS)
	return check (peer, "cuCtxPushCurrent", r);
      pthread_mutex_lock (&peer->peer_lock);
      err = helper_stream (peer);
      if (err == 0)
	err = (check (peer, "cuStreamWaitEvent",
		      CU (cuStreamWaitEvent) (peer->helper, q->peer_event, 0))
	       || check (peer, "cuMemcpyDtoHAsync",
			 CU (cuMemcpyDtoHAsync_v2) (slot, src + off, n,
						    peer->helper))
	       || check (peer, "cuEventRecord",
			 CU (cuEventRecord) (peer->helper_event,
					     peer->helper))
	       || check (dev, "cuStreamWaitEvent",
			 CU (cuStreamWaitEvent) (q->stream, peer->helper_event,
						 0))) ? -1 : 0;
      pthread_mutex_unlock (&peer->peer_lock);
      r = CU (cuCtxPopCurrent_v2) (&popped);
      if (r != CUDA_SUCCESS)
	err = check (peer, "cuCtxPopCurrent", r);
      if (err == 0)
	err = check (dev, "cuMemcpyHtoDAsync",
		     CU (cuMemcpyHtoDAsync_v2) (dst + off, slot, n,
						q->stream));
    }
  return err;
}

int
nvptx_copy (struct gtc_queue *gq, enum gtc_copy_dir dir, void *dst,
	    const void *src, size_t size, struct gtc_device *gpeer)
{
  struct nvptx_queue *q = (struct nvptx_queue *) gq;
  struct nvptx_device *dev = (struct nvptx_device *) gq->dev;
  struct nvptx_device *peer = (struct nvptx_device *) gpeer;
  CUdeviceptr d = (CUdeviceptr) (uintptr_t) dst;
  CUdeviceptr s = (CUdeviceptr) (uintptr_t) src;

  if (size == 0)
    return 0;
  if (nvptx_use (dev) != 0)
    return -1;
  switch (dir)
    {
    case GTC_HOST_TO_DEVICE:
      return to_device (q, d, src, size);
    case GTC_DEVICE_TO_HOST:
      return to_host (q, dst, s, size);
    case GTC_DEVICE_TO_DEVICE:
      if (peer == NULL || peer == dev)
	return check (dev, "cuMemcpyDtoDAsync",
		      CU (cuMemcpyDtoDAsync_v2) (d, s, size, q->stream));
      if (peer_usable (dev, peer))
	return check (dev, "cuMemcpyPeerAsync",
		      CU (cuMemcpyPeerAsync) (d, dev->ctx, s, peer->ctx, size,
					      q->stream));
      return staged_from_peer (q, d, peer, s, size);
    }
  return -1;
}

void
nvptx_peer_fini (struct nvptx_device *dev)
{
  if (dev->helper != NULL)
    {
      CU (cuStreamDestroy_v2) (dev->helper);
      CU (cuEventDestroy_v2) (dev->helper_event);
      dev->helper = NULL;
    }
}

/* ---- Rectangular copies.  ---- */

/* Fill one side of a copy descriptor: memory of DEV, or host memory.  */
#define RECT_SIDE(c, side, dev, base)				\
  do								\
    {								\
      if (dev)							\
	{							\
	  (c).side##MemoryType = CU_MEMORYTYPE_DEVICE;		\
	  (c).side##Device = (CUdeviceptr) (uintptr_t) (base);	\
	}							\
      else							\
	{							\
	  (c).side##MemoryType = CU_MEMORYTYPE_HOST;		\
	  (c).side##Host = (void *) (uintptr_t) (base);		\
	}							\
    }								\
  while (0)

int
nvptx_copy_rect (struct gtc_device *gdst, struct gtc_device *gsrc,
		 const gt_rect_copy *r)
{
  struct nvptx_device *dev = (struct nvptx_device *) (gdst ? gdst : gsrc);
  struct nvptx_queue *q;
  CUresult res;
  const char *op;

  /* Between two GPUs the front end copies row by row.  */
  if (gdst != NULL && gsrc != NULL && gdst != gsrc)
    return -1;
  if ((gdst && r->dst_pitch > dev->max_pitch)
      || (gsrc && r->src_pitch > dev->max_pitch)
      || r->width == 0 || r->height == 0 || r->depth == 0)
    return -1;
  q = (struct nvptx_queue *) gtc_home_queue (&dev->core);
  if (q == NULL || nvptx_use (dev) != 0 || nvptx_outs_issue (q) != 0)
    return -1;
  if (r->depth == 1)
    {
      CUDA_MEMCPY2D c;
      memset (&c, 0, sizeof c);
      RECT_SIDE (c, src, gsrc, r->src);
      RECT_SIDE (c, dst, gdst, r->dst);
      c.srcXInBytes = r->src_offset[2];
      c.srcY = r->src_offset[1] + r->src_offset[0] * r->src_height;
      c.srcPitch = r->src_pitch;
      c.dstXInBytes = r->dst_offset[2];
      c.dstY = r->dst_offset[1] + r->dst_offset[0] * r->dst_height;
      c.dstPitch = r->dst_pitch;
      c.WidthInBytes = r->width;
      c.Height = r->height;
      op = "cuMemcpy2DAsync";
      res = CU (cuMemcpy2DAsync_v2) (&c, q->stream);
    }
  else
    {
      CUDA_MEMCPY3D c;
      memset (&c, 0, sizeof c);
      RECT_SIDE (c, src, gsrc, r->src);
      RECT_SIDE (c, dst, gdst, r->dst);
      c.srcXInBytes = r->src_offset[2];
      c.srcY = r->src_offset[1];
      c.srcZ = r->src_offset[0];
      c.srcPitch = r->src_pitch;
      c.srcHeight = r->src_height;
      c.dstXInBytes = r->dst_offset[2];
      c.dstY = r->dst_offset[1];
      c.dstZ = r->dst_offset[0];
      c.dstPitch = r->dst_pitch;
      c.dstHeight = r->dst_height;
      c.WidthInBytes = r->width;
      c.Height = r->height;
      c.Depth = r->depth;
      op = "cuMemcpy3DAsync";
      res = CU (cuMemcpy3DAsync_v2) (&c, q->stream);
    }
  if (res != CUDA_SUCCESS)
    {
      nvptx_report (dev, op, res);
      return -1;
    }
  gt_plugin_debug ("device %d: %s: %zu x %zu x %zu bytes", nvptx_num (dev),
		   op, r->depth, r->height, r->width);
  return nvptx_queue_sync (q);
}
