/* launch.c -- kernel launches of the emulated CUDA driver.  A launch is
   checked (handle, context, grid and block within the device's limits,
   parameters given once and of the kernel's size), recorded in the
   trace, and queued on its stream.  On the stream's worker it checks
   what GCC's kernel ABI passes (address array and soft stacks must be
   device memory the device can reach; else an illegal-address fault),
   and runs the host version of the kernel (main$_omp_fn$0 is the
   program's main._omp_fn.0) once, through the front end's
   GOMPTARGET_PLUGIN_run_host_region when the program has it, with the
   device number read from the module's ICV variable.  A trap (abort) or
   an injected fault poisons the context.  It also speaks the device side
   of gomptarget's kernel clock (plugin/nvptx/nvptx-clock.c): a GCC
   kernel given the clock's two slots writes its start and end, by a
   %globaltimer on the real-time clock, to the host slot, as its last
   block would; the clock's probe kernel writes the timer to host memory
   for as long as it is asked.

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

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The front end's service (PLAN contract 1) and the native runtime's
   nesting level, found at the first launch.  */
typedef void run_host_region_fn (int32_t, void (*) (void *), void *,
				 int32_t, int32_t);
static run_host_region_fn *run_host_region;
/* The same, with ancestor regions sent to the device-side writer (PLAN
   contract 3 of issue 10); NULL with an older front end.  */
typedef void ancestor_fn (void *, void (*) (void *), uint64_t, void **,
			  const size_t *, const unsigned short *);
typedef void run_host_region_ancestor_fn (int32_t, void (*) (void *), void *,
					  int32_t, int32_t, ancestor_fn *,
					  void *);
static run_host_region_ancestor_fn *run_host_region_ancestor;
static int (*omp_get_level_fn) (void);
static int (*omp_is_initial_device_fn) (void);
static int (*omp_get_device_num_fn) (void);
static pthread_once_t services_once = PTHREAD_ONCE_INIT;
/* CUDA_LAUNCH_BLOCKING=1: each launch returns once its kernel ran (read
   once, as the driver does at its start).  */
static bool launch_blocking;

static void
find_services (void)
{
  const char *blocking = getenv ("CUDA_LAUNCH_BLOCKING");
  launch_blocking = blocking && strcmp (blocking, "1") == 0;
  run_host_region = (run_host_region_fn *)
    dlsym (RTLD_DEFAULT, "GOMPTARGET_PLUGIN_run_host_region");
  run_host_region_ancestor = (run_host_region_ancestor_fn *)
    dlsym (RTLD_DEFAULT, "GOMPTARGET_PLUGIN_run_host_region_ancestor");
  omp_get_level_fn = (int (*) (void)) dlsym (RTLD_DEFAULT, "omp_get_level");
  omp_is_initial_device_fn
    = (int (*) (void)) dlsym (RTLD_DEFAULT, "omp_is_initial_device");
  omp_get_device_num_fn
    = (int (*) (void)) dlsym (RTLD_DEFAULT, "omp_get_device_num");
  emul_debug ("kernels run %s", run_host_region_ancestor
	      ? "through GOMPTARGET_PLUGIN_run_host_region_ancestor"
	      : run_host_region
	      ? "through GOMPTARGET_PLUGIN_run_host_region"
	      : "as direct calls (no GOMPTARGET_PLUGIN_run_host_region)");
}

/* Launches running now, for threads of parallel regions inside them.  */
static pthread_mutex_t running_lock = PTHREAD_MUTEX_INITIALIZER;
static struct emul_launch *running;
static int nrunning;

struct emul_launch *
emul_kernel_of_thread (void)
{
  if (emul_tls_launch)
    return emul_tls_launch;
  if (__atomic_load_n (&nrunning, __ATOMIC_ACQUIRE) == 0
      || omp_is_initial_device_fn == NULL || omp_get_device_num_fn == NULL)
    return NULL;
  /* With gomptarget loaded, a thread of a team inside a region reports
     the device it runs for.  */
  if (omp_is_initial_device_fn ())
    return NULL;
  int d = omp_get_device_num_fn ();
  struct emul_launch *l;
  pthread_mutex_lock (&running_lock);
  for (l = running; l; l = l->next_running)
    if (l->device_num == d)
      break;
  pthread_mutex_unlock (&running_lock);
  return l;
}

