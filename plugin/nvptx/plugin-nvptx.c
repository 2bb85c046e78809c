/* plugin-nvptx.c -- the nvptx plugin: NVIDIA GPUs through the CUDA Driver
   API, on the plugin core.  One device per CUDA device, used through its
   primary context.  Each queue of the core is a CUDA stream (hardware
   queues): copies and launches are only issued to it, waits between
   queues are cuStreamWaitEvent, the core learns of completions from host
   functions (cuLaunchHostFunc), and a thread that waits polls its stream.
   Kernels are launched with GCC's OpenMP kernel ABI: the address array in
   device memory, soft stacks (cached per device), GCC 14's low-latency
   pool as dynamic shared memory.  A fault of the device (an illegal
   address, a trap) is fatal, naming the target region; faults of work
   nobody waits for are caught by a watcher thread.  At exit the devices
   are finished (work waited for, images unloaded, memory freed, primary
   contexts released).  This file is the plugin's table for the core; the
   driver library is opened in nvptx-cuda.c, devices are probed, set up
   and finished in nvptx-device.c, memory and soft stacks are in
   nvptx-memory.c, streams in nvptx-queue.c, host functions and the
   watcher in nvptx-watch.c, launches in nvptx-launch.c, images are read
   in nvptx-image.c, copies made in nvptx-copy.c, reverse offload in
   nvptx-rev.c, exit in device code in nvptx-exit.c.

   Environment: GOMPTARGET_CUDA_LIB (the driver library), GOMP_NVPTX_JIT,
   GOMP_NVPTX_LOWLAT_POOL, GOMPTARGET_NVPTX_HEAP_MB,
   GOMPTARGET_NVPTX_PRINTF_KB, GOMPTARGET_NVPTX_STACK_KB (see README).

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

/* GCC's offload target type of nvptx images.  */
#define NVPTX_TARGET_TYPE 5

const struct gtc_vendor gtc_vendor = {
  .name = "nvptx",
  .target_type = NVPTX_TARGET_TYPE,
  .caps = 0,
  .requires_supported = GT_REQUIRES_UNIFIED_ADDRESS
			| GT_REQUIRES_REVERSE_OFFLOAD,
  .device_size = sizeof (struct nvptx_device),
  .queue_size = sizeof (struct nvptx_queue),
  .image_size = sizeof (struct nvptx_image),
  .hardware_queues = true,
  .probe = nvptx_probe,
  .init_device = nvptx_init_device,
  .fini_device = nvptx_fini_device,
  .image_ok = nvptx_image_ok,
  .describe_device = nvptx_describe_device,
  .describe_image = nvptx_describe_image,
  .load_image = nvptx_load_image,
  .find_kernel = nvptx_find_kernel,
  .find_variable = nvptx_find_variable,
  .find_icvs = nvptx_find_icvs,
  .unload_image = nvptx_unload_image,
  .rev_fn_table = nvptx_rev_fn_table,
  .mem_alloc = nvptx_mem_alloc,
  .mem_free = nvptx_mem_free,
  .queue_init = nvptx_queue_init,
  .queue_fini = nvptx_queue_fini,
  .copy = nvptx_copy,
  .launch = nvptx_launch,
  .issue_wait = nvptx_issue_wait,
  .issue_host_call = nvptx_issue_host_call,
  .sync = nvptx_sync,
  .time_begin = nvptx_time_begin,
  .time_end = nvptx_time_end,
  .time_read = nvptx_time_read,
  .time_completed = nvptx_time_completed,
  .copy_rect = nvptx_copy_rect
};
