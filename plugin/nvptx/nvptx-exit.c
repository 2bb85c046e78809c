/* nvptx-exit.c -- exit in the device code of GCC 12's nvptx images.
   GCC 12's nvptx newlib implements exit as a store of the status where
   __exitval_ptr points, when it is set (the crt0 of a stand-alone nvptx
   program sets it; offloading leaves it to the host), followed by the
   PTX "exit" instruction, which ends the calling thread only: the kernel
   ends without an error, and the program would go on after a region
   that the compiler may have assumed never returns.  The plugin points
   __exitval_ptr of such an image at a word of pinned host memory mapped
   into the device (one per device), and a thread that finds the kernels
   of a stream done looks at it: a status there ends the program with
   that status, as GCC's GCN runtime does.  Newer newlib (GCC 14's here)
   calls abort in exit when __exitval_ptr is not set, a trap that the
   plugin reports as any kernel fault; its images are left that way.

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

#include <stdio.h>
#include <stdlib.h>

/* DEV's exit word, made at the first image that needs it; NULL after a
   message when it cannot be had.  */
static int32_t *
exit_word (struct nvptx_device *dev)
{
  int32_t *word = __atomic_load_n (&dev->exit_word, __ATOMIC_ACQUIRE);
  int32_t *none = NULL;
  void *p = NULL;
  CUresult r;

  if (word != NULL)
    return word;
  r = CU (cuMemHostAlloc) (&p, sizeof *word, CU_MEMHOSTALLOC_DEVICEMAP
					     | CU_MEMHOSTALLOC_PORTABLE);
  if (r != CUDA_SUCCESS)
    {
      nvptx_report (dev, "cuMemHostAlloc (exit status of device code)", r);
      return NULL;
    }
  word = p;
  *word = NVPTX_EXIT_NONE;
  if (!__atomic_compare_exchange_n (&dev->exit_word, &none, word, false,
				    __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
    {
      /* Another image of the device made one meanwhile.  */
      CU (cuMemFreeHost) (p);
      return none;
    }
  return word;
}

int
nvptx_exit_setup (struct nvptx_device *dev, CUmodule module,
		  unsigned lib_version)
{
  CUdeviceptr var, addr;
  int32_t *word;
  size_t size;
  CUresult r;

  /* Only GCC 12's newlib ends a thread there without a fault.  */
  if (lib_version != 1)
    return 0;
  r = CU (cuModuleGetGlobal_v2) (&var, &size, module, "__exitval_ptr");
  if (r == CUDA_ERROR_NOT_FOUND)
    /* The device code does not call exit.  */
    return 0;
  if (r != CUDA_SUCCESS)
    {
      nvptx_report (dev, "cuModuleGetGlobal (__exitval_ptr)", r);
      return -1;
    }
  if (size != sizeof (uint64_t))
    return 0;
  if (!dev->can_map_host)
    {
      gt_plugin_debug ("device %d: cannot map host memory: exit in device "
		       "code ends only the calling thread", nvptx_num (dev));
      return 0;
    }
  word = exit_word (dev);
  if (word == NULL)
    return -1;
  r = CU (cuMemHostGetDevicePointer_v2) (&addr, word, 0);
  if (r != CUDA_SUCCESS)
    {
      nvptx_report (dev, "cuMemHostGetDevicePointer (exit status of device "
		    "code)", r);
      return -1;
    }
  r = CU (cuMemcpyHtoD_v2) (var, &addr, sizeof addr);
  if (r != CUDA_SUCCESS)
    {
      nvptx_report (dev, "cuMemcpyHtoD (__exitval_ptr)", r);
      return -1;
    }
  return 0;
}

void
nvptx_exit_end (struct nvptx_device *dev, int32_t status)
{
  if (gtc_claim_end (true) == GTC_END_AGAIN)
    return;
  /* What the program printed before comes first.  */
  fflush (stdout);
  const char *kernel = __atomic_load_n (&dev->last_kernel, __ATOMIC_ACQUIRE);

  gt_plugin_debug ("device %d: device code called exit (%d) (the kernel "
		   "launched last: %s): the program ends", nvptx_num (dev),
		   (int) status, kernel ? kernel : "none");
  gtc_end_program (status);
}

void
nvptx_exit_fini (struct nvptx_device *dev)
{
  /* No kernel of the device runs any more.  */
  if (dev->exit_word != NULL)
    CU (cuMemFreeHost) (dev->exit_word);
  dev->exit_word = NULL;
}
