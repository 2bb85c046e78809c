/* ompt.h -- the OMPT tool of the program (OpenMP 5.1 "OMPT"): found and
   initialised with the device table, and the callbacks of target
   constructs it asked for.  Off unless a tool is active: every hook is
   a test of the GT_PROFILE_OMPT bit of gt_profile_on first, in the
   profiler's places (profile.h).

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

#ifndef GT_OMPT_H
#define GT_OMPT_H

#include "profile.h"
#include "omp-tools.h"

#include <stdbool.h>

/* Nonzero while a tool is active.  */
static inline bool
gt_ompt_active (void)
{
  return GT_UNLIKELY ((gt_profile_on & GT_PROFILE_OMPT) != 0);
}

/* A target construct of OMPT (ompt_target_t): on the stack of the
   thread that runs it, or in the record of a nowait construct.  */
struct gt_ompt_target
{
  ompt_data_t target_data;
  ompt_data_t target_task_data;
  ompt_id_t target_id;
  ompt_target_t kind;
  int device_num;
  const void *codeptr;
  struct gt_ompt_target *outer;	/* The thread's enclosing one.  */
};

/* Initialise the tool found before main (OMP_TOOL, OMP_TOOL_LIBRARIES,
   ompt_start_tool in the program), if any: called once, when the device
   table has been loaded with NUM_DEVICES devices (the host is device
   NUM_DEVICES).  */
void gt_ompt_start (int num_devices) GT_HIDDEN;

/* The initial device's number for the tool.  */
extern int gt_ompt_host GT_HIDDEN;

/* Construct T of KIND on DEVICE_NUM (the host: gt_ompt_host) begins on
   this thread, called from CODEPTR; it encloses what the thread does
   until gt_ompt_target_end or gt_ompt_target_detach.  */
void gt_ompt_target_begin (struct gt_ompt_target *t, ompt_target_t kind,
			   int device_num, const void *codeptr) GT_HIDDEN;
void gt_ompt_target_end (struct gt_ompt_target *t) GT_HIDDEN;

/* This thread is done with nowait construct T, whose end another thread
   may report (gt_ompt_target_end_detached).  */
void gt_ompt_target_detach (struct gt_ompt_target *t) GT_HIDDEN;
void gt_ompt_target_end_detached (struct gt_ompt_target *t) GT_HIDDEN;

/* A data operation of the construct this thread runs: begin or end
   (ENDPOINT), with ID the same at both.  */
void gt_ompt_data_op (ompt_scope_endpoint_t endpoint, ompt_id_t *id,
		      ompt_target_data_op_t optype, void *src, int src_device,
		      void *dest, int dest_device, size_t bytes) GT_HIDDEN;

/* The launch of a kernel of the construct this thread runs.  */
void gt_ompt_submit (ompt_scope_endpoint_t endpoint, ompt_id_t *id,
		     unsigned int requested_num_teams) GT_HIDDEN;

/* The data operation or launch this thread is in (between its begin
   and end) was queued, not done: EVENT, the plugin's event of it.  Its
   trace record waits for the device's times of EVENT.  */
void gt_ompt_queued (uint64_t event) GT_HIDDEN;

/* The device's own times of a copy or (KERNEL) a launch of DEVICE_NUM:
   from DEV_START to DEV_END on its clock, in nanoseconds, START on the
   host's (profile_device_op); EVENT: the plugin's event of it, or 0.
   For the records of the device's trace.  */
void gt_ompt_device_op (int device_num, bool kernel, uint64_t event,
			uint64_t start, uint64_t dev_start, uint64_t dev_end)
  GT_HIDDEN;

/* The word of DEVICE_NUM that is nonzero while its trace wants the
   device's times (GOMPTARGET_PLUGIN_profile_device_timing); NULL when
   it never will.  */
const int32_t *gt_ompt_timing_word (int device_num) GT_HIDDEN;

/* The NITEMS variables of the region this thread is about to map and
   launch: their host addresses, where their device addresses will be,
   sizes and ompt_target_map_flag_t flags (in gt_ompt_map_flags_buffer).
   Reported at the launch (gt_ompt_submit), once the device addresses
   are known; forgotten at the construct's end.  */
void gt_ompt_map_at_launch (size_t nitems, void **host, void **device,
			    size_t *bytes, unsigned int *flags) GT_HIDDEN;

/* This thread's buffer of NITEMS map flags; NULL: no memory.  */
unsigned int *gt_ompt_map_flags_buffer (size_t nitems) GT_HIDDEN;

/* The OMPT map flags of GCC map kind KIND (decoded), IMPLICIT or not.  */
unsigned int gt_ompt_map_flags (int kind, bool implicit) GT_HIDDEN;

/* DEVICE_NUM, of TYPE, was initialised; is finalised.  */
void gt_ompt_device_initialize (int device_num, const char *type)
  GT_HIDDEN;
void gt_ompt_device_finalize (int device_num) GT_HIDDEN;

/* DEVICE_NUM loaded image MODULE_ID of BYTES, whose host table is at
   HOST_ADDR (in the program or library the tool is told); unloads it.  */
void gt_ompt_device_load (int device_num, const void *host_addr,
			  size_t bytes, uint64_t module_id) GT_HIDDEN;
void gt_ompt_device_unload (int device_num, uint64_t module_id) GT_HIDDEN;

#endif /* GT_OMPT_H */
