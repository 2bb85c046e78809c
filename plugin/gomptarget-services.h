/* gomptarget-services.h -- the services the gomptarget front end
   (libgomptarget.so.1) offers its plugins and the device-side code of
   emulated devices, from the one list gomptarget-services.def: their
   prototypes, and struct gt_plugin_services, the table of pointers to
   them through which a plugin reaches them (a plugin is not linked to
   the front end).  Included by gomptarget-plugin.h.

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

#ifndef GOMPTARGET_SERVICES_H
#define GOMPTARGET_SERVICES_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* How the front end reads and writes the memory of the device whose
   reverse-offload request it serves, while its kernel runs (so not on
   the kernel's own stream or queue): copy SIZE bytes from device address
   DEV to HOST, or from HOST to DEV; 0 on success.  ARG is given back to
   both.  */
struct gt_rev_copier
{
  int (*dev2host) (void *arg, void *host, uint64_t dev, uint64_t size);
  int (*host2dev) (void *arg, uint64_t dev, const void *host,
		   uint64_t size);
  void *arg;
};

/* What a device-side writer of an emulated device does with an ancestor
   region reached in host code run as the device's (see
   run_host_region_ancestor below): send the request for HOST_FN (the
   host version of the region) with the MAPNUM device addresses ADDRS,
   sizes SIZES and kinds KINDS through the device's protocol, and return
   once the host has served it.  */
typedef void gt_ancestor_fn (void *arg, void (*host_fn) (void *),
			     uint64_t mapnum, void **addrs,
			     const size_t *sizes,
			     const unsigned short *kinds);

/* The services, from gomptarget-services.def; each NAME is the function
   GOMPTARGET_PLUGIN_NAME:

   run_host_region: run the host version FN of a target region with the
     address array VARS as the initial thread of OpenMP device
     DEVICE_NUM: a fresh initial thread of the native runtime, on which
     omp_is_initial_device () is 0 and omp_get_device_num () is
     DEVICE_NUM.  NUM_TEAMS and THREAD_LIMIT are those of
     run_target_team_region; THREAD_LIMIT is the thread's
     thread-limit-var, 0 none (not the host's).  Returns when FN has
     returned.
   run_host_region_ancestor: as run_host_region; besides, an ancestor
     region reached by any thread of the region (its teams and the
     threads of its parallel regions included) calls ANCESTOR
     (ANCESTOR_ARG, ...) instead of running anything itself.

   Reverse offload.  A region on a device reaches a target construct
   with device(ancestor: 1): the host runs the host version of that
   region, with the map clauses translated from device to host
   addresses, while the device waits.
   target_rev: serve a reverse-offload request of OpenMP device
     DEVICE_NUM (the number the front end wrote into the image's ICV
     variable): FN is the device address of the ancestor region's
     device-side function, found in the tables of rev_fn_table of the
     images loaded on that device, whose host function of the same index
     runs; DEVADDRS, SIZES and KINDS are the device addresses of the
     request's uint64_t[MAPNUM] addresses, uint64_t[MAPNUM] sizes and
     uint16_t[MAPNUM] map kinds, read with COPIER->dev2host.  The map
     clauses are translated through the device's mapping table (searched
     by device address), data that is not mapped gets temporary host
     copies, 'present' data that is absent is a fatal error; the host
     function runs; what its clauses copy back is written with
     COPIER->host2dev.  Returns when done: the plugin then releases the
     device.  Errors are fatal, with libgomp's wording.  Thread-safe; the
     caller holds no lock of its plugin.  For a device that runs host
     code (GT_CAP_HOST_CODE), FN may be the host function itself.

   GOMPTARGET_PROFILE (the front end's trace of what devices did).
   profile_on: nonzero when the front end records the operations of
     device queues: a plugin asks once (as it initialises a device) and
     calls profile_queue_op only then.  The bit GT_PROFILE_DEVICE_TIMES
     of the value asks for the device's own start and end times too
     (profile_device_op) where they cost the host little (the kernels'
     on nvptx, read from memory; GOMPTARGET_PROFILE_DEVICE_TIMES=0 clears
     it); the bit GT_PROFILE_COPY_TIMES for those of copies as well where
     they cost a vendor call or two per copy (CUDA events on nvptx:
     GOMPTARGET_PROFILE_DEVICE_TIMES=all).
   profile_clock: the clock of the records, in nanoseconds (the time
     stamp counter where it is steady, else CLOCK_MONOTONIC).
   profile_queue_op: queue QUEUE (the plugin's number for it) of OpenMP
     device DEVICE_NUM ran an operation of kind KIND (GT_PROFILE_OP_*
     below) from START to END (read from profile_clock), on the
     calling thread: BYTES copied, or a region launched: the kernel NAME
     (its name in the image) or, on a device that runs host code, the
     host function HOST_FN; EVENT is the event the plugin returned when the
     operation was queued (0: it was not queued).  DEP_TIME, when not 0:
     the operation was queued behind one that queue DEP_QUEUE of device
     DEP_DEVICE ran around DEP_TIME (the arrow of a dependence).
     Thread-safe; cheap.
   profile_device_op (optional: NULL in an older library): the times the
     device itself took of an operation profile_queue_op reported (same
     DEVICE_NUM, QUEUE, KIND, NAME, HOST_FN, EVENT; HOST_TIME the start
     of the span reported there): it ran from START to END by the
     device's clock (CUDA events, HSA dispatch time stamps), converted by
     the plugin to profile_clock's; DEV_START and DEV_END the same times
     unconverted, in nanoseconds of the device's own clock (the time base
     of the device's OMPT trace records).  Shown on a track of its own
     beside the queue's, with an arrow from the host-side span, and put
     in the OMPT trace records of the operation.  Thread-safe.
   profile_device_timing (optional): when profile_on has the bit
     GT_PROFILE_OMPT_TIMES, the word that is nonzero while an OMPT tool
     traces device DEVICE_NUM (ompt_start_trace) and wants the device's
     own times of its copies and kernels: read (relaxed) as each
     operation is issued; NULL: never.  Asked once, as the device is
     initialised.
   profile_own (optional): nonzero when the copies the calling thread
     makes now are the runtime's own (pointer attachments, firstprivate
     blocks...): asked as a copy is queued, while profile_on says
     GT_PROFILE_QUEUE_OPS; the plugin then adds GT_PROFILE_OP_OWN to the
     KIND of profile_queue_op and profile_device_op for that copy.
   profile_console (optional: NULL in an older library): the calling
     thread wrote BYTES of what device DEVICE_NUM printed (its console)
     from START to END (profile_clock's).  Thread-safe.

   The end of the program.
   device_ends_program: a device of the plugin ends the program (a
     fault, device code calling exit or abort): from now on the front
     end's exit handlers and destructors leave every device alone and
     take none of its locks, which a thread waiting for the device may
     hold for ever.  Called once, by the thread that ends the program,
     before it calls exit.  */
