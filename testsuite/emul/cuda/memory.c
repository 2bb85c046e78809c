/* memory.c -- memory of the emulated CUDA driver: device allocations
   (separate mappings, counted against the device's memory size), pinned
   host memory usable as device memory (unified addressing), the registry
   of device ranges every device pointer is checked against, and the
   copies (synchronous ones ordered like the legacy NULL stream,
   asynchronous ones run on the stream's worker), 1-D, 2-D, 3-D and
   between devices.

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

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define PAGE 4096

/* Ranges of kinds DEVICE, PINNED and GLOBAL, sorted by start (they never
   overlap: each is a mapping of its own), and program variables used as
   device memory (HOSTVAR: several modules may share one).  */
static pthread_rwlock_t ranges_lock = PTHREAD_RWLOCK_INITIALIZER;
static struct emul_range *ranges;
static size_t nranges, ranges_cap;
static struct hostvar { uintptr_t start; size_t size; int refs; } *hostvars;
static size_t nhostvars, hostvars_cap;
static unsigned long long next_id = 1;

/* Index of the last range starting at or before P, or -1.  */
static ptrdiff_t
range_index (uintptr_t p)
{
  ptrdiff_t lo = 0, hi = (ptrdiff_t) nranges - 1, found = -1;
  while (lo <= hi)
    {
      ptrdiff_t mid = (lo + hi) / 2;
      if (ranges[mid].start <= p)
	{
	  found = mid;
	  lo = mid + 1;
	}
      else
	hi = mid - 1;
    }
  return found;
}

static bool
contains (uintptr_t start, size_t size, uintptr_t p, size_t n)
{
  if (n == 0)
    n = 1;
  return p >= start && p - start < size && n <= size - (p - start);
}

bool
emul_range_lookup (uintptr_t p, size_t n, struct emul_range *out)
{
  bool found = false;
  pthread_rwlock_rdlock (&ranges_lock);
  ptrdiff_t i = range_index (p);
  if (i >= 0 && contains (ranges[i].start, ranges[i].size, p, n))
    {
      *out = ranges[i];
      found = true;
    }
  else
    for (size_t j = 0; j < nhostvars; j++)
      if (contains (hostvars[j].start, hostvars[j].size, p, n))
	{
	  memset (out, 0, sizeof *out);
	  out->start = hostvars[j].start;
	  out->size = hostvars[j].size;
	  out->kind = EMUL_R_HOSTVAR;
	  found = true;
	  break;
	}
  pthread_rwlock_unlock (&ranges_lock);
  return found;
}

bool
emul_device_accessible (struct CUctx_st *ctx, uintptr_t p, size_t n)
{
  struct emul_range r;
  if (!emul_range_lookup (p, n, &r))
    return false;
  if (r.kind == EMUL_R_PINNED)
    return emul_config.map_host;
  if (r.kind == EMUL_R_HOSTVAR)
    return true;
  struct emul_device *owner = r.ctx->dev;
  if (owner == ctx->dev)
    return true;
  pthread_mutex_lock (&ctx->lock);
  bool peer = (ctx->peers & ((uint32_t) 1 << owner->ordinal)) != 0;
  pthread_mutex_unlock (&ctx->lock);
  return peer;
}

void *
emul_device_memory (struct CUctx_st *ctx, size_t size,
		    enum emul_range_kind kind)
{
  if (size == 0 || size > ((size_t) 1 << 46))
    return NULL;
  size_t rounded = (size + PAGE - 1) & ~(size_t) (PAGE - 1);
  size_t charged = kind == EMUL_R_PINNED ? 0 : rounded;
  struct emul_device *dev = ctx->dev;

  pthread_rwlock_wrlock (&ranges_lock);
  if (charged > dev->mem_total - dev->mem_used)
    {
      pthread_rwlock_unlock (&ranges_lock);
      return NULL;
    }
  if (nranges == ranges_cap)
    {
      size_t cap = ranges_cap ? 2 * ranges_cap : 64;
      struct emul_range *grown = realloc (ranges, cap * sizeof *ranges);
      if (grown == NULL)
	{
	  pthread_rwlock_unlock (&ranges_lock);
	  return NULL;
	}
      ranges = grown;
      ranges_cap = cap;
    }
  void *p = mmap (NULL, rounded, PROT_READ | PROT_WRITE,
		  MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED)
    {
      pthread_rwlock_unlock (&ranges_lock);
      return NULL;
    }
  dev->mem_used += charged;
  ptrdiff_t i = range_index ((uintptr_t) p) + 1;
  memmove (&ranges[i + 1], &ranges[i], (nranges - (size_t) i) * sizeof *ranges);
  ranges[i] = (struct emul_range) { (uintptr_t) p, size, kind, ctx,
				    next_id++, charged };
  nranges++;
  pthread_rwlock_unlock (&ranges_lock);

