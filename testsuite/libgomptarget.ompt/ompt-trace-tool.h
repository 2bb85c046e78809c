/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   The tool of the OMPT device tracing tests (ompt-trace.h,
   ompt-device-times.h), in the program: it asks for device_initialize
   only, where it looks up the tracing interface, lets the includer's
   enable_trace choose the records and starts the trace of device 0 with
   the includer's on_request and on_complete; it ends with the includer's
   tool_finalize.  */

#include <stdbool.h>
#include <stdio.h>

static ompt_set_trace_ompt_t set_trace;
static ompt_start_trace_t start_trace;
static ompt_advance_buffer_cursor_t advance;
static ompt_get_record_ompt_t get_record;
static ompt_translate_time_t translate;
static ompt_get_device_time_t device_time;
static ompt_device_t *traced_device;

static bool enable_trace (ompt_device_t *);
static void on_request (int, ompt_buffer_t **, size_t *);
static void on_complete (int, ompt_buffer_t *, size_t, ompt_buffer_cursor_t,
			 int);
static void tool_finalize (ompt_data_t *);

static void
on_device_initialize (int device_num, const char *type,
		      ompt_device_t *device, ompt_function_lookup_t lookup,
		      const char *documentation)
{
  (void) type; (void) documentation;
  if (device_num != 0)
    return;
  if (device == NULL || lookup == NULL)
    {
      printf ("FAIL: device 0 cannot be traced\n");
      return;
    }
  traced_device = device;
  set_trace = (ompt_set_trace_ompt_t) lookup ("ompt_set_trace_ompt");
  start_trace = (ompt_start_trace_t) lookup ("ompt_start_trace");
  advance = (ompt_advance_buffer_cursor_t)
	    lookup ("ompt_advance_buffer_cursor");
  get_record = (ompt_get_record_ompt_t) lookup ("ompt_get_record_ompt");
  translate = (ompt_translate_time_t) lookup ("ompt_translate_time");
  device_time = (ompt_get_device_time_t) lookup ("ompt_get_device_time");
  if (!set_trace || !start_trace || !advance || !get_record || !translate
      || !device_time || !enable_trace (device)
      || !start_trace (device, on_request, on_complete))
    printf ("FAIL: starting the trace of device 0\n");
}

static int
tool_initialize (ompt_function_lookup_t lookup, int initial_device_num,
		 ompt_data_t *tool_data)
{
  ompt_set_callback_t set
    = (ompt_set_callback_t) lookup ("ompt_set_callback");

  (void) initial_device_num; (void) tool_data;
  set (ompt_callback_device_initialize,
       (ompt_callback_t) on_device_initialize);
  return 1;
}

ompt_start_tool_result_t *
ompt_start_tool (unsigned int omp_version, const char *runtime_version)
{
  static ompt_start_tool_result_t result = { tool_initialize, tool_finalize,
					     { 0 } };

  (void) omp_version; (void) runtime_version;
  return &result;
}