/* Can the calling thread leave the kernel of L at once?  */
static bool
kernel_thread (struct emul_launch *l)
{
  return emul_tls_launch == l
	 && (omp_get_level_fn == NULL || omp_get_level_fn () == l->omp_level);
}

void
emul_kernel_exit (struct emul_launch *l, CUresult result)
{
  if (!kernel_thread (l))
    return;
  if (result != CUDA_SUCCESS)
    l->result = result;
  longjmp (l->exit_jump, 1);
}

void
emul_kernel_libc_exit (struct emul_launch *l, int status)
{
  struct CUmod_st *mod = l->func->mod;
  uintptr_t var;
  uint64_t where = 0;
  size_t size;

  if (!kernel_thread (l))
    return;
  /* newlib's exit (GCC 12's) or _exit (4.3 and later): *__exitval_ptr =
     status when it is set (crt0 of a stand-alone program sets it); else
     the former ends the thread all the same, the latter calls abort.  */
  var = emul_module_global (mod, "__exitval_ptr", &size);
  if (var != 0 && size == sizeof where)
    memcpy (&where, (const void *) var, sizeof where);
  if (where == 0 && mod->image->exit_aborts)
    {
      emul_debug ("exit (%d) in a kernel: the device libc's _exit calls "
		  "abort: a trap", status);
      emul_kernel_exit (l, CUDA_ERROR_LAUNCH_FAILED);
    }
  if (where != 0)
    {
      if (!emul_device_accessible (l->ctx, where, sizeof (int32_t)))
	{
	  emul_debug ("exit (%d) in a kernel: __exitval_ptr %p is not "
		      "device memory", status, (void *) (uintptr_t) where);
	  emul_kernel_exit (l, CUDA_ERROR_ILLEGAL_ADDRESS);
	}
      if (where % sizeof (int32_t) != 0)
	{
	  emul_debug ("exit (%d) in a kernel: __exitval_ptr %p is "
		      "misaligned", status, (void *) (uintptr_t) where);
	  emul_kernel_exit (l, CUDA_ERROR_MISALIGNED_ADDRESS);
	}
      /* The host may be polling it (mapped host memory).  */
      __atomic_store_n ((int32_t *) (uintptr_t) where, (int32_t) status,
			__ATOMIC_RELEASE);
    }
  emul_debug ("exit (%d) in a kernel: the kernel's thread ends%s", status,
	      where ? " (status stored at __exitval_ptr)" : "");
  emul_kernel_exit (l, CUDA_SUCCESS);
}

/* Run by the front end (or directly) on the thread that executes the
   kernel.  exit/abort in the kernel come back to the setjmp.  */
static void
trampoline (void *arg)
{
  struct emul_launch *l = arg;
  struct emul_launch *saved = emul_tls_launch;
  emul_tls_launch = l;
  l->omp_level = omp_get_level_fn ? omp_get_level_fn () : 0;
  if (setjmp (l->exit_jump) == 0)
    l->host_fn (l->arg);
  emul_tls_launch = saved;
}

/* GCC's kernels take (u64 vars, u64 stack, u64 stacksize); with
   gomptarget's kernel clock (plugin/nvptx/nvptx-clock.c), two more u64:
   a slot of device memory and one of mapped host memory.  */
static bool
gcc_abi (const struct ptx_sym *sym)
{
  int i;

  if (sym->nparams != 3 && sym->nparams != 5)
    return false;
  for (i = 0; i < sym->nparams; i++)
    if (sym->param_size[i] != 8)
      return false;
  return true;
}

/* The device's %globaltimer: nanoseconds of the real-time clock, as a
   GPU's usually is, on another base than the events' (CLOCK_MONOTONIC),
   so that a runtime that mixes the two shows it; under
   GOMPTARGET_EMUL_CUDA_CLOCK_DRIFT faster or slower by so many millionths
   since the first reading, so that a runtime that sets the offset of the
   two clocks once shows that.  */