/* The kinds of operations of profile_queue_op.  */
enum
{
  GT_PROFILE_OP_COPY_TO,	/* Host to device.  */
  GT_PROFILE_OP_COPY_FROM,	/* Device to host.  */
  GT_PROFILE_OP_COPY_PEER,	/* Another device to this one.  */
  GT_PROFILE_OP_LAUNCH,
  GT_PROFILE_OP_HOST_CALL,	/* A host function run in queue order.  */
  GT_PROFILE_OP_WAIT		/* Waiting for another queue.  */
};
/* Added to a kind: a copy the runtime made on its own (profile_own).  */
#define GT_PROFILE_OP_OWN 0x100
/* Added to the kind of profile_queue_op: the calling thread reports the
   device's times of the same operation next (profile_device_op), where
   the trace's arrow to the operation goes on.  */
#define GT_PROFILE_OP_DEVICE_TIMED 0x200

/* The bits of profile_on's value.  */
#define GT_PROFILE_QUEUE_OPS 1	/* Record the queues' operations.  */
#define GT_PROFILE_DEVICE_TIMES 2	/* And the device's own times.  */
#define GT_PROFILE_COPY_TIMES 8	/* Those of copies too, at any cost.  */
/* An OMPT tool may trace devices: calibrate the devices' clocks, and take
   a device's times of its operations while profile_device_timing's word
   says so.  */
#define GT_PROFILE_OMPT_TIMES 4

#define GT_PLUGIN_SERVICE(NAME, RET, PARAMS) \
  RET GOMPTARGET_PLUGIN_##NAME PARAMS;
#include "gomptarget-services.def"
#undef GT_PLUGIN_SERVICE

/* The type of each service, gt_plugin_NAME_fn, and the table of the
   services: one pointer each, NULL for a service the program lacks.  */
#define GT_PLUGIN_SERVICE(NAME, RET, PARAMS) \
  typedef RET gt_plugin_##NAME##_fn PARAMS;
#include "gomptarget-services.def"
#undef GT_PLUGIN_SERVICE

struct gt_plugin_services
{
#define GT_PLUGIN_SERVICE(NAME, RET, PARAMS) gt_plugin_##NAME##_fn *NAME;
#include "gomptarget-services.def"
#undef GT_PLUGIN_SERVICE
};

#ifdef __cplusplus
}
#endif

#endif /* GOMPTARGET_SERVICES_H */
