/* omp-tools.h -- the OMPT interface of OpenMP 5.1 that gomptarget
   offers to tools: the types, the constants and the signatures of the
   callbacks and entry points of target constructs (the values are the
   OpenMP specification's, so that a tool written for it builds here).
   Installed as <gomptarget/omp-tools.h>.

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

#ifndef GOMPTARGET_OMP_TOOLS_H
#define GOMPTARGET_OMP_TOOLS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef union ompt_data_t
{
  uint64_t value;
  void *ptr;
} ompt_data_t;

#define ompt_data_none { 0 }

typedef uint64_t ompt_id_t;
#define ompt_id_none 0
typedef uint64_t ompt_device_time_t;
#define ompt_time_none 0
typedef void ompt_device_t;
typedef void ompt_buffer_t;
typedef uint64_t ompt_buffer_cursor_t;

typedef enum ompt_callbacks_t
{
  ompt_callback_thread_begin = 1,
  ompt_callback_thread_end = 2,
  ompt_callback_parallel_begin = 3,
  ompt_callback_parallel_end = 4,
  ompt_callback_task_create = 5,
  ompt_callback_task_schedule = 6,
  ompt_callback_implicit_task = 7,
  ompt_callback_target = 8,
  ompt_callback_target_data_op = 9,
  ompt_callback_target_submit = 10,
  ompt_callback_control_tool = 11,
  ompt_callback_device_initialize = 12,
  ompt_callback_device_finalize = 13,
  ompt_callback_device_load = 14,
  ompt_callback_device_unload = 15,
  ompt_callback_sync_region_wait = 16,
  ompt_callback_mutex_released = 17,
  ompt_callback_dependences = 18,
  ompt_callback_task_dependence = 19,
  ompt_callback_work = 20,
  ompt_callback_masked = 21,
  ompt_callback_master = 21,
  ompt_callback_target_map = 22,
  ompt_callback_sync_region = 23,
  ompt_callback_lock_init = 24,
  ompt_callback_lock_destroy = 25,
  ompt_callback_mutex_acquire = 26,
  ompt_callback_mutex_acquired = 27,
  ompt_callback_nest_lock = 28,
  ompt_callback_flush = 29,
  ompt_callback_cancel = 30,
  ompt_callback_reduction = 31,
  ompt_callback_dispatch = 32,
  ompt_callback_target_emi = 33,
  ompt_callback_target_data_op_emi = 34,
  ompt_callback_target_submit_emi = 35,
  ompt_callback_target_map_emi = 36,
  ompt_callback_error = 37
} ompt_callbacks_t;

typedef enum ompt_set_result_t
{
  ompt_set_error = 0,
  ompt_set_never = 1,
  ompt_set_impossible = 2,
  ompt_set_sometimes = 3,
  ompt_set_sometimes_paired = 4,
  ompt_set_always = 5
} ompt_set_result_t;

typedef enum ompt_scope_endpoint_t
{
  ompt_scope_begin = 1,
  ompt_scope_end = 2,
  ompt_scope_beginend = 3
} ompt_scope_endpoint_t;

typedef enum ompt_target_t
{
  ompt_target = 1,
  ompt_target_enter_data = 2,
  ompt_target_exit_data = 3,
  ompt_target_update = 4,
  ompt_target_nowait = 9,
  ompt_target_enter_data_nowait = 10,
  ompt_target_exit_data_nowait = 11,
  ompt_target_update_nowait = 12
} ompt_target_t;

typedef enum ompt_target_data_op_t
{
  ompt_target_data_alloc = 1,
  ompt_target_data_transfer_to_device = 2,
  ompt_target_data_transfer_from_device = 3,
  ompt_target_data_delete = 4,
  ompt_target_data_associate = 5,
  ompt_target_data_disassociate = 6,
  ompt_target_data_alloc_async = 17,
  ompt_target_data_transfer_to_device_async = 18,
  ompt_target_data_transfer_from_device_async = 19,
  ompt_target_data_delete_async = 20
} ompt_target_data_op_t;

typedef enum ompt_target_map_flag_t
{
  ompt_target_map_flag_to = 0x01,
  ompt_target_map_flag_from = 0x02,
  ompt_target_map_flag_alloc = 0x04,
  ompt_target_map_flag_release = 0x08,
  ompt_target_map_flag_delete = 0x10,
  ompt_target_map_flag_implicit = 0x20
} ompt_target_map_flag_t;

typedef enum ompt_record_t
{
  ompt_record_ompt = 1,
  ompt_record_native = 2,
  ompt_record_invalid = 3
} ompt_record_t;

/* Tool initialisation.  */
typedef void (*ompt_interface_fn_t) (void);
typedef ompt_interface_fn_t (*ompt_function_lookup_t) (const char *);
typedef int (*ompt_initialize_t) (ompt_function_lookup_t lookup,
				  int initial_device_num,
				  ompt_data_t *tool_data);