static uint64_t
globaltimer (void)
{
  static uint64_t first;
  struct timespec t;

  clock_gettime (CLOCK_REALTIME, &t);
  return emul_drifted ((uint64_t) t.tv_sec * 1000000000u
		       + (uint64_t) t.tv_nsec, &first);
}

/* gomptarget's clock probe (nvptx-clock.c), run natively: the timer
   written to its first parameter for as long as the second says.  */
#define CLOCK_PROBE "__gomptarget_clock_probe"

static void
clock_probe (void *out)
{
  struct emul_launch *l = emul_tls_launch;
  uint64_t ns, stop;
  memcpy (&ns, l->params + 8, 8);
  stop = globaltimer () + ns;
  for (uint64_t t = globaltimer (); t < stop; t = globaltimer ())
    __atomic_store_n ((uint64_t *) out, t, __ATOMIC_RELEASE);
}

static uint64_t
param_u64 (const struct emul_launch *l, size_t i)
{
  uint64_t v;
  memcpy (&v, l->params + 8 * i, 8);
  return v;
}

static void
launch_run (struct emul_op *op)
{
  struct emul_launch *l = (struct emul_launch *) op->payload;
  struct CUctx_st *ctx = l->ctx;
  const char *name = l->func->sym->name;
  CUresult err;

  if (emul_fault_injected (name, &err))
    {
      emul_trace ("fault device=%d kernel=%s error=%s", ctx->dev->ordinal,
		  name, emul_result_name (err));
      emul_ctx_poison (ctx, err);
      return;
    }
  if (l->host_fn == clock_probe)
    {
      if (!emul_device_accessible (ctx, (uintptr_t) l->arg, 8))
	{
	  emul_ctx_poison (ctx, CUDA_ERROR_ILLEGAL_ADDRESS);
	  return;
	}
      trampoline (l);
      return;
    }
  uint64_t *clock_host = NULL;
  if (gcc_abi (l->func->sym) && l->func->sym->nparams == 5
      && param_u64 (l, 3) != 0)
    {
      /* The kernel's clock: its device slot, and the host slot the last
	 block writes.  */
      uint64_t slot = param_u64 (l, 3), host = param_u64 (l, 4);
      if (!emul_device_accessible (ctx, slot, 32)
	  || !emul_device_accessible (ctx, host, 16))
	{
	  emul_debug ("kernel %s: the clock's slots %p and %p are not "
		      "device memory of device %d", name, (void *) slot,
		      (void *) host, ctx->dev->ordinal);
	  emul_ctx_poison (ctx, CUDA_ERROR_ILLEGAL_ADDRESS);
	  return;
	}
      clock_host = (uint64_t *) (uintptr_t) host;
    }
  uint64_t clock_start = clock_host ? globaltimer () : 0;
  if (gcc_abi (l->func->sym))
    {
      uint64_t vars = param_u64 (l, 0), stack = param_u64 (l, 1);
      uint64_t size = param_u64 (l, 2);
      uint64_t need = size * l->grid[0] * l->block[1];
      if (vars != 0 && !emul_device_accessible (ctx, vars, 8))
	{
	  emul_debug ("kernel %s: the address array %p is not device memory "
		      "of device %d", name, (void *) vars, ctx->dev->ordinal);
	  emul_ctx_poison (ctx, CUDA_ERROR_ILLEGAL_ADDRESS);
	  return;
	}
      if ((stack != 0 || size != 0)
	  && !emul_device_accessible (ctx, stack, need))
	{
	  emul_debug ("kernel %s: the soft stacks [%p, +%llu) (%llu bytes x "
		      "%u teams x %u warps) are not device memory of device "
		      "%d", name, (void *) stack, (unsigned long long) need,
		      (unsigned long long) size, l->grid[0], l->block[1],
		      ctx->dev->ordinal);
	  emul_ctx_poison (ctx, CUDA_ERROR_ILLEGAL_ADDRESS);
	  return;
	}
    }

  /* The device number the front end wrote into the image (GCC 13+:
     __gomp_additional_icvs.device_num; GCC 12: __gomp_device_num).  */
  uintptr_t icv = l->func->mod->device_num_var;
  int32_t devnum = 0;
  if (icv)
    memcpy (&devnum, (void *) icv, sizeof devnum);
  l->device_num = devnum;

  pthread_mutex_lock (&running_lock);
  l->next_running = running;
  running = l;
  __atomic_add_fetch (&nrunning, 1, __ATOMIC_RELEASE);
  pthread_mutex_unlock (&running_lock);

  if (run_host_region_ancestor)
    run_host_region_ancestor (devnum, trampoline, l, (int32_t) l->grid[0],
			      (int32_t) l->block[1], emul_rev_ancestor, l);
  else if (run_host_region)
    run_host_region (devnum, trampoline, l, (int32_t) l->grid[0],
		     (int32_t) l->block[1]);
  else
    trampoline (l);

  pthread_mutex_lock (&running_lock);
  for (struct emul_launch **p = &running; *p; p = &(*p)->next_running)
    if (*p == l)
      {
	*p = l->next_running;
	break;
      }
  __atomic_sub_fetch (&nrunning, 1, __ATOMIC_RELEASE);
  pthread_mutex_unlock (&running_lock);

  /* The last block: the start, then the end.  */
  if (clock_host != NULL && l->result == CUDA_SUCCESS)
    {
      __atomic_store_n (&clock_host[0], clock_start, __ATOMIC_RELAXED);
      __atomic_store_n (&clock_host[1], globaltimer (), __ATOMIC_RELEASE);
    }

  if (l->result != CUDA_SUCCESS)
    {
      emul_trace ("fault device=%d kernel=%s error=%s", ctx->dev->ordinal,
		  name, emul_result_name (l->result));
      emul_ctx_poison (ctx, l->result);
    }
}

