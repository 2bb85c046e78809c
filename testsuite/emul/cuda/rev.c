/* rev.c -- the device side of reverse offload in the emulated CUDA
   driver: an ancestor region reached by an emulated kernel (host code run
   as the device's, which calls GOMP_target_ext (-2, HOST_FN, ...); the
   front end passes it here, see GOMPTARGET_PLUGIN_run_host_region_ancestor)
   becomes a request in the module's mailbox, written as GCC 14's nvptx
   device runtime writes it (config/nvptx/rev-offload.h): the device
   runtime's lock, the fields, FN stored last with release semantics, a
   spin until the host clears FN, the lock released.  So the plugin's
   serving is what runs, with device addresses throughout.

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
#include "rev-offload.h"

#include <string.h>

/* A device thread's wait: spin briefly, then yield, then sleep in growing
   steps of at most 50 us (on the GPU the warp spins; here the host's
   cores are shared with the thread that serves the request, which a long
   spin would keep off the processor).  */
struct backoff
{
  unsigned polls;
  long sleep_ns;
};

static void
backoff_wait (struct backoff *b)
{
  emul_relax (b->polls, 100, 1000, &b->sleep_ns, 50000);
  b->polls++;
}

/* The stack of the calling thread.  The stack of a thread running device
   code stands for its soft stack, which is device memory: the request's
   address array lives there, and so may data of the region (a local
   variable mapped or firstprivate in the ancestor region).  It counts as
   device memory while the thread's request is served.  */
static __thread uintptr_t stack_lo;
static __thread size_t stack_size;

static bool
thread_stack (void)
{
  pthread_attr_t attr;
  void *lo;
  size_t size;

  if (stack_size != 0)
    return true;
  if (pthread_getattr_np (pthread_self (), &attr) != 0)
    return false;
  if (pthread_attr_getstack (&attr, &lo, &size) == 0)
    {
      stack_lo = (uintptr_t) lo;
      stack_size = size;
    }
  pthread_attr_destroy (&attr);
  return stack_size != 0;
}

/* ADDR, N bytes long, as device memory of the request in MOD: where it
   is, when the device can read it there; else a copy in the module's
   scratch memory at *OFFSET.  0 when out of device memory.  */
static uintptr_t
device_copy (struct CUmod_st *mod, const void *addr, size_t n,
	     size_t *offset)
{
  uintptr_t p = (uintptr_t) addr;

  if (n == 0 || emul_device_accessible (mod->ctx, p, n))
    return p;
  uintptr_t dst = (uintptr_t) mod->rev_scratch + *offset;
  memcpy ((void *) dst, addr, n);
  *offset += (n + 7) & ~(size_t) 7;
  return dst;
}

