/* gomptarget-plugin.h -- the interface between the gomptarget front end
   and its target RTLs (plugins): the __tgt_rtl_* entry points, the image
   and table types they exchange, and how a GCC image is wrapped; the
   services the front end offers plugins are in gomptarget-services.h,
   included at the end.

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

#ifndef GOMPTARGET_PLUGIN_H
#define GOMPTARGET_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One entry of an offload table: a function or a variable.  For GCC
   images the front end fills NAME with NULL: GCC matches host and device
   entries by their position in the tables, not by name.  */
typedef struct __tgt_offload_entry
{
  void *addr;		/* Host address (or device address in a
			   table a plugin returns).  */
  char *name;
  size_t size;		/* 0 for a function, else the variable size.  */
  int32_t flags;	/* GT_OFFLOAD_ENTRY_*.  */
  int32_t reserved;
} __tgt_offload_entry;

#define GT_OFFLOAD_ENTRY_FUNC	0
#define GT_OFFLOAD_ENTRY_VAR	1
#define GT_OFFLOAD_ENTRY_LINK	2	/* declare target link variable.  */
#define GT_OFFLOAD_ENTRY_ICVS	4	/* In a load_binary table, after the
					   image's entries: the device's ICV
					   variable, which the front end
					   fills right after loading (see
					   below).  */

/* The device ICV variable of a GCC image, as the front end fills it: its
   entry's addr is its device address, its size the variable's size.
   GCC 12 (library version 1): int __gomp_device_num, 4 bytes, the
   device's OpenMP device number.  GCC 13 and 14: __gomp_additional_icvs,
   16 bytes, four int32: the device number, then the device's
   default-device-var, nteams-var and teams-thread-limit-var (from
   OMP_DEFAULT_DEVICE, OMP_NUM_TEAMS and OMP_TEAMS_THREAD_LIMIT with their
   _DEV_<n>, _DEV and _ALL forms).  A variable of another size is left
   alone (said under GOMP_DEBUG).  */
#define GT_GCC12_ICVS_SIZE	4
#define GT_GCC14_ICVS_SIZE	16

/* A device image handed to is_valid_binary and load_binary.  */
typedef struct __tgt_device_image
{
  void *ImageStart;
  void *ImageEnd;
  __tgt_offload_entry *EntriesBegin;
  __tgt_offload_entry *EntriesEnd;
} __tgt_device_image;

/* What load_binary returns: the device addresses of the image's entries,
   in the order of the image's entries.  An entry's addr may be NULL when
   the device cannot run that region.  */
typedef struct __tgt_target_table
{
  __tgt_offload_entry *EntriesBegin;
  __tgt_offload_entry *EntriesEnd;
} __tgt_target_table;

/* How the front end wraps a GCC registration (GOMP_offload_register_ver)
   in a __tgt_device_image: ImageStart points to this descriptor and
   ImageEnd just past it, so that a plugin's is_valid_binary can claim an
   image by reading two words.  The descriptor grew with GCC 13 and 14
   (the fields from requires_mask on): a plugin that reads them checks
   first that ImageEnd - ImageStart covers them.  */
#define GT_GCC_IMAGE_MAGIC 0x47544743u	/* "GTGC" */

/* The two halves of GOMP_offload_register_ver's version word.  */
#define GT_GCC_VERSION_LIB(v)	((uint32_t) (v) >> 16)
#define GT_GCC_VERSION_DEV(v)	((uint32_t) (v) & 0xffff)

/* Bits of an 'omp requires' mask (GCC's GOMP_REQUIRES_*), as in
   struct gt_gcc_image's requires_mask and init_requires's argument.  */
#define GT_REQUIRES_UNIFIED_ADDRESS		0x10
#define GT_REQUIRES_UNIFIED_SHARED_MEMORY	0x20
#define GT_REQUIRES_REVERSE_OFFLOAD		0x80
#define GT_REQUIRES_TARGET_USED			0x200	/* Only in images.  */