  if (kind == EMUL_R_DEVICE && emul_config.poison)
    memset (p, 0xa5, size);
  return p;
}

/* Drop range I; the caller holds the write lock.  */
static void
range_drop (size_t i)
{
  struct emul_range r = ranges[i];
  memmove (&ranges[i], &ranges[i + 1], (nranges - i - 1) * sizeof *ranges);
  nranges--;
  r.ctx->dev->mem_used -= r.charged;
  munmap ((void *) r.start, (r.size + PAGE - 1) & ~(size_t) (PAGE - 1));
}

void
emul_device_memory_free (void *p)
{
  pthread_rwlock_wrlock (&ranges_lock);
  ptrdiff_t i = range_index ((uintptr_t) p);
  if (i >= 0 && ranges[i].start == (uintptr_t) p)
    range_drop ((size_t) i);
  pthread_rwlock_unlock (&ranges_lock);
}

void
emul_memory_release_ctx (struct CUctx_st *ctx)
{
  pthread_rwlock_wrlock (&ranges_lock);
  for (size_t i = nranges; i-- > 0;)
    if (ranges[i].ctx == ctx)
      range_drop (i);
  pthread_rwlock_unlock (&ranges_lock);
}

void
emul_hostvar_add (uintptr_t start, size_t size)
{
  pthread_rwlock_wrlock (&ranges_lock);
  for (size_t j = 0; j < nhostvars; j++)
    if (hostvars[j].start == start && hostvars[j].size == size)
      {
	hostvars[j].refs++;
	pthread_rwlock_unlock (&ranges_lock);
	return;
      }
  if (nhostvars == hostvars_cap)
    {
      size_t cap = hostvars_cap ? 2 * hostvars_cap : 16;
      struct hostvar *grown = realloc (hostvars, cap * sizeof *hostvars);
      if (grown == NULL)
	{
	  pthread_rwlock_unlock (&ranges_lock);
	  return;
	}
      hostvars = grown;
      hostvars_cap = cap;
    }
  hostvars[nhostvars++] = (struct hostvar) { start, size, 1 };
  pthread_rwlock_unlock (&ranges_lock);
}

void
emul_hostvar_remove (uintptr_t start, size_t size)
{
  pthread_rwlock_wrlock (&ranges_lock);
  for (size_t j = 0; j < nhostvars; j++)
    if (hostvars[j].start == start && hostvars[j].size == size)
      {
	if (--hostvars[j].refs == 0)
	  hostvars[j] = hostvars[--nhostvars];
	break;
      }
  pthread_rwlock_unlock (&ranges_lock);
}

/* ---- Allocation API.  ---- */

EMUL_PUBLIC CUresult
cuMemGetInfo_v2 (size_t *free_bytes, size_t *total)
{
  EMUL_ENTER (cuMemGetInfo_v2);
  struct CUctx_st *ctx;
  CUresult r = emul_ctx_current (&ctx);
  if (r != CUDA_SUCCESS)
    return r;
  if (free_bytes == NULL || total == NULL)
    return CUDA_ERROR_INVALID_VALUE;
  pthread_rwlock_rdlock (&ranges_lock);
  *free_bytes = ctx->dev->mem_total - ctx->dev->mem_used;
  *total = ctx->dev->mem_total;
  pthread_rwlock_unlock (&ranges_lock);
  return CUDA_SUCCESS;
}