typedef void (*ompt_finalize_t) (ompt_data_t *tool_data);

typedef struct ompt_start_tool_result_t
{
  ompt_initialize_t initialize;
  ompt_finalize_t finalize;
  ompt_data_t tool_data;
} ompt_start_tool_result_t;

/* Defined by a tool (in the program or in a library of
   OMP_TOOL_LIBRARIES).  */
extern ompt_start_tool_result_t *ompt_start_tool (unsigned int omp_version,
						   const char *runtime_version);

/* The entry points a tool looks up.  */
typedef void (*ompt_callback_t) (void);
typedef ompt_set_result_t (*ompt_set_callback_t) (ompt_callbacks_t event,
						   ompt_callback_t callback);
typedef int (*ompt_get_callback_t) (ompt_callbacks_t event,
				    ompt_callback_t *callback);
typedef ompt_data_t *(*ompt_get_thread_data_t) (void);
typedef int (*ompt_get_num_devices_t) (void);
typedef int (*ompt_get_num_procs_t) (void);
typedef uint64_t (*ompt_get_unique_id_t) (void);
typedef int (*ompt_get_target_info_t) (uint64_t *device_num,
				       ompt_id_t *target_id,
				       ompt_id_t *host_op_id);
typedef void (*ompt_finalize_tool_t) (void);

/* The callbacks of devices.  */
typedef void (*ompt_callback_device_initialize_t) (int device_num,
						   const char *type,
						   ompt_device_t *device,
						   ompt_function_lookup_t
						   lookup,
						   const char *documentation);
typedef void (*ompt_callback_device_finalize_t) (int device_num);
typedef void (*ompt_callback_device_load_t) (int device_num,
					     const char *filename,
					     int64_t offset_in_file,
					     void *vma_in_file, size_t bytes,
					     void *host_addr,
					     void *device_addr,
					     uint64_t module_id);
typedef void (*ompt_callback_device_unload_t) (int device_num,
					       uint64_t module_id);

/* The callbacks of target constructs.  */
typedef void (*ompt_callback_target_emi_t) (ompt_target_t kind,
					    ompt_scope_endpoint_t endpoint,
					    int device_num,
					    ompt_data_t *task_data,
					    ompt_data_t *target_task_data,
					    ompt_data_t *target_data,
					    const void *codeptr_ra);
typedef void (*ompt_callback_target_t) (ompt_target_t kind,
					ompt_scope_endpoint_t endpoint,
					int device_num,
					ompt_data_t *task_data,
					ompt_id_t target_id,
					const void *codeptr_ra);
typedef void (*ompt_callback_target_data_op_emi_t)
  (ompt_scope_endpoint_t endpoint, ompt_data_t *target_task_data,
   ompt_data_t *target_data, ompt_id_t *host_op_id,
   ompt_target_data_op_t optype, void *src_addr, int src_device_num,
   void *dest_addr, int dest_device_num, size_t bytes,
   const void *codeptr_ra);
typedef void (*ompt_callback_target_data_op_t)
  (ompt_id_t target_id, ompt_id_t host_op_id, ompt_target_data_op_t optype,
   void *src_addr, int src_device_num, void *dest_addr,
   int dest_device_num, size_t bytes, const void *codeptr_ra);
typedef void (*ompt_callback_target_submit_emi_t)
  (ompt_scope_endpoint_t endpoint, ompt_data_t *target_data,
   ompt_id_t *host_op_id, unsigned int requested_num_teams);
