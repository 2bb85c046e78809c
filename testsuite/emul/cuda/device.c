/* device.c -- initialisation, devices and contexts of the emulated CUDA
   driver: cuInit, the device queries (attributes derived from the
   configured compute capability), primary contexts with their reference
   counts, the per-thread context stack, limits, peer access, context
   synchronisation, and the sticky error a kernel fault leaves.

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

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct emul_device emul_devices[EMUL_MAX_DEVICES];
int emul_ndevices;

__thread struct emul_launch *emul_tls_launch;
__thread bool emul_tls_in_host_fn;
pthread_mutex_t emul_host_fn_lock = PTHREAD_MUTEX_INITIALIZER;

static pthread_once_t config_once = PTHREAD_ONCE_INIT;
static bool config_ok;
static pthread_mutex_t init_lock = PTHREAD_MUTEX_INITIALIZER;
static bool initialized;	/* Read with __atomic.  */
/* This process is a child made by fork () after cuInit succeeded in its
   parent.  The driver does not duplicate its state or its threads into a
   child: the NVIDIA CUDA C++ guidelines (rule 1.6) call any use of CUDA
   between fork and exec undefined, and what real drivers do is fail
   cuInit and every call that needs it with CUDA_ERROR_NOT_INITIALIZED
   ("initialization error", error 3: "cuda runtime error (3):
   initialization error" in the reports of PyTorch, MXNet and others).
   The emulator does that, rather than wait on streams whose workers are
   not in the child.  */
static bool forked_child;

static void
child_after_fork (void)
{
  forked_child = true;
}

/* The context stack of this thread; the top is the current context.  */
#define CTX_STACK_MAX 32
static __thread struct CUctx_st *ctx_stack[CTX_STACK_MAX];
static __thread int ctx_depth;

static void
load_config (void)
{
  config_ok = emul_config_load ();
}

CUresult
emul_enter (const char *name, bool needs_init)
{
  pthread_once (&config_once, load_config);
  if (emul_tls_launch != NULL || emul_tls_in_host_fn)
    {
      emul_debug ("%s called from %s: refused", name,
		  emul_tls_launch ? "an emulated kernel"
				  : "a stream's host function");
      return CUDA_ERROR_NOT_PERMITTED;
    }
  CUresult err;
  if (emul_config.trace_calls)
    emul_trace ("call %s", name);
  if (emul_fail_injected (name, &err))
    return err;
  if (needs_init && !__atomic_load_n (&initialized, __ATOMIC_ACQUIRE))
    return CUDA_ERROR_NOT_INITIALIZED;
  if (needs_init && forked_child)
    {
      emul_debug ("%s: the driver was initialised before fork (): not "
		  "usable in the child", name);
      return CUDA_ERROR_NOT_INITIALIZED;
    }
  if (emul_config.jitter != 0)
    emul_jitter (emul_config.jitter);
  if (emul_config.host_fn_lock)
    {
      pthread_mutex_lock (&emul_host_fn_lock);
      pthread_mutex_unlock (&emul_host_fn_lock);
    }
  return CUDA_SUCCESS;
}

EMUL_PUBLIC CUresult
cuInit (unsigned int Flags)
{
  CUresult r = emul_enter ("cuInit", false);
  if (r != CUDA_SUCCESS)
    return r;
  if (!config_ok)
    return CUDA_ERROR_INVALID_VALUE;
  if (Flags != 0)
    return CUDA_ERROR_INVALID_VALUE;
  if (emul_config.ndevices == 0)
    return CUDA_ERROR_NO_DEVICE;
  if (forked_child)
    {
      emul_debug ("cuInit: the driver was initialised before fork (): not "
		  "usable in the child");
      return CUDA_ERROR_NOT_INITIALIZED;
    }
  pthread_mutex_lock (&init_lock);
  if (!initialized)
    {
      for (int i = 0; i < emul_config.ndevices; i++)
	{
	  struct emul_device *d = &emul_devices[i];
	  d->ordinal = i;
	  d->cc_major = emul_config.dev[i].cc_major;
	  d->cc_minor = emul_config.dev[i].cc_minor;
	  d->sms = emul_config.dev[i].sms;
	  d->mem_total = emul_config.dev[i].mem;
	  pthread_mutex_init (&d->lock, NULL);
	  emul_debug ("device %d: sm_%d%d, %d multiprocessors, %zu MiB", i,
		      d->cc_major, d->cc_minor, d->sms, d->mem_total >> 20);
	}
      emul_ndevices = emul_config.ndevices;
      pthread_atfork (NULL, NULL, child_after_fork);
      __atomic_store_n (&initialized, true, __ATOMIC_RELEASE);
    }
  pthread_mutex_unlock (&init_lock);
  return CUDA_SUCCESS;
}