EMUL_PUBLIC CUresult
cuMemAlloc_v2 (CUdeviceptr *dptr, size_t bytesize)
{
  EMUL_ENTER (cuMemAlloc_v2);
  struct CUctx_st *ctx;
  CUresult r = emul_ctx_current (&ctx);
  if (r != CUDA_SUCCESS)
    return r;
  if (dptr == NULL || bytesize == 0)
    return CUDA_ERROR_INVALID_VALUE;
  void *p = emul_device_memory (ctx, bytesize, EMUL_R_DEVICE);
  if (p == NULL)
    {
      emul_debug ("cuMemAlloc: %zu bytes do not fit in device %d's memory",
		  bytesize, ctx->dev->ordinal);
      return CUDA_ERROR_OUT_OF_MEMORY;
    }
  *dptr = (CUdeviceptr) (uintptr_t) p;
  emul_trace ("alloc device=%d bytes=%zu ptr=%p", ctx->dev->ordinal,
	      bytesize, p);
  return CUDA_SUCCESS;
}

/* Freeing waits for the work of the owning context, as the driver's
   cuMemFree does.  */
static CUresult
free_range (CUdeviceptr p, enum emul_range_kind kind, const char *what)
{
  struct emul_range r;
  if (p == 0 || !emul_range_lookup ((uintptr_t) p, 1, &r)
      || r.kind != kind || r.start != (uintptr_t) p)
    {
      emul_debug ("%s: %p is not the start of a live allocation", what,
		  (void *) (uintptr_t) p);
      return CUDA_ERROR_INVALID_VALUE;
    }
  emul_ctx_wait_all (r.ctx);
  emul_trace ("free device=%d bytes=%zu ptr=%p", r.ctx->dev->ordinal,
	      r.size, (void *) r.start);
  emul_device_memory_free ((void *) r.start);
  return CUDA_SUCCESS;
}

EMUL_PUBLIC CUresult
cuMemFree_v2 (CUdeviceptr dptr)
{
  EMUL_ENTER (cuMemFree_v2);
  struct CUctx_st *ctx;
  CUresult r = emul_ctx_current (&ctx);
  if (r != CUDA_SUCCESS)
    return r;
  return free_range (dptr, EMUL_R_DEVICE, "cuMemFree");
}

CUresult
emul_host_alloc (void **pp, size_t bytesize, unsigned int Flags)
{
  struct CUctx_st *ctx;
  CUresult r = emul_ctx_current (&ctx);
  if (r != CUDA_SUCCESS)
    return r;
  if (pp == NULL || bytesize == 0
      || (Flags & ~(unsigned) (CU_MEMHOSTALLOC_PORTABLE
			       | CU_MEMHOSTALLOC_DEVICEMAP
			       | CU_MEMHOSTALLOC_WRITECOMBINED)) != 0)
    return CUDA_ERROR_INVALID_VALUE;
  void *p = emul_device_memory (ctx, bytesize, EMUL_R_PINNED);
  if (p == NULL)
    return CUDA_ERROR_OUT_OF_MEMORY;
  *pp = p;
  return CUDA_SUCCESS;
}

EMUL_PUBLIC CUresult
cuMemHostAlloc (void **pp, size_t bytesize, unsigned int Flags)
{
  EMUL_ENTER (cuMemHostAlloc);
  return emul_host_alloc (pp, bytesize, Flags);
}

EMUL_PUBLIC CUresult
cuMemFreeHost (void *p)
{
  EMUL_ENTER (cuMemFreeHost);
  struct CUctx_st *ctx;
  CUresult r = emul_ctx_current (&ctx);
  if (r != CUDA_SUCCESS)
    return r;
  return free_range ((CUdeviceptr) (uintptr_t) p, EMUL_R_PINNED,
		     "cuMemFreeHost");
}

/* With unified addressing, pinned memory is mapped into every context
   at the same address (unless GOMPTARGET_EMUL_CUDA_MAP_HOST=0 says the
   devices cannot map host memory).  */
EMUL_PUBLIC CUresult
cuMemHostGetDevicePointer_v2 (CUdeviceptr *pdptr, void *p,
			      unsigned int Flags)
{
  EMUL_ENTER (cuMemHostGetDevicePointer_v2);
  struct CUctx_st *ctx;
  CUresult r = emul_ctx_current (&ctx);
  if (r != CUDA_SUCCESS)
    return r;
  struct emul_range range;
  if (pdptr == NULL || Flags != 0
      || !emul_range_lookup ((uintptr_t) p, 1, &range)
      || range.kind != EMUL_R_PINNED)
    return CUDA_ERROR_INVALID_VALUE;
  if (!emul_config.map_host)
    return CUDA_ERROR_NOT_SUPPORTED;
  *pdptr = (CUdeviceptr) (uintptr_t) p;
  return CUDA_SUCCESS;
}