typedef void (*ompt_callback_target_submit_t)
  (ompt_id_t target_id, ompt_id_t host_op_id,
   unsigned int requested_num_teams);
typedef void (*ompt_callback_target_map_emi_t)
  (ompt_data_t *target_data, unsigned int nitems, void **host_addr,
   void **device_addr, size_t *bytes, unsigned int *mapping_flags,
   const void *codeptr_ra);
typedef void (*ompt_callback_target_map_t)
  (ompt_id_t target_id, unsigned int nitems, void **host_addr,
   void **device_addr, size_t *bytes, unsigned int *mapping_flags,
   const void *codeptr_ra);

/* Device tracing: the records of a device's trace buffer.  */
typedef struct ompt_record_target_t
{
  ompt_target_t kind;
  ompt_scope_endpoint_t endpoint;
  int device_num;
  ompt_id_t task_id;
  ompt_id_t target_id;
  const void *codeptr_ra;
} ompt_record_target_t;

typedef struct ompt_record_target_data_op_t
{
  ompt_id_t host_op_id;
  ompt_target_data_op_t optype;
  void *src_addr;
  int src_device_num;
  void *dest_addr;
  int dest_device_num;
  size_t bytes;
  ompt_device_time_t end_time;
  const void *codeptr_ra;
} ompt_record_target_data_op_t;

typedef struct ompt_record_target_map_t
{
  ompt_id_t target_id;
  unsigned int nitems;
  void **host_addr;
  void **device_addr;
  size_t *bytes;
  unsigned int *mapping_flags;
  const void *codeptr_ra;
} ompt_record_target_map_t;

typedef struct ompt_record_target_kernel_t
{
  ompt_id_t host_op_id;
  unsigned int requested_num_teams;
  unsigned int granted_num_teams;
  ompt_device_time_t end_time;
} ompt_record_target_kernel_t;

typedef struct ompt_record_ompt_t
{
  ompt_callbacks_t type;
  ompt_device_time_t time;
  ompt_id_t thread_id;
  ompt_id_t target_id;
  union
  {
    ompt_record_target_t target;
    ompt_record_target_data_op_t target_data_op;
    ompt_record_target_map_t target_map;
    ompt_record_target_kernel_t target_kernel;
  } record;
} ompt_record_ompt_t;

typedef void (*ompt_callback_buffer_request_t) (int device_num,
						ompt_buffer_t **buffer,
						size_t *bytes);
typedef void (*ompt_callback_buffer_complete_t) (int device_num,
						 ompt_buffer_t *buffer,
						 size_t bytes,
						 ompt_buffer_cursor_t begin,
						 int buffer_owned);

/* The entry points of a device's lookup (ompt_callback_device_
   initialize).  */
typedef ompt_set_result_t (*ompt_set_trace_ompt_t) (ompt_device_t *device,
						     unsigned int enable,
						     unsigned int etype);
typedef int (*ompt_start_trace_t) (ompt_device_t *device,
				   ompt_callback_buffer_request_t request,
				   ompt_callback_buffer_complete_t complete);
typedef int (*ompt_pause_trace_t) (ompt_device_t *device, int begin_pause);
typedef int (*ompt_flush_trace_t) (ompt_device_t *device);
typedef int (*ompt_stop_trace_t) (ompt_device_t *device);
typedef int (*ompt_advance_buffer_cursor_t) (ompt_device_t *device,
					     ompt_buffer_t *buffer,
					     size_t size,
					     ompt_buffer_cursor_t current,
					     ompt_buffer_cursor_t *next);
typedef ompt_record_t (*ompt_get_record_type_t) (ompt_buffer_t *buffer,
						 ompt_buffer_cursor_t current);
typedef ompt_record_ompt_t *(*ompt_get_record_ompt_t)
  (ompt_buffer_t *buffer, ompt_buffer_cursor_t current);
typedef ompt_device_time_t (*ompt_get_device_time_t) (ompt_device_t *device);
typedef double (*ompt_translate_time_t) (ompt_device_t *device,
					 ompt_device_time_t time);

#ifdef __cplusplus
}
#endif

#endif /* GOMPTARGET_OMP_TOOLS_H */