EMUL_PUBLIC CUresult
cuDriverGetVersion (int *driverVersion)
{
  CUresult r = emul_enter ("cuDriverGetVersion", false);
  if (r != CUDA_SUCCESS)
    return r;
  if (driverVersion == NULL)
    return CUDA_ERROR_INVALID_VALUE;
  *driverVersion = emul_config.driver_version;
  return CUDA_SUCCESS;
}

/* ---- Devices.  ---- */

struct emul_device *
emul_device (CUdevice dev)
{
  if (dev < 0 || dev >= emul_ndevices)
    return NULL;
  return &emul_devices[dev];
}

EMUL_PUBLIC CUresult
cuDeviceGetCount (int *count)
{
  EMUL_ENTER (cuDeviceGetCount);
  if (count == NULL)
    return CUDA_ERROR_INVALID_VALUE;
  *count = emul_ndevices;
  return CUDA_SUCCESS;
}

EMUL_PUBLIC CUresult
cuDeviceGet (CUdevice *dev, int ordinal)
{
  EMUL_ENTER (cuDeviceGet);
  if (dev == NULL)
    return CUDA_ERROR_INVALID_VALUE;
  if (emul_device (ordinal) == NULL)
    return CUDA_ERROR_INVALID_DEVICE;
  *dev = ordinal;
  return CUDA_SUCCESS;
}

EMUL_PUBLIC CUresult
cuDeviceGetName (char *name, int len, CUdevice dev)
{
  EMUL_ENTER (cuDeviceGetName);
  struct emul_device *d = emul_device (dev);
  if (d == NULL)
    return CUDA_ERROR_INVALID_DEVICE;
  if (name == NULL || len <= 0)
    return CUDA_ERROR_INVALID_VALUE;
  snprintf (name, (size_t) len, "Emulated CUDA device sm_%d%d (gomptarget)",
	    d->cc_major, d->cc_minor);
  return CUDA_SUCCESS;
}

EMUL_PUBLIC CUresult
cuDeviceTotalMem_v2 (size_t *bytes, CUdevice dev)
{
  EMUL_ENTER (cuDeviceTotalMem_v2);
  struct emul_device *d = emul_device (dev);
  if (d == NULL)
    return CUDA_ERROR_INVALID_DEVICE;
  if (bytes == NULL)
    return CUDA_ERROR_INVALID_VALUE;
  *bytes = d->mem_total;
  return CUDA_SUCCESS;
}

/* Per-multiprocessor figures of the compute capability of D.  */
static int
threads_per_sm (const struct emul_device *d)
{
  int cc = d->cc_major * 10 + d->cc_minor;
  if (cc == 75)
    return 1024;
  if (cc == 86 || cc == 89)
    return 1536;
  return 2048;
}

static int
shared_per_sm (const struct emul_device *d)
{
  int cc = d->cc_major * 10 + d->cc_minor;
  switch (cc)
    {
    case 70: return 98304;
    case 75: return 65536;
    case 80: return 167936;
    case 86: case 89: return 102400;
    case 87: return 167936;
    case 90: return 233472;
    default: return cc > 90 ? 233472 : 65536;
    }
}

static int
blocks_per_sm (const struct emul_device *d)
{
  int cc = d->cc_major * 10 + d->cc_minor;
  if (cc == 75 || cc == 86 || cc == 89)
    return 16;
  return cc >= 50 ? 32 : 16;
}

