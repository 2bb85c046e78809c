/* gomptarget-plugin.h -- the interface between the gomptarget front end
   and its target RTLs (plugins): the __tgt_rtl_* entry points, the image
   and table types they exchange, and how a GCC image is wrapped.

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
   image by reading two words.  */
#define GT_GCC_IMAGE_MAGIC 0x47544743u	/* "GTGC" */

struct gt_gcc_image
{
  uint32_t magic;		/* GT_GCC_IMAGE_MAGIC.  */
  uint32_t version;		/* GOMP_offload_register_ver's version.  */
  int32_t target_type;		/* GT_OFFLOAD_TARGET_* (5 nvptx, 8 gcn).  */
  uint32_t num_funcs;		/* Functions in the host table.  */
  uint32_t num_vars;		/* Variables in the host table.  */
  const void *host_table;	/* {funcs_begin, funcs_end, vars_begin,
				   vars_end}.  */
  const void *target_data;	/* mkoffload's descriptor for the target.  */
};

/* Asynchronous interface: completion events are opaque to the front end.  */
typedef void *tgt_event_t;
typedef void *tgt_sync_event_t;
typedef void (*tgt_callback_fct) (tgt_sync_event_t);

/* Capabilities a plugin reports through the optional
   __tgt_rtl_get_capabilities.  */
#define GT_CAP_HOST_CODE	(1u << 0)	/* Runs host function pointers
						   itself: no image needed.  */
#define GT_CAP_SHARED_MEMORY	(1u << 1)	/* Device memory is host
						   memory.  */

/* Return codes.  */
#define GT_RTL_SUCCESS	0
#define GT_RTL_FAIL	(-1)

/* ---- Required entry points.  ---- */

/* The number of devices of this plugin's kind that can be used.  A plugin
   whose vendor library or hardware is missing returns 0 (and says why
   under GOMP_DEBUG=1).  */
int32_t __tgt_rtl_number_of_devices (void);

/* Nonzero if IMAGE can run on this plugin's devices; cheap.  */
int32_t __tgt_rtl_is_valid_binary (__tgt_device_image *image);

/* Initialise device ID (0-based within this plugin); 0 on success.  */
int32_t __tgt_rtl_init_device (int32_t id);

/* Load IMAGE onto device ID; NULL on failure.  */
__tgt_target_table *__tgt_rtl_load_binary (int32_t id,
					   __tgt_device_image *image);

/* Allocate SIZE bytes of device memory, to hold a copy of HOST_PTR
   (which may be NULL); NULL on failure.  */
void *__tgt_rtl_data_alloc (int32_t id, int64_t size, void *host_ptr);

/* Copy SIZE bytes host -> device; 0 on success.  */
int32_t __tgt_rtl_data_submit (int32_t id, void *tgt_ptr, void *host_ptr,
			       int64_t size);

/* Copy SIZE bytes device -> host; 0 on success.  */
int32_t __tgt_rtl_data_retrieve (int32_t id, void *host_ptr, void *tgt_ptr,
				 int64_t size);

/* Free device memory from data_alloc; 0 on success.  */
int32_t __tgt_rtl_data_delete (int32_t id, void *tgt_ptr);

/* Run ENTRY with TGT_VARS, the ARG_NUM device addresses of the region's
   variables (plus OFFSETS[i] when OFFSETS is non-NULL; the gomptarget
   front end always passes NULL).  A GCC kernel receives one pointer to
   that array; the plugin decides where the array lives on the device.  */
int32_t __tgt_rtl_run_target_region (int32_t id, void *entry,
				     void **tgt_vars, ptrdiff_t *offsets,
				     int32_t arg_num);

/* As above with a teams/threads request; 0 in either means "choose".  */
int32_t __tgt_rtl_run_target_team_region (int32_t id, void *entry,
					  void **tgt_vars, ptrdiff_t *offsets,
					  int32_t arg_num, int32_t num_teams,
					  int32_t thread_limit,
					  uint64_t loop_tripcount);

/* ---- Optional entry points.  ---- */

uint32_t __tgt_rtl_get_capabilities (void);
int64_t __tgt_rtl_init_requires (int64_t requires_flags);
int32_t __tgt_rtl_is_data_exchangable (int32_t src_id, int32_t dst_id);
int32_t __tgt_rtl_data_exchange (int32_t src_id, void *src_ptr,
				 int32_t dst_id, void *dst_ptr, int64_t size);
int32_t __tgt_rtl_synchronize (int32_t id, void *async_info);

/* Dependences enforced by the device (seed: asynchronous interface).  */
void __tgt_rtl_init_dep (tgt_callback_fct completion_callback);
int32_t __tgt_rtl_enforce_dep (int32_t from_id, int32_t to_id,
			       tgt_event_t completion_event);
void __tgt_rtl_release_dep (tgt_sync_event_t completion_event);
int32_t __tgt_rtl_process_dep (void);

/* Asynchronous transfers and launches.  COMPLETION_EVENT receives an event
   that occurs once the operation and all DEP_EVENTS are complete.  */
int32_t __tgt_rtl_async_dep (int32_t id, int32_t num_dep_events,
			     tgt_event_t *dep_events,
			     tgt_event_t *completion_event);
int32_t __tgt_rtl_async_data_submit (int32_t id, void *tgt_ptr,
				     void *host_ptr, int64_t size,
				     int32_t num_dep_events,
				     tgt_event_t *dep_events,
				     tgt_event_t *completion_event);
int32_t __tgt_rtl_async_data_retrieve (int32_t id, void *host_ptr,
				       void *tgt_ptr, int64_t size,
				       int32_t num_dep_events,
				       tgt_event_t *dep_events,
				       tgt_event_t *completion_event);
int32_t __tgt_rtl_async_run_target_region (int32_t id, void *entry,
					   void **tgt_vars, int32_t arg_num,
					   int32_t num_dep_events,
					   tgt_event_t *dep_events,
					   tgt_event_t *completion_event);
int32_t __tgt_rtl_async_run_target_team_region (int32_t id, void *entry,
						void **tgt_vars,
						int32_t arg_num,
						int32_t num_teams,
						int32_t thread_limit,
						int32_t num_dep_events,
						tgt_event_t *dep_events,
						tgt_event_t *completion_event);

#ifdef __cplusplus
}
#endif

#endif /* GOMPTARGET_PLUGIN_H */