/* Which GCC made an image, and so the layout of its data, is told by the
   version word.  Its library half (GT_GCC_VERSION_LIB):
     1 (or 0): GCC 12 and older -- host table of 4 words, no requires
	       mask, no indirect functions;
     2:        GCC 13 -- 4-word host table; mkoffload's data starts with
	       the requires mask word, which the front end skips;
     3:        GCC 14 -- as 2, and a 6-word host table whose words 4 and 5
	       delimit the host addresses of 'declare target indirect'
	       functions.
   Its device half (GT_GCC_VERSION_DEV) is the target's own descriptor
   version.  What TARGET_DATA points to, by target (LP64 offsets):
     nvptx (target type 5), device version 1 throughout:
       0 {const char *code; size_t size} *ptx_objs; 8 uint32 ptx_num;
       16 const char **var_names; 24 uint32 var_num;
       32 {const char *name; uint16 dim[3]} *fn_names; 40 uint32 fn_num;
       library version 3 adds 44 uint32 ind_fn_num.
     GCN (target type 8):
       device version 2 (GCC 12): 0 {size_t size; void *image} *image;
	 8 uint32 kernel_count; 16 kernel records *kernel_infos;
	 24 uint32 global_variable_count;
       device version 3 (GCC 14): as 2 up to 16, then 24 uint32
	 ind_func_count, 28 uint32 global_variable_count; GCC 14 kernels
	 also expect GCC 14's kernarg block (config/gcn).
   The kernel record layouts and the symbols of each image are described
   in the project's ABI notes.  */
struct gt_gcc_image
{
  uint32_t magic;		/* GT_GCC_IMAGE_MAGIC.  */
  uint32_t version;		/* GOMP_offload_register_ver's version,
				   see above.  */
  int32_t target_type;		/* GT_OFFLOAD_TARGET_* (5 nvptx, 8 gcn).  */
  uint32_t num_funcs;		/* Functions in the host table.  */
  uint32_t num_vars;		/* Variables in the host table.  */
  const void *host_table;	/* GCC's host table: {funcs_begin,
				   funcs_end, vars_begin, vars_end} and,
				   from library version 3, {ind_funcs_begin,
				   ind_funcs_end}.  */
  const void *target_data;	/* mkoffload's descriptor for the target,
				   with the requires word of library
				   versions 2 and 3 already skipped: the
				   data GCC's own plugin receives.  */
  /* From here on, since GCC 13 (library version 2).  */
  uint32_t requires_mask;	/* The image's 'omp requires' mask
				   (GT_REQUIRES_* bits, as mkoffload stored
				   it); 0 for library version 1.  The
				   program's mask, which every image of
				   the program shares, is what
				   init_requires receives.  */
  uint32_t num_ind_funcs;	/* 'declare target indirect' functions
				   (library version 3; else 0).  */
  void *const *ind_funcs;	/* Their host addresses, in the order of
				   the image's table of their device
				   addresses (nvptx $offload_ind_func_table,
				   GCN .offload_ind_func_table); NULL when
				   there are none.  */
};

/* Events of the asynchronous interface.  A tgt_event_t names the
   completion of an operation a plugin accepted; it is opaque to the front
   end and valid until the plugin's device is deinitialised (release_dep
   says the front end no longer needs it).  NULL is no event.  A
   tgt_sync_event_t is the front end's token for a completion it wants to
   hear about (async_notify): the plugin hands it back to the callback
   given to init_dep.  */
typedef void *tgt_event_t;
typedef void *tgt_sync_event_t;
typedef void (*tgt_callback_fct) (tgt_sync_event_t token);

/* Capabilities a plugin reports through the optional
   __tgt_rtl_get_capabilities.  */
#define GT_CAP_HOST_CODE	(1u << 0)	/* Runs host function pointers
						   itself: no image needed.  */
#define GT_CAP_SHARED_MEMORY	(1u << 1)	/* Device memory is host
						   memory.  */
#define GT_CAP_SURVIVES_FORK	(1u << 2)	/* Its devices initialised
						   before fork () stay usable
						   in the child process.  */
#define GT_CAP_RUNS_IN_PLACE	(1u << 3)	/* Its synchronous calls run
						   on the calling thread, at
						   no more cost than queueing:
						   the front end uses them for
						   a construct the caller
						   waits for.  */
#define GT_CAP_HOST_MEMORY	(1u << 4)	/* Its device memory is in
						   the host's address space,
						   and a synchronous copy is
						   a memcpy: the front end
						   makes it itself.  */

/* Flags of __tgt_rtl_async_launch.  GT_LAUNCH_CALLER_WAITS: the
   construct is synchronous -- the caller waits for the launch's
   completion before it returns to the program and holds no lock of the
   front end -- so a plugin may run the region before returning, on the
   calling thread, when nothing is queued before it.  */
#define GT_LAUNCH_CALLER_WAITS	(1u << 0)
/* GT_LAUNCH_WAIT_HERE (with GT_LAUNCH_CALLER_WAITS): the caller waits for
   the launch as soon as the call returns, and queues nothing behind it
   meanwhile.  A plugin may then wait for it before it returns: where the
   region ran and what was queued before it succeeded, *COMPLETION_EVENT
   is NULL (the caller waits for nothing); else it is the launch's event,
   whose wait reports the failure.  A plugin that ignores the flag gives
   the event as always.  */