EMUL_PUBLIC CUresult
cuPointerGetAttribute (void *data, CUpointer_attribute attribute,
		       CUdeviceptr ptr)
{
  EMUL_ENTER (cuPointerGetAttribute);
  struct emul_range r;
  if (data == NULL)
    return CUDA_ERROR_INVALID_VALUE;
  if (!emul_range_lookup ((uintptr_t) ptr, 1, &r))
    return CUDA_ERROR_INVALID_VALUE;
  /* A program variable standing for a module variable has no context of
     its own.  */
  if (r.kind == EMUL_R_HOSTVAR
      && (attribute == CU_POINTER_ATTRIBUTE_CONTEXT
	  || attribute == CU_POINTER_ATTRIBUTE_BUFFER_ID
	  || attribute == CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL))
    return CUDA_ERROR_INVALID_VALUE;
  switch (attribute)
    {
    case CU_POINTER_ATTRIBUTE_CONTEXT:
      *(CUcontext *) data = r.ctx;
      break;
    case CU_POINTER_ATTRIBUTE_MEMORY_TYPE:
      *(unsigned int *) data = r.kind == EMUL_R_PINNED ? CU_MEMORYTYPE_HOST
						       : CU_MEMORYTYPE_DEVICE;
      break;
    case CU_POINTER_ATTRIBUTE_DEVICE_POINTER:
      *(CUdeviceptr *) data = ptr;
      break;
    case CU_POINTER_ATTRIBUTE_HOST_POINTER:
      if (r.kind != EMUL_R_PINNED)
	return CUDA_ERROR_INVALID_VALUE;
      *(void **) data = (void *) (uintptr_t) ptr;
      break;
    case CU_POINTER_ATTRIBUTE_BUFFER_ID:
      *(unsigned long long *) data = r.id;
      break;
    case CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL:
      *(int *) data = r.ctx->dev->ordinal;
      break;
    case CU_POINTER_ATTRIBUTE_RANGE_START_ADDR:
      *(CUdeviceptr *) data = (CUdeviceptr) r.start;
      break;
    case CU_POINTER_ATTRIBUTE_RANGE_SIZE:
      *(size_t *) data = r.size;
      break;
    default:
      return CUDA_ERROR_INVALID_VALUE;
    }
  return CUDA_SUCCESS;
}

/* ---- Copies.  ---- */

/* A copy of DEPTH slices of HEIGHT rows of WIDTH bytes (1-D copies have
   one row).  */
struct copy
{
  unsigned char *dst;
  const unsigned char *src;
  size_t width, height, depth;
  size_t dpitch, dslice, spitch, sslice;
  const char *kind;		/* For the trace.  */
};

static void
copy_run (const struct copy *c)
{
  for (size_t z = 0; z < c->depth; z++)
    for (size_t y = 0; y < c->height; y++)
      memmove (c->dst + z * c->dslice + y * c->dpitch,
	       c->src + z * c->sslice + y * c->spitch, c->width);
}

static void
copy_op_run (struct emul_op *op)
{
  copy_run ((const struct copy *) op->payload);
}

/* A device range [P, P+N) must lie in one live range.  */
static bool
check_device (uintptr_t p, size_t n, const char *what)
{
  struct emul_range r;
  if (emul_range_lookup (p, n, &r))
    return true;
  emul_debug ("%s: [%p, +%zu) is not in live device memory", what,
	      (void *) p, n);
  return false;
}

static void
trace_copy (struct CUctx_st *ctx, const struct copy *c, bool async)
{
  emul_trace ("copy kind=%s device=%d bytes=%zu async=%d", c->kind,
	      ctx->dev->ordinal, c->width * c->height * c->depth, async);
}

/* Do C now, ordered as the legacy NULL stream of CTX orders it; blocking
   copies write the printf FIFO out, as the driver's do.  */
