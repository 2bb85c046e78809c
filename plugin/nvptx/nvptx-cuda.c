/* nvptx-cuda.c -- the CUDA driver library of the nvptx plugin: libcuda.so.1
   (or the file GOMPTARGET_CUDA_LIB names) is opened with dlopen, never
   linked, and the functions of cuda-lib.def are bound from it; a library
   that lacks a required one is not used.  Also how CUDA errors and fatal
   device errors are reported.

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

#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

struct nvptx_cuda nvptx_cuda;

static void *cuda_handle;
const char *nvptx_cuda_file;

bool
nvptx_cuda_load (void)
{
  const char *file = getenv ("GOMPTARGET_CUDA_LIB");
  const char *missing = NULL;

  if (file == NULL || *file == '\0')
    file = "libcuda.so.1";
  cuda_handle = dlopen (file, RTLD_NOW | RTLD_LOCAL);
  if (cuda_handle == NULL)
    {
      const char *why = dlerror ();
      gt_plugin_no_devices ("cannot load the CUDA driver library %s (%s): "
			    "no NVIDIA device", file, why ? why : "unknown error");
      return false;
    }
#define CUDA_ONE_CALL(name) \
  *(void **) &nvptx_cuda.name = dlsym (cuda_handle, #name); \
  if (nvptx_cuda.name == NULL && missing == NULL) \
    missing = #name;
#define CUDA_ONE_CALL_MAYBE_NULL(name) \
  *(void **) &nvptx_cuda.name = dlsym (cuda_handle, #name);
#include "cuda-lib.def"
#undef CUDA_ONE_CALL
#undef CUDA_ONE_CALL_MAYBE_NULL
  if (missing != NULL)
    {
      gt_plugin_no_devices ("the CUDA driver library %s has no %s (a "
			    "driver older than CUDA 11, or not a CUDA "
			    "driver): no NVIDIA device", file, missing);
      dlclose (cuda_handle);
      cuda_handle = NULL;
      return false;
    }
  gt_plugin_debug ("CUDA driver library: %s", file);
  nvptx_cuda_file = file;
  return true;
}

const char *
nvptx_cuda_error (CUresult r)
{
  static __thread char buf[256];
  const char *name = NULL, *text = NULL;

  if (CU (cuGetErrorName) == NULL
      || CU (cuGetErrorName) (r, &name) != CUDA_SUCCESS)
    name = NULL;
  if (CU (cuGetErrorString) == NULL
      || CU (cuGetErrorString) (r, &text) != CUDA_SUCCESS)
    text = NULL;
  if (name != NULL && text != NULL)
    snprintf (buf, sizeof buf, "%s (%s)", name, text);
  else if (name != NULL)
    snprintf (buf, sizeof buf, "%s", name);
  else
    snprintf (buf, sizeof buf, "CUDA error %d", (int) r);
  return buf;
}

bool
nvptx_sticky (CUresult r)
{
  switch (r)
    {
    case CUDA_ERROR_ILLEGAL_ADDRESS:
    case CUDA_ERROR_LAUNCH_TIMEOUT:
    case CUDA_ERROR_ASSERT:
    case CUDA_ERROR_HARDWARE_STACK_ERROR:
    case CUDA_ERROR_ILLEGAL_INSTRUCTION:
    case CUDA_ERROR_MISALIGNED_ADDRESS:
    case CUDA_ERROR_LAUNCH_FAILED:
      return true;
    default:
      /* CUDA_ERROR_INVALID_ADDRESS_SPACE and CUDA_ERROR_INVALID_PC.  */
      return r == 717 || r == 718;
    }
}

void
nvptx_report (struct nvptx_device *dev, const char *op, CUresult r)
{
  if (nvptx_off ())
    return;
  if (dev != NULL && nvptx_sticky (r))
    {
      /* The fault of earlier work, found issuing more: said once, and the
	 driver is left alone from now on.  Not fatal here -- the caller
	 may hold a lock of the core that the teardown at exit takes --
	 but the caller fails, which the front end makes fatal.  While the
	 program exits, what a fault leaves behind is no news.  */
      if (!gtc_exiting () && gtc_claim_end (false) == GTC_END_FIRST)
	nvptx_fault_message (NULL, dev, op, r);
      return;
    }
  if (dev != NULL)
    gt_plugin_error ("device %d: %s failed: %s", nvptx_num (dev), op,
		     nvptx_cuda_error (r));
  else
    gt_plugin_error ("%s failed: %s", op, nvptx_cuda_error (r));
}

void
nvptx_fatal (int devnum, const char *fmt, ...)
{
  char prefix[64];
  va_list ap;

  snprintf (prefix, sizeof prefix, "libgomptarget: nvptx: device %d: ",
	    devnum);
  va_start (ap, fmt);
  gtc_vfatal (prefix, fmt, ap);
}