#define GT_LAUNCH_WAIT_HERE	(1u << 1)

/* Return codes.  */
#define GT_RTL_SUCCESS	0
#define GT_RTL_FAIL	(-1)

/* A rectangular part of one array to copy into another (data_copy_rect):
   DEPTH slices (1 for a 2-D copy) of HEIGHT rows of WIDTH bytes, taken
   from SRC at slice SRC_OFFSET[0], row SRC_OFFSET[1], byte SRC_OFFSET[2]
   of each row, where a row of SRC is SRC_PITCH bytes and a slice
   SRC_HEIGHT rows, and put at the same place of DST described by the
   dst_ fields.  */
typedef struct gt_rect_copy
{
  void *dst;
  const void *src;
  size_t width, height, depth;
  size_t dst_offset[3], src_offset[3];
  size_t dst_pitch, dst_height;
  size_t src_pitch, src_height;
} gt_rect_copy;

/* The entry points, from gomptarget-plugin.def:

   ---- Required.  ----
   number_of_devices: how many devices of this plugin's kind can be used.
     A plugin whose vendor library or hardware is missing returns 0 and
     says why under GOMP_DEBUG=1, printing nothing else.
   is_valid_binary: nonzero if IMAGE can run on this plugin's devices;
     cheap (reads the wrapper of a GCC image, see struct gt_gcc_image).
   init_device: initialise device ID (0-based within the plugin); 0 on
     success.
   load_binary: load IMAGE onto device ID; NULL on failure.  The table
     holds the device address of each entry of the image, in order
     (functions, then variables); an address may be NULL when the device
     cannot run that region.  For a function the address is whatever the
     plugin wants run_target_region to receive.
   data_alloc: SIZE bytes of device memory meant to hold a copy of
     HOST_PTR (which may be NULL); NULL on failure.
   data_submit / data_retrieve: copy SIZE bytes host -> device / device ->
     host and wait for the copy; 0 on success.  A synchronous call need
     not be ordered after work queued through the asynchronous interface:
     a caller that depends on such work waits for it first.
   data_delete: free memory from data_alloc; 0 on success.
   run_target_region, run_target_team_region: run ENTRY with TGT_VARS, the
     ARG_NUM device addresses of the region's variables (plus OFFSETS[i]
     when OFFSETS is non-NULL), and wait for it.  A GCC region receives
     one pointer to that array; the plugin decides where the array lives
     on the device, so the caller's array is free again on return.
     NUM_TEAMS: > 0 the number of teams wanted (1 for a region without a
     teams construct), 0 the plugin's choice; THREAD_LIMIT: > 0 a limit,
     0 the plugin's choice.

   ---- Optional.  ----
   get_capabilities: GT_CAP_* bits.
   no_devices_reason: after number_of_devices returned 0, why, in a few
     words ("cannot load the CUDA driver library libcuda.so.1 (...)"), or
     NULL; the front end names it in the fatal error of
     OMP_TARGET_OFFLOAD=MANDATORY.  Valid until the plugin is unloaded
     (the front end copies it first).
   device_info: describe device ID for users (gomptarget-info): lines
     "PROPERTY: VALUE" (name, architecture or ISA, memory, compute units,
     unified memory, asynchronous work...) in BUF of SIZE bytes, NUL
     terminated; works before init_device.  0, or GT_RTL_FAIL for no such
     device.
   image_info: when IMAGE is one of this plugin's kind, describe it in
     BUF as device_info does (the code's target: "ISA: gfx906", "PTX
     target: sm_53"...) and return 0; else GT_RTL_FAIL.
   init_requires: the program's 'omp requires' mask (GT_REQUIRES_* bits,
     without GT_REQUIRES_TARGET_USED), called before number_of_devices;
     returns the bits the plugin's devices can honour.  The front end
     does not use the devices of a plugin that cannot honour the whole
     mask (a plugin without init_requires honours none), except that a
     device that runs host code (GT_CAP_HOST_CODE) shares the host's
     address space: the front end gives it unified_address itself, and
     unified_shared_memory by running it in shared-memory mode (no
     copies; host addresses in the region).  reverse_offload is the
     plugin's to honour, host-code devices included (see
     GOMPTARGET_PLUGIN_run_host_region_ancestor).
   set_device_number: device ID is the program's OpenMP device DEVICE_NUM;
     called before init_device.
   deinit_device: finish the device's work, unload its images, free its
     memory; 0 on success.  The device may be initialised again later.
   unload_binary: unload IMAGE (given to load_binary before) from ID.
   rev_fn_table: the reverse-offload function table of IMAGE, loaded on
     device ID (called after load_binary when the program requires
     reverse_offload): *TABLE receives *COUNT device addresses, one per
     function of the image's host function table and in its order, each
     the device address of the function a device-side request names for
     that host function (the "$nohost" version of an ancestor region:
     nvptx $offload_func_table, GCN .offload_func_table), or 0.  The
     table belongs to the plugin until IMAGE is unloaded.  *COUNT 0 and
     *TABLE NULL: the image has no such function.  0 on success.
   is_data_exchangable / data_exchange: direct device-to-device copies.

   Asynchronous interface.  Every async_* call queues an operation behind
   the NUM_DEP_EVENTS events DEP_EVENTS (events of this plugin, of any of
   its devices, complete or not) and stores in *COMPLETION_EVENT the event
   of its completion; it returns 0, or an error code and no event.  An
   operation runs after its dependences; operations whose first dependence
   is the completion of an earlier operation on the same device go, in
   order, to that operation's queue (stream).  Host memory given to an
   operation is read or written when the operation runs, not when it is
   queued; it must stay valid until the operation's event completes.
   Queued work is guaranteed to make progress once the front end waits for
   one of its events (synchronize) or asks to be told of its completion
   (async_notify).
   init_dep: the callback the plugin calls once for each async_notify,
     from any thread, when the event has completed; the callback does not
     call the plugin.
   enforce_dep: 0 if device TO_ID can order work behind COMPLETION_EVENT
     (an event of device FROM_ID) by itself, so that the event may be
     given as a dependence of TO_ID's operations without the host waiting
     for it; nonzero otherwise.
   release_dep: the front end no longer refers to COMPLETION_EVENT.
   process_dep: run the completion work that is due on the calling thread
     (for plugins without threads of their own); the number of callbacks
     made.
   async_dep: an event that completes after all DEP_EVENTS.
   async_data_submit / async_data_retrieve / async_data_exchange: copies.
   async_run_target_region / async_run_target_team_region: launches; the
     TGT_VARS array is read when the call is made.
   async_launch: async_run_target_team_region with FLAGS, GT_LAUNCH_*
     bits that tell the plugin how the launch will be waited for (a
     gomptarget extension; a plugin without it gets the seed's call).
   async_host_call: run FN (ARG) on the host, in order with the queue.
   async_notify: call the init_dep callback with TOKEN once EVENT has
     completed (at once if it has).
   synchronize: wait until EVENT has completed (NULL: all work queued on
     device ID so far); 0 on success, an error code if an operation it
     waited for failed.
   query_event: whether EVENT has completed, without waiting: 0 if it has
     and the operations up to it succeeded, 1 if it has not (yet), an
     error code if an operation up to it failed or EVENT is not valid (a
     gomptarget extension; the front end waits where a plugin lacks it).
     EVENT NULL: whether all work queued on device ID so far has completed
     (1 if not; the front end does not take a device down at exit while
     it has).  Asking does not make queued work progress.

   Rectangular copies.
   data_copy_rect: copy COPY from device SRC_ID's memory to device DST_ID's
     (-1 for either: host memory; both -1 is not asked) and wait for it;
     the two devices belong to this plugin.  0 when the copy is done;
     nonzero when the plugin did not do it (a shape or a pair of devices
     it cannot copy at once, or a failure it reported), and the front end
     copies it another way.

   Devices that are other processes of the same program.
   serve_program: called before main, once, when the program's own
     images are registered (NUM_IMAGES of IMAGES, in the order they were
     registered, oldest first; the array is the caller's), before any
     other entry point and even when the plugin has no device: a plugin
     whose devices are other processes running this same program (MPI
     ranks) starts its transport here, and in a process that is to be a
     device keeps it as the device's server: it never returns there (the
     process exits once served).  0 otherwise.  The front end calls it in
     every plugin that has it, and keeps such a plugin loaded; the
     plugin core does not define it (plugin-mpi does, itself).  */
#define GT_PLUGIN_ENTRY(NAME, REQUIRED, RET, PARAMS) \
  RET __tgt_rtl_##NAME PARAMS __attribute__ ((visibility ("default")));
#include "gomptarget-plugin.def"
#undef GT_PLUGIN_ENTRY

#ifdef __cplusplus
}
#endif

/* The services of the front end for plugins.  */
#include "gomptarget-services.h"

#endif /* GOMPTARGET_PLUGIN_H */
