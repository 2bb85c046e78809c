/* rev-offload.h -- the reverse-offload mailbox of GCC 14's nvptx device
   runtime (struct rev_offload of libgomp's config/nvptx/libgomp-nvptx.h):
   its layout, checked with _Static_assert, and the protocol both sides
   follow.  Included by the nvptx plugin and by the emulated CUDA driver
   of the testsuite, whose device-side writer speaks the protocol; plain
   C with no host-only header.

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

#ifndef GOMPTARGET_NVPTX_REV_OFFLOAD_H
#define GOMPTARGET_NVPTX_REV_OFFLOAD_H

#include <stddef.h>
#include <stdint.h>

/* The protocol.  The host allocates the mailbox in host memory the device
   can reach (cuMemHostAlloc with CU_MEMHOSTALLOC_DEVICEMAP) and writes its
   device address into the image's variable NVPTX_REV_OFFLOAD_VAR (a u64;
   0: no reverse offload, and the device then ignores ancestor regions).
   An ancestor region on the device, GOMP_target_ext (-2, FN, ...) of the
   device runtime:
     1. takes a spin lock of the device runtime (one request of the image
	at a time),
     2. writes MAPNUM, ADDRS, SIZES, KINDS and DEV_NUM (the device ICV
	device_num),
     3. stores FN last, with release semantics at system scope
	(st.global.release.sys; membar.sys and a volatile store before
	sm_70),
     4. spins until FN reads 0 again (acquire), and unlocks.
   The host, seeing FN nonzero (acquire), serves the request: it reads
   the three arrays from device memory, runs the host version of the
   region and copies back, all while the kernel runs; then it
   release-stores FN = 0.  */

#define NVPTX_REV_OFFLOAD_VAR "__gomp_rev_offload_var"
#define NVPTX_REV_FN_TABLE "$offload_func_table"

struct nvptx_rev_offload
{
  uint64_t fn;		/* Device address of the "$nohost" function;
			   nonzero: a request is pending.  */
  uint64_t mapnum;
  uint64_t addrs;	/* Device address of uint64_t[MAPNUM].  */
  uint64_t sizes;	/* Device address of uint64_t[MAPNUM].  */
  uint64_t kinds;	/* Device address of uint16_t[MAPNUM].  */
  int32_t dev_num;	/* The OpenMP device number of the device.  */
};

_Static_assert (offsetof (struct nvptx_rev_offload, fn) == 0
		&& offsetof (struct nvptx_rev_offload, mapnum) == 8
		&& offsetof (struct nvptx_rev_offload, addrs) == 16
		&& offsetof (struct nvptx_rev_offload, sizes) == 24
		&& offsetof (struct nvptx_rev_offload, kinds) == 32
		&& offsetof (struct nvptx_rev_offload, dev_num) == 40
		&& sizeof (struct nvptx_rev_offload) == 48,
		"struct rev_offload of GCC 14's nvptx device runtime");

#endif /* GOMPTARGET_NVPTX_REV_OFFLOAD_H */