static CUresult
copy_sync (struct CUctx_st *ctx, const struct copy *c)
{
  emul_ctx_wait_legacy (ctx);
  CUresult r = emul_ctx_sticky (ctx);
  if (r != CUDA_SUCCESS)
    return r;
  trace_copy (ctx, c, false);
  copy_run (c);
  emul_fifo_flush (ctx);
  return CUDA_SUCCESS;
}

/* Queue C on stream H.  The host memory may be pageable: the copy still
   happens when the stream reaches it (a real driver may or may not
   stage pageable memory at once; code must not rely on either).  */
static CUresult
copy_async (CUstream h, const struct copy *c)
{
  struct CUstream_st *s;
  CUresult r = emul_stream_resolve (h, &s);
  if (r != CUDA_SUCCESS)
    return r;
  struct emul_op *op = emul_op_new (sizeof *c);
  if (op == NULL)
    return CUDA_ERROR_OUT_OF_MEMORY;
  memcpy (op->payload, c, sizeof *c);
  op->run = copy_op_run;
  trace_copy (s->ctx, c, true);
  emul_stream_submit (s, op);
  return CUDA_SUCCESS;
}

static struct copy
linear (void *dst, const void *src, size_t n, const char *kind)
{
  return (struct copy) { dst, src, n, 1, 1, 0, 0, 0, 0, kind };
}

#define CURRENT_CTX(ctx) \
  struct CUctx_st *ctx; \
  do { CUresult r_ = emul_ctx_current (&ctx); \
       if (r_ != CUDA_SUCCESS) return r_; } while (0)

EMUL_PUBLIC CUresult
cuMemcpyHtoD_v2 (CUdeviceptr dstDevice, const void *srcHost, size_t ByteCount)
{
  EMUL_ENTER (cuMemcpyHtoD_v2);
  CURRENT_CTX (ctx);
  if (ByteCount == 0)
    return CUDA_SUCCESS;
  if (srcHost == NULL || !check_device (dstDevice, ByteCount, "cuMemcpyHtoD"))
    return CUDA_ERROR_INVALID_VALUE;
  struct copy c = linear ((void *) (uintptr_t) dstDevice, srcHost, ByteCount,
			  "HtoD");
  return copy_sync (ctx, &c);
}

EMUL_PUBLIC CUresult
cuMemcpyDtoH_v2 (void *dstHost, CUdeviceptr srcDevice, size_t ByteCount)
{
  EMUL_ENTER (cuMemcpyDtoH_v2);
  CURRENT_CTX (ctx);
  if (ByteCount == 0)
    return CUDA_SUCCESS;
  if (dstHost == NULL || !check_device (srcDevice, ByteCount, "cuMemcpyDtoH"))
    return CUDA_ERROR_INVALID_VALUE;
  struct copy c = linear (dstHost, (const void *) (uintptr_t) srcDevice,
			  ByteCount, "DtoH");
  return copy_sync (ctx, &c);
}

EMUL_PUBLIC CUresult
cuMemcpyDtoD_v2 (CUdeviceptr dstDevice, CUdeviceptr srcDevice,
		 size_t ByteCount)
{
  EMUL_ENTER (cuMemcpyDtoD_v2);
  CURRENT_CTX (ctx);
  if (ByteCount == 0)
    return CUDA_SUCCESS;
  if (!check_device (dstDevice, ByteCount, "cuMemcpyDtoD")
      || !check_device (srcDevice, ByteCount, "cuMemcpyDtoD"))
    return CUDA_ERROR_INVALID_VALUE;
  struct copy c = linear ((void *) (uintptr_t) dstDevice,
			  (const void *) (uintptr_t) srcDevice, ByteCount,
			  "DtoD");
  return copy_sync (ctx, &c);
}

EMUL_PUBLIC CUresult
cuMemcpyHtoDAsync_v2 (CUdeviceptr dstDevice, const void *srcHost,
		      size_t ByteCount, CUstream hStream)
{
  EMUL_ENTER (cuMemcpyHtoDAsync_v2);
  if (srcHost == NULL
      || !check_device (dstDevice, ByteCount, "cuMemcpyHtoDAsync"))
    return CUDA_ERROR_INVALID_VALUE;
  struct copy c = linear ((void *) (uintptr_t) dstDevice, srcHost, ByteCount,
			  "HtoD");
  return copy_async (hStream, &c);
}