EMUL_PUBLIC CUresult
cuDeviceGetAttribute (int *pi, CUdevice_attribute attrib, CUdevice dev)
{
  EMUL_ENTER (cuDeviceGetAttribute);
  struct emul_device *d = emul_device (dev);
  if (d == NULL)
    return CUDA_ERROR_INVALID_DEVICE;
  if (pi == NULL)
    return CUDA_ERROR_INVALID_VALUE;
  int v;
  switch (attrib)
    {
    case CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK: v = 1024; break;
    case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X: v = 1024; break;
    case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y: v = 1024; break;
    case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z: v = 64; break;
    case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X: v = 2147483647; break;
    case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y: v = 65535; break;
    case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z: v = 65535; break;
    case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK: v = 49152; break;
    case CU_DEVICE_ATTRIBUTE_TOTAL_CONSTANT_MEMORY: v = 65536; break;
    case CU_DEVICE_ATTRIBUTE_WARP_SIZE: v = 32; break;
    case CU_DEVICE_ATTRIBUTE_MAX_PITCH: v = 2147483647; break;
    case CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK: v = 65536; break;
    case CU_DEVICE_ATTRIBUTE_CLOCK_RATE: v = 1410000; break;
    case CU_DEVICE_ATTRIBUTE_GPU_OVERLAP: v = 1; break;
    case CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT: v = d->sms; break;
    case CU_DEVICE_ATTRIBUTE_KERNEL_EXEC_TIMEOUT: v = 0; break;
    case CU_DEVICE_ATTRIBUTE_INTEGRATED: v = 0; break;
    case CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY:
      v = emul_config.map_host;
      break;
    case CU_DEVICE_ATTRIBUTE_COMPUTE_MODE: v = 0; break;
    case CU_DEVICE_ATTRIBUTE_CONCURRENT_KERNELS: v = 1; break;
    case CU_DEVICE_ATTRIBUTE_ECC_ENABLED: v = 0; break;
    case CU_DEVICE_ATTRIBUTE_PCI_BUS_ID: v = 0x10 + d->ordinal; break;
    case CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID: v = 0; break;
    case CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID: v = 0; break;
    case CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE: v = 1215000; break;
    case CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH: v = 5120; break;
    case CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE: v = 40 << 20; break;
    case CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR:
      v = threads_per_sm (d);
      break;
    case CU_DEVICE_ATTRIBUTE_ASYNC_ENGINE_COUNT: v = 2; break;
    case CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING: v = 1; break;
    case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR: v = d->cc_major; break;
    case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR: v = d->cc_minor; break;
    case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR:
      v = shared_per_sm (d);
      break;
    case CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR: v = 65536; break;
    case CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY: v = 1; break;
    case CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS: v = 0; break;
    case CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS: v = 1; break;
    case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN:
      v = shared_per_sm (d) > 49152 ? shared_per_sm (d) - 1024 : 49152;
      break;
    case CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR:
      v = blocks_per_sm (d);
      break;
    default:
      return CUDA_ERROR_INVALID_VALUE;
    }
  *pi = v;
  return CUDA_SUCCESS;
}

EMUL_PUBLIC CUresult
cuDeviceCanAccessPeer (int *canAccessPeer, CUdevice dev, CUdevice peerDev)
{
  EMUL_ENTER (cuDeviceCanAccessPeer);
  if (emul_device (dev) == NULL || emul_device (peerDev) == NULL)
    return CUDA_ERROR_INVALID_DEVICE;
  if (canAccessPeer == NULL)
    return CUDA_ERROR_INVALID_VALUE;
  *canAccessPeer = emul_config.peer && dev != peerDev;
  return CUDA_SUCCESS;
}

/* ---- Contexts.  ---- */

CUresult
emul_ctx_sticky (struct CUctx_st *ctx)
{
  return (CUresult) __atomic_load_n (&ctx->sticky, __ATOMIC_ACQUIRE);
}