/* The most threads a block of F may have, from its register use.  */
static int
max_threads (void)
{
  int regs = (emul_config.regs + 7) & ~7;
  int n = 65536 / regs;
  n &= ~31;
  return n > 1024 ? 1024 : n;
}

/* Lay the parameters out: each at its alignment.  */
static size_t
param_offset (const struct ptx_sym *sym, int i)
{
  size_t off = 0;
  for (int k = 0; k <= i; k++)
    {
      size_t a = sym->param_align[k] ? sym->param_align[k] : 1;
      off = (off + a - 1) & ~(a - 1);
      if (k < i)
	off += sym->param_size[k];
    }
  return off;
}

static size_t
params_size (const struct ptx_sym *sym)
{
  if (sym->nparams == 0)
    return 0;
  return param_offset (sym, sym->nparams - 1)
	 + sym->param_size[sym->nparams - 1];
}

/* The host version of F, looked up once (the clock's probe runs
   natively).  */
static void (*host_function (struct CUfunc_st *f)) (void *)
{
  pthread_mutex_lock (&f->lock);
  if (!f->looked_up && strcmp (f->sym->name, CLOCK_PROBE) == 0)
    {
      f->host_fn = clock_probe;
      f->looked_up = true;
    }
  if (!f->looked_up)
    {
      char *host = emul_host_name (f->sym->name);
      uintptr_t addr;
      size_t size;
      if (host && emul_host_symbol (host, EMUL_SYM_FUNC, &addr, &size))
	f->host_fn = (void (*) (void *)) addr;
      else
	emul_report ("kernel '%s': the program has no function '%s' to run "
		     "it (stripped executable?)", f->sym->name,
		     host ? host : "?");
      free (host);
      f->looked_up = true;
    }
  pthread_mutex_unlock (&f->lock);
  return f->host_fn;
}