EMUL_PUBLIC CUresult
cuMemcpyDtoHAsync_v2 (void *dstHost, CUdeviceptr srcDevice, size_t ByteCount,
		      CUstream hStream)
{
  EMUL_ENTER (cuMemcpyDtoHAsync_v2);
  if (dstHost == NULL
      || !check_device (srcDevice, ByteCount, "cuMemcpyDtoHAsync"))
    return CUDA_ERROR_INVALID_VALUE;
  struct copy c = linear (dstHost, (const void *) (uintptr_t) srcDevice,
			  ByteCount, "DtoH");
  return copy_async (hStream, &c);
}

EMUL_PUBLIC CUresult
cuMemcpyDtoDAsync_v2 (CUdeviceptr dstDevice, CUdeviceptr srcDevice,
		      size_t ByteCount, CUstream hStream)
{
  EMUL_ENTER (cuMemcpyDtoDAsync_v2);
  if (!check_device (dstDevice, ByteCount, "cuMemcpyDtoDAsync")
      || !check_device (srcDevice, ByteCount, "cuMemcpyDtoDAsync"))
    return CUDA_ERROR_INVALID_VALUE;
  struct copy c = linear ((void *) (uintptr_t) dstDevice,
			  (const void *) (uintptr_t) srcDevice, ByteCount,
			  "DtoD");
  return copy_async (hStream, &c);
}

/* A peer copy: each pointer must be device memory of its context.  */
static CUresult
check_peer (CUdeviceptr dst, CUcontext dctx, CUdeviceptr src, CUcontext sctx,
	    size_t n)
{
  CUresult r = emul_ctx_check (dctx);
  if (r == CUDA_SUCCESS)
    r = emul_ctx_check (sctx);
  if (r != CUDA_SUCCESS)
    return r;
  struct emul_range rd, rs;
  if (!emul_range_lookup (dst, n, &rd) || !emul_range_lookup (src, n, &rs)
      || (rd.kind != EMUL_R_PINNED && rd.kind != EMUL_R_HOSTVAR
	  && rd.ctx->dev != dctx->dev)
      || (rs.kind != EMUL_R_PINNED && rs.kind != EMUL_R_HOSTVAR
	  && rs.ctx->dev != sctx->dev))
    {
      emul_debug ("cuMemcpyPeer: %p (device %d) <- %p (device %d), %zu "
		  "bytes: not memory of those contexts",
		  (void *) (uintptr_t) dst, dctx->dev->ordinal,
		  (void *) (uintptr_t) src, sctx->dev->ordinal, n);
      return CUDA_ERROR_INVALID_VALUE;
    }
  return CUDA_SUCCESS;
}

EMUL_PUBLIC CUresult
cuMemcpyPeer (CUdeviceptr dstDevice, CUcontext dstContext,
	      CUdeviceptr srcDevice, CUcontext srcContext, size_t ByteCount)
{
  EMUL_ENTER (cuMemcpyPeer);
  CURRENT_CTX (ctx);
  if (ByteCount == 0)
    return CUDA_SUCCESS;
  CUresult r = check_peer (dstDevice, dstContext, srcDevice, srcContext,
			   ByteCount);
  if (r != CUDA_SUCCESS)
    return r;
  struct copy c = linear ((void *) (uintptr_t) dstDevice,
			  (const void *) (uintptr_t) srcDevice, ByteCount,
			  "peer");
  emul_ctx_wait_legacy (srcContext);
  if (dstContext != ctx)
    emul_ctx_wait_legacy (dstContext);
  return copy_sync (ctx, &c);
}

EMUL_PUBLIC CUresult
cuMemcpyPeerAsync (CUdeviceptr dstDevice, CUcontext dstContext,
		   CUdeviceptr srcDevice, CUcontext srcContext,
		   size_t ByteCount, CUstream hStream)
{
  EMUL_ENTER (cuMemcpyPeerAsync);
  CUresult r = check_peer (dstDevice, dstContext, srcDevice, srcContext,
			   ByteCount);
  if (r != CUDA_SUCCESS)
    return r;
  struct copy c = linear ((void *) (uintptr_t) dstDevice,
			  (const void *) (uintptr_t) srcDevice, ByteCount,
			  "peer");
  return copy_async (hStream, &c);
}

