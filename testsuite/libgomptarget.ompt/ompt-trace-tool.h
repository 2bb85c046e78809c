/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   The tool of the OMPT device tracing tests (ompt-trace.h,
   ompt-device-times.h), in the program: it asks for device_initialize
   only, where the includer's on_device_initialize starts the trace, and
   ends with the includer's tool_finalize.  */

static void on_device_initialize (int, const char *, ompt_device_t *,
				  ompt_function_lookup_t, const char *);
static void tool_finalize (ompt_data_t *);

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