void
emul_rev_ancestor (void *arg, void (*host_fn) (void *), uint64_t mapnum,
		   void **addrs, const size_t *sizes,
		   const unsigned short *kinds)
{
  struct emul_launch *l = arg;
  struct CUmod_st *mod = l->func->mod;
  struct CUctx_st *ctx = l->ctx;
  size_t var_size = 0;
  uintptr_t var = emul_module_global (mod, NVPTX_REV_OFFLOAD_VAR, &var_size);
  uint64_t box_addr = 0;

  /* As GCC's device runtime: nothing happens unless the host set the
     mailbox up.  */
  if (var != 0 && var_size == sizeof box_addr)
    box_addr = __atomic_load_n ((uint64_t *) var, __ATOMIC_ACQUIRE);
  if (box_addr == 0 || host_fn == NULL)
    {
      emul_debug ("ancestor region %p on device %d ignored: %s",
		  (void *) (uintptr_t) host_fn, ctx->dev->ordinal,
		  var == 0 ? "the image has no " NVPTX_REV_OFFLOAD_VAR
		  : "the host set no mailbox up");
      return;
    }

  /* FN is the device address of the region's "$nohost" function.  */
  uint64_t fn = 0;
  for (size_t i = 0; i < mod->nrev_fns && fn == 0; i++)
    if (mod->rev_fns[i].host_fn == (uintptr_t) host_fn)
      fn = mod->rev_fns[i].dev_fn;
  if (fn == 0)
    {
      /* No such function in the image: the host cannot know it either.  */
      emul_debug ("ancestor region %p: no reverse-offload function of the "
		  "image runs it", (void *) (uintptr_t) host_fn);
      fn = (uintptr_t) host_fn;
    }

  /* The device runtime's lock.  */
  struct backoff b = { 0, 0 };
  while (__atomic_exchange_n (&mod->rev_lock, 1, __ATOMIC_ACQUIRE))
    backoff_wait (&b);
  bool contended = b.polls != 0;

  struct nvptx_rev_offload *box = (struct nvptx_rev_offload *) box_addr;
  if (!emul_device_accessible (ctx, (uintptr_t) box_addr, sizeof *box))
    {
      emul_debug ("ancestor region: the mailbox %p is not memory device %d "
		  "can reach", (void *) box, ctx->dev->ordinal);
      l->result = CUDA_ERROR_ILLEGAL_ADDRESS;
      __atomic_store_n (&mod->rev_lock, 0, __ATOMIC_RELEASE);
      return;
    }
  bool stack = thread_stack ();
  if (stack)
    emul_hostvar_add (stack_lo, stack_size);

  /* The arrays, in device memory.  */
  size_t need = (size_t) mapnum * (2 * sizeof (uint64_t) + 8) + 8;
  uint64_t dev_addrs = 0, dev_sizes = 0, dev_kinds = 0;
  bool ok = true;
  if (mapnum > 0)
    {
      if (need > mod->rev_scratch_size)
	{
	  if (mod->rev_scratch)
	    emul_device_memory_free (mod->rev_scratch);
	  mod->rev_scratch = emul_device_memory (ctx, need, EMUL_R_GLOBAL);
	  mod->rev_scratch_size = mod->rev_scratch ? need : 0;
	}
      ok = mod->rev_scratch != NULL;
      if (ok)
	{
	  size_t off = 0;
	  dev_addrs = device_copy (mod, addrs, mapnum * sizeof (uint64_t),
				   &off);
	  dev_sizes = device_copy (mod, sizes, mapnum * sizeof (uint64_t),
				   &off);
	  dev_kinds = device_copy (mod, kinds,
				   mapnum * sizeof (unsigned short), &off);
	}
      else
	emul_debug ("ancestor region: no device memory left for the "
		    "request's %llu map(s)", (unsigned long long) mapnum);
    }

  if (ok)
    {
      /* The device's ICV device_num, read now, as the device runtime.  */
      uintptr_t icv = emul_module_global (mod, "__gomp_additional_icvs",
					  NULL);
      int32_t dev_num = 0;
      if (icv)
	memcpy (&dev_num, (void *) icv, sizeof dev_num);

      __atomic_store_n (&box->mapnum, mapnum, __ATOMIC_RELAXED);
      __atomic_store_n (&box->addrs, dev_addrs, __ATOMIC_RELAXED);
      __atomic_store_n (&box->sizes, dev_sizes, __ATOMIC_RELAXED);
      __atomic_store_n (&box->kinds, dev_kinds, __ATOMIC_RELAXED);
      __atomic_store_n (&box->dev_num, dev_num, __ATOMIC_RELAXED);
      emul_trace ("rev device=%d fn=%#llx mapnum=%llu waited=%d",
		  ctx->dev->ordinal, (unsigned long long) fn,
		  (unsigned long long) mapnum, (int) contended);
      /* st.global.release.sys: the request is complete.  */
      __atomic_store_n (&box->fn, fn, __ATOMIC_RELEASE);
      /* ld.acquire.sys until the host is done.  */
      b.polls = 0;
      b.sleep_ns = 0;
      while (__atomic_load_n (&box->fn, __ATOMIC_ACQUIRE) != 0)
	backoff_wait (&b);
    }
  else
    l->result = CUDA_ERROR_ILLEGAL_ADDRESS;

  if (stack)
    emul_hostvar_remove (stack_lo, stack_size);
  __atomic_store_n (&mod->rev_lock, 0, __ATOMIC_RELEASE);
}