/* One side of a 2-D or 3-D copy: where the first byte is, the pitches,
   and the span to check when it is device memory.  */
static CUresult
copy_side (CUmemorytype type, const void *host, CUdeviceptr dev,
	   CUarray array, size_t x, size_t y, size_t z, size_t pitch,
	   size_t rows, const struct copy *c, const char *what,
	   unsigned char **base, bool *device)
{
  uintptr_t p;
  if (type == CU_MEMORYTYPE_ARRAY || array != NULL)
    {
      emul_debug ("%s: CUDA arrays are not emulated", what);
      return CUDA_ERROR_INVALID_VALUE;
    }
  if (type == CU_MEMORYTYPE_HOST)
    p = (uintptr_t) host;
  else if (type == CU_MEMORYTYPE_DEVICE || type == CU_MEMORYTYPE_UNIFIED)
    p = (uintptr_t) dev;
  else
    return CUDA_ERROR_INVALID_VALUE;
  if (p == 0)
    return CUDA_ERROR_INVALID_VALUE;
  if ((c->height > 1 || c->depth > 1) && pitch < c->width)
    return CUDA_ERROR_INVALID_VALUE;
  if (c->depth > 1 && rows < c->height)
    return CUDA_ERROR_INVALID_VALUE;
  size_t slice = pitch * rows;
  p += z * slice + y * pitch + x;
  size_t span = (c->depth - 1) * slice + (c->height - 1) * pitch + c->width;
  struct emul_range r;
  bool in_device = emul_range_lookup (p, span, &r);
  if (type == CU_MEMORYTYPE_DEVICE && !in_device)
    {
      emul_debug ("%s: [%p, +%zu) is not in live device memory", what,
		  (void *) p, span);
      return CUDA_ERROR_INVALID_VALUE;
    }
  *base = (unsigned char *) p;
  *device = in_device;
  return CUDA_SUCCESS;
}

static CUresult
prepare_2d (const CUDA_MEMCPY2D *d, struct copy *c, const char *what)
{
  if (d == NULL)
    return CUDA_ERROR_INVALID_VALUE;
  *c = (struct copy) { NULL, NULL, d->WidthInBytes, d->Height, 1,
		       d->dstPitch, 0, d->srcPitch, 0, "2D" };
  if (c->width == 0 || c->height == 0)
    return CUDA_SUCCESS;
  unsigned char *src = NULL, *dst = NULL;
  bool sdev = false, ddev = false;
  CUresult r = copy_side (d->srcMemoryType, d->srcHost, d->srcDevice,
			  d->srcArray, d->srcXInBytes, d->srcY, 0, d->srcPitch,
			  d->Height, c, what, &src, &sdev);
  if (r == CUDA_SUCCESS)
    r = copy_side (d->dstMemoryType, d->dstHost, d->dstDevice, d->dstArray,
		   d->dstXInBytes, d->dstY, 0, d->dstPitch, d->Height, c,
		   what, &dst, &ddev);
  c->src = src;
  c->dst = dst;
  return r;
}

static CUresult
prepare_3d (const CUDA_MEMCPY3D *d, struct copy *c, const char *what)
{
  if (d == NULL || d->reserved0 != NULL || d->reserved1 != NULL
      || d->srcLOD != 0 || d->dstLOD != 0)
    return CUDA_ERROR_INVALID_VALUE;
  *c = (struct copy) { NULL, NULL, d->WidthInBytes, d->Height, d->Depth,
		       d->dstPitch, d->dstPitch * d->dstHeight,
		       d->srcPitch, d->srcPitch * d->srcHeight, "3D" };
  if (c->width == 0 || c->height == 0 || c->depth == 0)
    return CUDA_SUCCESS;
  unsigned char *src = NULL, *dst = NULL;
  bool sdev = false, ddev = false;
  CUresult r = copy_side (d->srcMemoryType, d->srcHost, d->srcDevice,
			  d->srcArray, d->srcXInBytes, d->srcY, d->srcZ,
			  d->srcPitch, d->srcHeight, c, what, &src, &sdev);
  if (r == CUDA_SUCCESS)
    r = copy_side (d->dstMemoryType, d->dstHost, d->dstDevice, d->dstArray,
		   d->dstXInBytes, d->dstY, d->dstZ, d->dstPitch,
		   d->dstHeight, c, what, &dst, &ddev);
  c->src = src;
  c->dst = dst;
  return r;
}