EMUL_PUBLIC CUresult
cuLaunchKernel (CUfunction f, unsigned int gridDimX, unsigned int gridDimY,
		unsigned int gridDimZ, unsigned int blockDimX,
		unsigned int blockDimY, unsigned int blockDimZ,
		unsigned int sharedMemBytes, CUstream hStream,
		void **kernelParams, void **extra)
{
  EMUL_ENTER (cuLaunchKernel);
  pthread_once (&services_once, find_services);
  if (!emul_handle_valid (EMUL_H_FUNCTION, f))
    return CUDA_ERROR_INVALID_HANDLE;
  struct CUstream_st *s;
  CUresult r = emul_stream_resolve (hStream, &s);
  if (r != CUDA_SUCCESS)
    return r;
  struct CUctx_st *ctx = s->ctx;
  if (f->mod->ctx != ctx)
    {
      emul_debug ("cuLaunchKernel: the kernel belongs to another context");
      return CUDA_ERROR_INVALID_HANDLE;
    }
  const struct ptx_sym *sym = f->sym;
  if (sym->kind != PTX_ENTRY)
    return CUDA_ERROR_INVALID_VALUE;
  if (gridDimX == 0 || gridDimY == 0 || gridDimZ == 0 || blockDimX == 0
      || blockDimY == 0 || blockDimZ == 0 || gridDimX > 2147483647u
      || gridDimY > 65535 || gridDimZ > 65535 || blockDimX > 1024
      || blockDimY > 1024 || blockDimZ > 64
      || (unsigned long long) blockDimX * blockDimY * blockDimZ > 1024)
    {
      emul_debug ("cuLaunchKernel %s: grid (%u,%u,%u) block (%u,%u,%u) "
		  "out of the device's limits", sym->name, gridDimX,
		  gridDimY, gridDimZ, blockDimX, blockDimY, blockDimZ);
      return CUDA_ERROR_INVALID_VALUE;
    }
  struct emul_image *img = f->mod->image;
  if (sharedMemBytes + img->shared_size > 49152)
    return CUDA_ERROR_INVALID_VALUE;
  if ((int) (blockDimX * blockDimY * blockDimZ) > max_threads ())
    return CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES;

  /* The parameters: an array of pointers, or one buffer in EXTRA.  */
  size_t need = params_size (sym);
  void *buffer = NULL;
  size_t buffer_size = 0;
  bool have_size = false;
  if (kernelParams && extra)
    return CUDA_ERROR_INVALID_VALUE;
  if (extra)
    {
      for (size_t i = 0; extra[i] != CU_LAUNCH_PARAM_END; i += 2)
	{
	  if (extra[i] == CU_LAUNCH_PARAM_BUFFER_POINTER)
	    buffer = extra[i + 1];
	  else if (extra[i] == CU_LAUNCH_PARAM_BUFFER_SIZE
		   && extra[i + 1] != NULL)
	    {
	      buffer_size = *(size_t *) extra[i + 1];
	      have_size = true;
	    }
	  else
	    return CUDA_ERROR_INVALID_VALUE;
	}
      if (buffer == NULL || !have_size || buffer_size < need)
	{
	  emul_debug ("cuLaunchKernel %s: parameter buffer of %zu bytes, "
		      "the kernel takes %zu", sym->name, buffer_size, need);
	  return CUDA_ERROR_INVALID_VALUE;
	}
    }
  else if (need > 0 && kernelParams == NULL)
    return CUDA_ERROR_INVALID_VALUE;

  void (*fn) (void *) = host_function (f);
  if (fn == NULL)
    return CUDA_ERROR_NOT_FOUND;

  struct emul_op *op = emul_op_new (sizeof (struct emul_launch) + need);
  if (op == NULL)
    return CUDA_ERROR_OUT_OF_MEMORY;
  struct emul_launch *l = (struct emul_launch *) op->payload;
  l->func = f;
  l->ctx = ctx;
  l->host_fn = fn;
  l->grid[0] = gridDimX;
  l->grid[1] = gridDimY;
  l->grid[2] = gridDimZ;
  l->block[0] = blockDimX;
  l->block[1] = blockDimY;
  l->block[2] = blockDimZ;
  l->shared = sharedMemBytes;
  l->params_size = need;
  if (buffer)
    memcpy (l->params, buffer, need);
  else
    for (int i = 0; i < sym->nparams; i++)
      {
	if (kernelParams[i] == NULL)
	  {
	    free (op);
	    return CUDA_ERROR_INVALID_VALUE;
	  }
	memcpy (l->params + param_offset (sym, i), kernelParams[i],
		sym->param_size[i]);
      }
  if (sym->nparams > 0 && sym->param_size[0] == 8)
    memcpy (&l->arg, l->params, sizeof l->arg);
  op->run = launch_run;

  /* A launch writes out what earlier kernels printed, and fixes the
     printf FIFO and heap sizes.  */
  emul_fifo_flush (ctx);
  pthread_mutex_lock (&ctx->lock);
  ctx->launched_printf |= img->uses_printf;
  ctx->launched_malloc |= img->uses_malloc;
  pthread_mutex_unlock (&ctx->lock);

  char extra_text[160] = "";
  if (gcc_abi (sym) && emul_tracing ())
    snprintf (extra_text, sizeof extra_text,
	      " vars=%p stack=%p stacksize=%llu",
	      (void *) (uintptr_t) param_u64 (l, 0),
	      (void *) (uintptr_t) param_u64 (l, 1),
	      (unsigned long long) param_u64 (l, 2));
  emul_trace ("launch device=%d kernel=%s grid=%u,%u,%u block=%u,%u,%u "
	      "shared=%u stream=%s%s", ctx->dev->ordinal, sym->name,
	      gridDimX, gridDimY, gridDimZ, blockDimX, blockDimY, blockDimZ,
	      sharedMemBytes, s->legacy ? "null" : "user", extra_text);
  emul_debug ("launch %s on device %d: grid (%u,%u,%u) block (%u,%u,%u) "
	      "shared %u", sym->name, ctx->dev->ordinal, gridDimX, gridDimY,
	      gridDimZ, blockDimX, blockDimY, blockDimZ, sharedMemBytes);

  uint64_t seq = emul_stream_submit (s, op);
  if (launch_blocking)
    {
      emul_stream_wait (s, seq);
      emul_fifo_flush (ctx);
    }
  return CUDA_SUCCESS;
}

