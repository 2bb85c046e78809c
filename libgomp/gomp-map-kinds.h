/* gomp-map-kinds.h -- GCC's map-kind, device and flag encodings, as
   the compiler passes them to the GOMP_target* entry points.

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

#ifndef GT_MAP_KINDS_H
#define GT_MAP_KINDS_H

/* Flag bits of a kind.  */
#define GT_MAPF_TO		0x01
#define GT_MAPF_FROM		0x02
#define GT_MAPF_ALWAYS		0x10	/* With TO/FROM: SPECIAL_2.  */
#define GT_MAPF_FORCE		0x80
#define GT_MAPF_IMPLICIT	0x60	/* Only in 16-bit kinds.  */
#define GT_MAPF_PRESENT		0x84	/* GCC 13 and later: FORCE | 0x04.  */

/* The kinds themselves (low byte of a 16-bit kind).  */
enum gt_map_kind
{
  GT_MAP_ALLOC = 0x00,
  GT_MAP_TO = 0x01,
  GT_MAP_FROM = 0x02,
  GT_MAP_TOFROM = 0x03,
  GT_MAP_POINTER = 0x04,
  GT_MAP_TO_PSET = 0x05,
  GT_MAP_FORCE_PRESENT = 0x06,
  GT_MAP_DELETE = 0x07,
  GT_MAP_FORCE_DEVICEPTR = 0x08,
  GT_MAP_DEVICE_RESIDENT = 0x09,
  GT_MAP_LINK = 0x0a,
  GT_MAP_IF_PRESENT = 0x0b,
  GT_MAP_FIRSTPRIVATE = 0x0c,
  GT_MAP_FIRSTPRIVATE_INT = 0x0d,
  GT_MAP_USE_DEVICE_PTR = 0x0e,
  GT_MAP_ZERO_LEN_ARRAY_SECTION = 0x0f,
  GT_MAP_USE_DEVICE_PTR_IF_PRESENT = 0x10,
  GT_MAP_ALWAYS_TO = 0x11,
  GT_MAP_ALWAYS_FROM = 0x12,
  GT_MAP_ALWAYS_TOFROM = 0x13,
  GT_MAP_RELEASE = 0x17,
  GT_MAP_STRUCT = 0x1c,
  GT_MAP_STRUCT_UNORD = 0x5c,	/* GCC 14: fields in no particular order,
				   which must all be the same (an array
				   element with a variable index).  */
  GT_MAP_ALWAYS_POINTER = 0x1d,
  GT_MAP_POINTER_TO_ZERO_LENGTH_ARRAY_SECTION = 0x1e,
  GT_MAP_DELETE_ZERO_LEN_ARRAY_SECTION = 0x1f,
  GT_MAP_ATTACH = 0x50,
  GT_MAP_DETACH = 0x51,
  GT_MAP_ATTACH_ZERO_LENGTH_ARRAY_SECTION = 0x52,
  GT_MAP_FORCE_ALLOC = 0x80,
  GT_MAP_FORCE_TO = 0x81,
  GT_MAP_FORCE_FROM = 0x82,
  GT_MAP_FORCE_TOFROM = 0x83,
  /* GCC 13 and later: map(always, present, ...), update to/from(present:)
     (map(present, ...) without always is GT_MAP_FORCE_PRESENT).  */
  GT_MAP_ALWAYS_PRESENT_TO = 0x95,
  GT_MAP_ALWAYS_PRESENT_FROM = 0x96,
  GT_MAP_ALWAYS_PRESENT_TOFROM = 0x97,
  GT_MAP_FORCE_DETACH = 0xd1
};

/* Device numbers with a special meaning, in constructs...  */
#define GT_DEVICE_ICV		(-1)	/* Use default-device-var.  */
#define GT_DEVICE_HOST_FALLBACK	(-2)	/* if(false) or the initial device
					   (GCC 13 and later pass
					   device(omp_initial_device) so).  */
/* ... and in the omp_* routines and default-device-var (omp.h of GCC 13
   and later).  */
#define GT_DEVICE_INITIAL	(-1)	/* omp_initial_device.  */
#define GT_DEVICE_INVALID	(-4)	/* omp_invalid_device; also in
					   constructs, where GCC 13 and later
					   leave it as is.  */

/* GOMP_target_ext / GOMP_target_enter_exit_data flags.  */
#define GT_TARGET_FLAG_NOWAIT		1
#define GT_TARGET_FLAG_EXIT_DATA	2

/* The ARGS array of GOMP_target_ext.  */
#define GT_TARGET_ARG_DEVICE_MASK	0x7f
#define GT_TARGET_ARG_DEVICE_ALL	0
#define GT_TARGET_ARG_SUBSEQUENT_PARAM	0x80
#define GT_TARGET_ARG_ID_MASK		0xff00
#define GT_TARGET_ARG_NUM_TEAMS		0x100
#define GT_TARGET_ARG_THREAD_LIMIT	0x200
#define GT_TARGET_ARG_VALUE_SHIFT	16

/* GOMP_offload_register_ver versions and target types.  */
#define GT_VERSION_LIB(v)	((v) >> 16)
#define GT_VERSION_DEV(v)	((v) & 0xffff)
#define GT_OFFLOAD_TARGET_HOST		2
#define GT_OFFLOAD_TARGET_NVIDIA_PTX	5
#define GT_OFFLOAD_TARGET_GCN		8

/* GOMP_task flags used to hand target tasks to the native runtime, and
   the one of a taskloop's flags that gomptarget reads.  */
#define GT_TASK_FLAG_UNTIED	(1 << 0)
#define GT_TASK_FLAG_DEPEND	(1 << 3)
#define GT_TASK_FLAG_NOGROUP	(1 << 11)
#define GT_TASK_FLAG_DETACH	(1 << 13)

#endif /* GT_MAP_KINDS_H */