static bool
empty (const struct copy *c)
{
  return c->width == 0 || c->height == 0 || c->depth == 0;
}

EMUL_PUBLIC CUresult
cuMemcpy2D_v2 (const CUDA_MEMCPY2D *pCopy)
{
  EMUL_ENTER (cuMemcpy2D_v2);
  CURRENT_CTX (ctx);
  struct copy c;
  CUresult r = prepare_2d (pCopy, &c, "cuMemcpy2D");
  if (r != CUDA_SUCCESS || empty (&c))
    return r;
  return copy_sync (ctx, &c);
}

/* The same without the pitch alignment rules of cuMemcpy2D, which the
   emulated driver does not enforce anyway; GCC 14's nvptx plugin binds
   it (for omp_target_memcpy_rect).  Not in the project's declarations of
   the Driver API, whose plugin does not call it.  */
EMUL_PUBLIC CUresult cuMemcpy2DUnaligned_v2 (const CUDA_MEMCPY2D *pCopy);

EMUL_PUBLIC CUresult
cuMemcpy2DUnaligned_v2 (const CUDA_MEMCPY2D *pCopy)
{
  EMUL_ENTER (cuMemcpy2DUnaligned_v2);
  CURRENT_CTX (ctx);
  struct copy c;
  CUresult r = prepare_2d (pCopy, &c, "cuMemcpy2DUnaligned");
  if (r != CUDA_SUCCESS || empty (&c))
    return r;
  return copy_sync (ctx, &c);
}

EMUL_PUBLIC CUresult
cuMemcpy2DAsync_v2 (const CUDA_MEMCPY2D *pCopy, CUstream hStream)
{
  EMUL_ENTER (cuMemcpy2DAsync_v2);
  struct copy c;
  CUresult r = prepare_2d (pCopy, &c, "cuMemcpy2DAsync");
  if (r != CUDA_SUCCESS)
    return r;
  if (empty (&c))
    {
      struct CUstream_st *s;
      return emul_stream_resolve (hStream, &s);
    }
  return copy_async (hStream, &c);
}

EMUL_PUBLIC CUresult
cuMemcpy3D_v2 (const CUDA_MEMCPY3D *pCopy)
{
  EMUL_ENTER (cuMemcpy3D_v2);
  CURRENT_CTX (ctx);
  struct copy c;
  CUresult r = prepare_3d (pCopy, &c, "cuMemcpy3D");
  if (r != CUDA_SUCCESS || empty (&c))
    return r;
  return copy_sync (ctx, &c);
}

EMUL_PUBLIC CUresult
cuMemcpy3DAsync_v2 (const CUDA_MEMCPY3D *pCopy, CUstream hStream)
{
  EMUL_ENTER (cuMemcpy3DAsync_v2);
  struct copy c;
  CUresult r = prepare_3d (pCopy, &c, "cuMemcpy3DAsync");
  if (r != CUDA_SUCCESS)
    return r;
  if (empty (&c))
    {
      struct CUstream_st *s;
      return emul_stream_resolve (hStream, &s);
    }
  return copy_async (hStream, &c);
}

CUresult
emul_copy_any (struct CUctx_st *ctx, CUdeviceptr dst, CUdeviceptr src,
	       size_t n)
{
  if (n == 0)
    return CUDA_SUCCESS;
  if (dst == 0 || src == 0)
    return CUDA_ERROR_INVALID_VALUE;
  struct emul_range r;
  bool ddev = emul_range_lookup (dst, 1, &r);
  if (ddev && !check_device (dst, n, "cuMemcpy"))
    return CUDA_ERROR_INVALID_VALUE;
  bool sdev = emul_range_lookup (src, 1, &r);
  if (sdev && !check_device (src, n, "cuMemcpy"))
    return CUDA_ERROR_INVALID_VALUE;
  const char *kind = ddev ? (sdev ? "DtoD" : "HtoD")
			  : (sdev ? "DtoH" : "HtoH");
  struct copy c = linear ((void *) (uintptr_t) dst,
			  (const void *) (uintptr_t) src, n, kind);
  return copy_sync (ctx, &c);
}