EMUL_PUBLIC CUresult
cuFuncGetAttribute (int *pi, CUfunction_attribute attrib, CUfunction hfunc)
{
  EMUL_ENTER (cuFuncGetAttribute);
  if (!emul_handle_valid (EMUL_H_FUNCTION, hfunc))
    return CUDA_ERROR_INVALID_HANDLE;
  if (pi == NULL)
    return CUDA_ERROR_INVALID_VALUE;
  const struct emul_image *img = hfunc->mod->image;
  switch (attrib)
    {
    case CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK:
      *pi = max_threads ();
      break;
    case CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES:
      *pi = (int) img->shared_size;
      break;
    case CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES:
      *pi = (int) img->const_size;
      break;
    case CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES:
      *pi = 0;
      break;
    case CU_FUNC_ATTRIBUTE_NUM_REGS:
      *pi = emul_config.regs;
      break;
    case CU_FUNC_ATTRIBUTE_PTX_VERSION:
      *pi = img->ptx_version;
      break;
    case CU_FUNC_ATTRIBUTE_BINARY_VERSION:
      *pi = img->sm;
      break;
    case CU_FUNC_ATTRIBUTE_CACHE_MODE_CA:
      *pi = 0;
      break;
    case CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES:
      *pi = 49152 - (int) img->shared_size;
      break;
    default:
      return CUDA_ERROR_INVALID_VALUE;
    }
  return CUDA_SUCCESS;
}

EMUL_PUBLIC CUresult
cuOccupancyMaxPotentialBlockSize (int *minGridSize, int *blockSize,
				  CUfunction func,
				  CUoccupancyB2DSize blockSizeToDynamicSMemSize,
				  size_t dynamicSMemSize, int blockSizeLimit)
{
  EMUL_ENTER (cuOccupancyMaxPotentialBlockSize);
  (void) blockSizeToDynamicSMemSize;
  (void) dynamicSMemSize;
  if (!emul_handle_valid (EMUL_H_FUNCTION, func))
    return CUDA_ERROR_INVALID_HANDLE;
  if (minGridSize == NULL || blockSize == NULL || blockSizeLimit < 0)
    return CUDA_ERROR_INVALID_VALUE;
  int block = max_threads ();
  if (blockSizeLimit > 0 && blockSizeLimit < block)
    block = blockSizeLimit >= 32 ? blockSizeLimit & ~31 : blockSizeLimit;
  struct emul_device *d = func->mod->ctx->dev;
  int per_sm = 2048 / block;
  *blockSize = block;
  *minGridSize = d->sms * (per_sm > 0 ? per_sm : 1);
  return CUDA_SUCCESS;
}
