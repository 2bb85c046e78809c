/* compat.c -- entry points of the emulated CUDA driver that are not in
   plugin/nvptx/cuda-lib.def but that GCC's own nvptx plugin
   (libgomp-plugin-nvptx.so.1) requires, so that GCC's libgomp can run
   programs on the emulated devices too: a cross-check of the emulator
   against an independent plugin.  Non-primary contexts, cuMemAllocHost,
   cuMemGetAddressRange, cuMemcpy with unified addressing, cuModuleLoad,
   and the older cuLinkCreate/cuLinkAddData entry points.
   (cuStreamAddCallback is in stream.c.)

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

CUresult cuCtxCreate_v2 (CUcontext *pctx, unsigned int flags, CUdevice dev);
CUresult cuCtxDestroy_v2 (CUcontext ctx);
CUresult cuMemAllocHost_v2 (void **pp, size_t bytesize);
CUresult cuMemGetAddressRange_v2 (CUdeviceptr *pbase, size_t *psize,
				  CUdeviceptr dptr);
CUresult cuMemcpy (CUdeviceptr dst, CUdeviceptr src, size_t ByteCount);
CUresult cuModuleLoad (CUmodule *module, const char *fname);
CUresult cuLinkCreate (unsigned int numOptions, CUjit_option *options,
		       void **optionValues, CUlinkState *stateOut);
CUresult cuLinkAddData (CUlinkState state, CUjitInputType type, void *data,
			size_t size, const char *name, unsigned int numOptions,
			CUjit_option *options, void **optionValues);

/* A context of its own, made current (pushed), as the driver does.  */
EMUL_PUBLIC CUresult
cuCtxCreate_v2 (CUcontext *pctx, unsigned int flags, CUdevice dev)
{
  EMUL_ENTER (cuCtxCreate_v2);
  struct emul_device *d = emul_device (dev);
  if (d == NULL)
    return CUDA_ERROR_INVALID_DEVICE;
  /* Scheduling flags (0..7), CU_CTX_MAP_HOST (8), CU_CTX_LMEM_RESIZE_TO_MAX
     (16).  */
  if (pctx == NULL || (flags & ~31u) != 0)
    return CUDA_ERROR_INVALID_VALUE;
  struct CUctx_st *ctx = emul_ctx_create (d);
  if (ctx == NULL)
    return CUDA_ERROR_OUT_OF_MEMORY;
  if (!emul_ctx_push (ctx))
    {
      emul_ctx_destroy (ctx);
      return CUDA_ERROR_INVALID_VALUE;
    }
  *pctx = ctx;
  return CUDA_SUCCESS;
}

EMUL_PUBLIC CUresult
cuCtxDestroy_v2 (CUcontext ctx)
{
  EMUL_ENTER (cuCtxDestroy_v2);
  CUresult r = emul_ctx_check_live (ctx);
  if (r != CUDA_SUCCESS)
    return r;
  if (ctx->primary)
    return CUDA_ERROR_INVALID_CONTEXT;
  emul_ctx_forget (ctx);
  emul_ctx_destroy (ctx);
  return CUDA_SUCCESS;
}

EMUL_PUBLIC CUresult
cuMemAllocHost_v2 (void **pp, size_t bytesize)
{
  EMUL_ENTER (cuMemAllocHost_v2);
  return emul_host_alloc (pp, bytesize, 0);
}

EMUL_PUBLIC CUresult
cuMemGetAddressRange_v2 (CUdeviceptr *pbase, size_t *psize, CUdeviceptr dptr)
{
  EMUL_ENTER (cuMemGetAddressRange_v2);
  struct CUctx_st *ctx;
  CUresult r = emul_ctx_current (&ctx);
  if (r != CUDA_SUCCESS)
    return r;
  struct emul_range range;
  if (!emul_range_lookup ((uintptr_t) dptr, 1, &range))
    return CUDA_ERROR_NOT_FOUND;
  if (pbase)
    *pbase = (CUdeviceptr) range.start;
  if (psize)
    *psize = range.size;
  return CUDA_SUCCESS;
}

EMUL_PUBLIC CUresult
cuMemcpy (CUdeviceptr dst, CUdeviceptr src, size_t ByteCount)
{
  EMUL_ENTER (cuMemcpy);
  struct CUctx_st *ctx;
  CUresult r = emul_ctx_current (&ctx);
  if (r != CUDA_SUCCESS)
    return r;
  return emul_copy_any (ctx, dst, src, ByteCount);
}

EMUL_PUBLIC CUresult
cuModuleLoad (CUmodule *module, const char *fname)
{
  EMUL_ENTER (cuModuleLoad);
  if (module == NULL || fname == NULL)
    return CUDA_ERROR_INVALID_VALUE;
  FILE *f = fopen (fname, "rb");
  if (f == NULL)
    return CUDA_ERROR_FILE_NOT_FOUND;
  char *text = NULL;
  size_t len = 0, cap = 0, n;
  do
    {
      if (len + 4096 + 1 > cap)
	{
	  cap = cap ? 2 * cap : 65536;
	  char *grown = realloc (text, cap);
	  if (grown == NULL)
	    {
	      free (text);
	      fclose (f);
	      return CUDA_ERROR_OUT_OF_MEMORY;
	    }
	  text = grown;
	}
      n = fread (text + len, 1, 4096, f);
      len += n;
    }
  while (n > 0);
  fclose (f);
  text[len] = '\0';
  CUresult r = emul_module_load_data (module, text);
  free (text);
  return r;
}

EMUL_PUBLIC CUresult
cuLinkCreate (unsigned int numOptions, CUjit_option *options,
	      void **optionValues, CUlinkState *stateOut)
{
  EMUL_ENTER (cuLinkCreate);
  return emul_link_create (numOptions, options, optionValues, stateOut);
}

EMUL_PUBLIC CUresult
cuLinkAddData (CUlinkState state, CUjitInputType type, void *data,
	       size_t size, const char *name, unsigned int numOptions,
	       CUjit_option *options, void **optionValues)
{
  EMUL_ENTER (cuLinkAddData);
  return emul_link_add_data (state, type, data, size, name, numOptions,
			     options, optionValues);
}