void
emul_ctx_poison (struct CUctx_st *ctx, CUresult err)
{
  int expected = CUDA_SUCCESS;
  if (__atomic_compare_exchange_n (&ctx->sticky, &expected, (int) err, false,
				   __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
    emul_debug ("context of device %d: sticky error %s", ctx->dev->ordinal,
		emul_result_name (err));
}

CUresult
emul_ctx_check_live (struct CUctx_st *ctx)
{
  /* Destroyed contexts stay registered (their memory is kept), so that
     a stale handle is told from a made-up one.  */
  if (!emul_handle_valid (EMUL_H_CONTEXT, ctx))
    return CUDA_ERROR_INVALID_CONTEXT;
  if (__atomic_load_n (&ctx->destroyed, __ATOMIC_ACQUIRE))
    return CUDA_ERROR_CONTEXT_IS_DESTROYED;
  return CUDA_SUCCESS;
}

CUresult
emul_ctx_check (struct CUctx_st *ctx)
{
  CUresult r = emul_ctx_check_live (ctx);
  return r != CUDA_SUCCESS ? r : emul_ctx_sticky (ctx);
}

CUresult
emul_ctx_current_live (struct CUctx_st **ctx)
{
  struct CUctx_st *c = ctx_depth > 0 ? ctx_stack[ctx_depth - 1] : NULL;
  if (c == NULL)
    return CUDA_ERROR_INVALID_CONTEXT;
  CUresult r = emul_ctx_check_live (c);
  if (r != CUDA_SUCCESS)
    return r;
  *ctx = c;
  return CUDA_SUCCESS;
}

CUresult
emul_ctx_current (struct CUctx_st **ctx)
{
  CUresult r = emul_ctx_current_live (ctx);
  return r != CUDA_SUCCESS ? r : emul_ctx_sticky (*ctx);
}

struct CUctx_st *
emul_ctx_create (struct emul_device *d)
{
  struct CUctx_st *ctx = calloc (1, sizeof *ctx);
  if (ctx == NULL)
    return NULL;
  ctx->dev = d;
  pthread_mutex_init (&ctx->lock, NULL);
  pthread_mutex_init (&ctx->fifo_lock, NULL);
  ctx->limits[CU_LIMIT_STACK_SIZE] = 1024;
  ctx->limits[CU_LIMIT_PRINTF_FIFO_SIZE] = 1 << 20;
  ctx->limits[CU_LIMIT_MALLOC_HEAP_SIZE] = 8 << 20;
  ctx->limits[CU_LIMIT_DEV_RUNTIME_SYNC_DEPTH] = 2;
  ctx->limits[CU_LIMIT_DEV_RUNTIME_PENDING_LAUNCH_COUNT] = 2048;
  ctx->limits[CU_LIMIT_MAX_L2_FETCH_GRANULARITY] = 64;
  ctx->limits[CU_LIMIT_PERSISTING_L2_CACHE_SIZE] = 0;
  ctx->null_stream = emul_stream_new (ctx, 0, true);
  if (ctx->null_stream == NULL)
    {
      free (ctx);
      return NULL;
    }
  emul_handle_add (EMUL_H_CONTEXT, ctx);
  emul_debug ("device %d: primary context %p created", d->ordinal,
	      (void *) ctx);
  return ctx;
}

/* The end of a primary context: its work finishes, its output is
   written, and its modules, streams and memory go.  The structure stays
   (marked destroyed) so that stale handles are recognised.  */
void
emul_ctx_destroy (struct CUctx_st *ctx)
{
  emul_ctx_wait_all (ctx);
  emul_fifo_flush (ctx);
  emul_modules_release_ctx (ctx);
  emul_streams_release_ctx (ctx);
  emul_memory_release_ctx (ctx);
  __atomic_store_n (&ctx->destroyed, true, __ATOMIC_RELEASE);
  emul_debug ("device %d: primary context %p destroyed", ctx->dev->ordinal,
	      (void *) ctx);
}

EMUL_PUBLIC CUresult
cuDevicePrimaryCtxRetain (CUcontext *pctx, CUdevice dev)
{
  EMUL_ENTER (cuDevicePrimaryCtxRetain);
  struct emul_device *d = emul_device (dev);
  if (d == NULL)
    return CUDA_ERROR_INVALID_DEVICE;
  if (pctx == NULL)
    return CUDA_ERROR_INVALID_VALUE;
  CUresult r = CUDA_SUCCESS;
  pthread_mutex_lock (&d->lock);
  if (d->primary == NULL && (d->primary = emul_ctx_create (d)) != NULL)
    d->primary->primary = true;
  if (d->primary == NULL)
    r = CUDA_ERROR_OUT_OF_MEMORY;
  else
    {
      d->primary_refs++;
      *pctx = d->primary;
    }
  pthread_mutex_unlock (&d->lock);
  return r;
}

EMUL_PUBLIC CUresult
cuDevicePrimaryCtxRelease_v2 (CUdevice dev)
{
  EMUL_ENTER (cuDevicePrimaryCtxRelease_v2);
  struct emul_device *d = emul_device (dev);
  if (d == NULL)
    return CUDA_ERROR_INVALID_DEVICE;
  pthread_mutex_lock (&d->lock);
  if (d->primary_refs == 0)
    {
      pthread_mutex_unlock (&d->lock);
      return CUDA_ERROR_INVALID_CONTEXT;
    }
  if (--d->primary_refs == 0)
    {
      emul_ctx_destroy (d->primary);
      d->primary = NULL;
    }
  pthread_mutex_unlock (&d->lock);
  return CUDA_SUCCESS;
}

bool
emul_ctx_push (struct CUctx_st *ctx)
{
  if (ctx_depth == CTX_STACK_MAX)
    return false;
  ctx_stack[ctx_depth++] = ctx;
  return true;
}

void
emul_ctx_forget (struct CUctx_st *ctx)
{
  int j = 0;
  for (int i = 0; i < ctx_depth; i++)
    if (ctx_stack[i] != ctx)
      ctx_stack[j++] = ctx_stack[i];
  ctx_depth = j;
}

EMUL_PUBLIC CUresult
cuCtxSetCurrent (CUcontext ctx)
{
  EMUL_ENTER (cuCtxSetCurrent);
  if (ctx == NULL)
    {
      if (ctx_depth > 0)
	ctx_depth--;
      return CUDA_SUCCESS;
    }
  CUresult r = emul_ctx_check (ctx);
  if (r == CUDA_ERROR_INVALID_CONTEXT || r == CUDA_ERROR_CONTEXT_IS_DESTROYED)
    return r;
  if (ctx_depth == 0)
    ctx_depth = 1;
  ctx_stack[ctx_depth - 1] = ctx;
  return r;
}

EMUL_PUBLIC CUresult
cuCtxGetCurrent (CUcontext *pctx)
{
  EMUL_ENTER (cuCtxGetCurrent);
  if (pctx == NULL)
    return CUDA_ERROR_INVALID_VALUE;
  *pctx = ctx_depth > 0 ? ctx_stack[ctx_depth - 1] : NULL;
  return CUDA_SUCCESS;
}

EMUL_PUBLIC CUresult
cuCtxPushCurrent_v2 (CUcontext ctx)
{
  EMUL_ENTER (cuCtxPushCurrent_v2);
  CUresult r = emul_ctx_check (ctx);
  if (r == CUDA_ERROR_INVALID_CONTEXT || r == CUDA_ERROR_CONTEXT_IS_DESTROYED)
    return r;
  if (!emul_ctx_push (ctx))
    return CUDA_ERROR_INVALID_VALUE;
  return r;
}

EMUL_PUBLIC CUresult
cuCtxPopCurrent_v2 (CUcontext *pctx)
{
  EMUL_ENTER (cuCtxPopCurrent_v2);
  if (ctx_depth == 0)
    return CUDA_ERROR_INVALID_CONTEXT;
  struct CUctx_st *ctx = ctx_stack[--ctx_depth];
  if (pctx)
    *pctx = ctx;
  return CUDA_SUCCESS;
}

EMUL_PUBLIC CUresult
cuCtxGetDevice (CUdevice *dev)
{
  EMUL_ENTER (cuCtxGetDevice);
  struct CUctx_st *ctx;
  CUresult r = emul_ctx_current (&ctx);
  if (r != CUDA_SUCCESS)
    return r;
  if (dev == NULL)
    return CUDA_ERROR_INVALID_VALUE;
  *dev = ctx->dev->ordinal;
  return CUDA_SUCCESS;
}

EMUL_PUBLIC CUresult
cuCtxSynchronize (void)
{
  EMUL_ENTER (cuCtxSynchronize);
  struct CUctx_st *ctx;
  CUresult r = emul_ctx_current_live (&ctx);
  if (r != CUDA_SUCCESS)
    return r;
  emul_ctx_wait_all (ctx);
  emul_fifo_flush (ctx);
  return emul_ctx_sticky (ctx);
}

EMUL_PUBLIC CUresult
cuCtxSetLimit (CUlimit limit, size_t value)
{
  EMUL_ENTER (cuCtxSetLimit);
  struct CUctx_st *ctx;
  CUresult r = emul_ctx_current (&ctx);
  if (r != CUDA_SUCCESS)
    return r;
  if ((unsigned) limit > CU_LIMIT_PERSISTING_L2_CACHE_SIZE)
    return CUDA_ERROR_UNSUPPORTED_LIMIT;
  pthread_mutex_lock (&ctx->lock);
  /* The printf FIFO and the malloc heap are set up at the first launch
     of a kernel that uses them; the driver refuses changes after.  */
  if ((limit == CU_LIMIT_PRINTF_FIFO_SIZE && ctx->launched_printf)
      || (limit == CU_LIMIT_MALLOC_HEAP_SIZE && ctx->launched_malloc))
    r = CUDA_ERROR_INVALID_VALUE;
  else if (limit == CU_LIMIT_PRINTF_FIFO_SIZE && value == 0)
    r = CUDA_ERROR_INVALID_VALUE;
  else
    __atomic_store_n (&ctx->limits[limit], value, __ATOMIC_RELAXED);
  pthread_mutex_unlock (&ctx->lock);
  return r;
}

EMUL_PUBLIC CUresult
cuCtxGetLimit (size_t *pvalue, CUlimit limit)
{
  EMUL_ENTER (cuCtxGetLimit);
  struct CUctx_st *ctx;
  CUresult r = emul_ctx_current (&ctx);
  if (r != CUDA_SUCCESS)
    return r;
  if ((unsigned) limit > CU_LIMIT_PERSISTING_L2_CACHE_SIZE)
    return CUDA_ERROR_UNSUPPORTED_LIMIT;
  if (pvalue == NULL)
    return CUDA_ERROR_INVALID_VALUE;
  pthread_mutex_lock (&ctx->lock);
  *pvalue = ctx->limits[limit];
  pthread_mutex_unlock (&ctx->lock);
  return CUDA_SUCCESS;
}

EMUL_PUBLIC CUresult
cuCtxEnablePeerAccess (CUcontext peerContext, unsigned int Flags)
{
  EMUL_ENTER (cuCtxEnablePeerAccess);
  struct CUctx_st *ctx;
  CUresult r = emul_ctx_current (&ctx);
  if (r != CUDA_SUCCESS)
    return r;
  if (Flags != 0)
    return CUDA_ERROR_INVALID_VALUE;
  r = emul_ctx_check (peerContext);
  if (r != CUDA_SUCCESS)
    return r;
  if (peerContext->dev == ctx->dev)
    return CUDA_ERROR_INVALID_DEVICE;
  if (!emul_config.peer)
    return CUDA_ERROR_PEER_ACCESS_UNSUPPORTED;
  uint32_t bit = (uint32_t) 1 << peerContext->dev->ordinal;
  pthread_mutex_lock (&ctx->lock);
  if (ctx->peers & bit)
    r = CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED;
  else
    ctx->peers |= bit;
  pthread_mutex_unlock (&ctx->lock);
  return r;
}
