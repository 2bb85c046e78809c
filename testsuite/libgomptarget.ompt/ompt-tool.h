/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   The OMPT tool of the tests: it asks for every callback of devices and
   target constructs and keeps what it is told in a log that the test
   reads (ompt_test_log), and at exit prints how many devices it saw
   initialised and finalised.  Compiled into a test program, or into the
   library the tests load through OMP_TOOL_LIBRARIES
   (testsuite/tools/ompt-tool-lib.c).  */

#include "ompt-log.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef OMPT_TOOL_EXPORT
#define OMPT_TOOL_EXPORT
#endif

static struct ompt_log ompt_log = { PTHREAD_MUTEX_INITIALIZER, 0, -1, 0, 0,
				    0, 0, { { 0 } } };
static ompt_set_callback_t ompt_tool_set_callback;
static ompt_get_callback_t ompt_tool_get_callback;

OMPT_TOOL_EXPORT struct ompt_log *ompt_test_log (void);

OMPT_TOOL_EXPORT struct ompt_log *
ompt_test_log (void)
{
  return &ompt_log;
}

static void
log_event (struct ompt_event e)
{
  e.thread = pthread_self ();
  e.mark = e.target_data != NULL ? e.target_data->value : 0;
  pthread_mutex_lock (&ompt_log.lock);
  if (ompt_log.n < OMPT_LOG_MAX)
    ompt_log.ev[ompt_log.n++] = e;
  pthread_mutex_unlock (&ompt_log.lock);
}

static void
on_device_initialize (int device_num, const char *type,
		      ompt_device_t *device, ompt_function_lookup_t lookup,
		      const char *documentation)
{
  (void) device; (void) lookup; (void) documentation;
  if (type == NULL)
    abort ();
  __atomic_add_fetch (&ompt_log.initialized, 1, __ATOMIC_RELAXED);
  log_event ((struct ompt_event) { .cb = ompt_callback_device_initialize,
				   .dev = device_num });
}

static void
on_device_finalize (int device_num)
{
  __atomic_add_fetch (&ompt_log.finalized, 1, __ATOMIC_RELAXED);
  log_event ((struct ompt_event) { .cb = ompt_callback_device_finalize,
				   .dev = device_num });
}

static void
on_device_load (int device_num, const char *filename, int64_t offset,
		void *vma, size_t bytes, void *host_addr, void *device_addr,
		uint64_t module_id)
{
  (void) filename; (void) offset; (void) vma; (void) device_addr;
  (void) module_id;
  __atomic_add_fetch (&ompt_log.loads, 1, __ATOMIC_RELAXED);
  log_event ((struct ompt_event) { .cb = ompt_callback_device_load,
				   .dev = device_num, .addr = host_addr,
				   .bytes = bytes });
}

static void
on_device_unload (int device_num, uint64_t module_id)
{
  (void) module_id;
  __atomic_add_fetch (&ompt_log.unloads, 1, __ATOMIC_RELAXED);
  log_event ((struct ompt_event) { .cb = ompt_callback_device_unload,
				   .dev = device_num });
}

static void
on_target (ompt_target_t kind, ompt_scope_endpoint_t endpoint,
	   int device_num, ompt_data_t *task_data,
	   ompt_data_t *target_task_data, ompt_data_t *target_data,
	   const void *codeptr_ra)
{
  (void) task_data; (void) target_task_data; (void) codeptr_ra;
  /* Each construct gets a mark of the tool's: the data ops see it.  */
  if (endpoint == ompt_scope_begin)
    target_data->value = 0x70000000u + (uint64_t) kind;
  log_event ((struct ompt_event) { .cb = ompt_callback_target_emi,
				   .endpoint = endpoint, .kind = kind,
				   .dev = device_num,
				   .target_data = target_data });
}

static void
on_data_op (ompt_scope_endpoint_t endpoint, ompt_data_t *target_task_data,
	    ompt_data_t *target_data, ompt_id_t *host_op_id,
	    ompt_target_data_op_t optype, void *src_addr, int src_device_num,
	    void *dest_addr, int dest_device_num, size_t bytes,
	    const void *codeptr_ra)
{
  (void) target_task_data; (void) codeptr_ra;
  log_event ((struct ompt_event) { .cb = ompt_callback_target_data_op_emi,
				   .endpoint = endpoint, .kind = optype,
				   .dev = src_device_num,
				   .dev2 = dest_device_num, .addr = src_addr,
				   .addr2 = dest_addr, .bytes = bytes,
				   .target_data = target_data,
				   .op = *host_op_id });
}

static void
on_submit (ompt_scope_endpoint_t endpoint, ompt_data_t *target_data,
	   ompt_id_t *host_op_id, unsigned int requested_num_teams)
{
  log_event ((struct ompt_event) { .cb = ompt_callback_target_submit_emi,
				   .endpoint = endpoint,
				   .flags = requested_num_teams,
				   .target_data = target_data,
				   .op = *host_op_id });
}

static void
on_map (ompt_data_t *target_data, unsigned int nitems, void **host_addr,
	void **device_addr, size_t *bytes, unsigned int *mapping_flags,
	const void *codeptr_ra)
{
  unsigned i;

  (void) codeptr_ra;
  for (i = 0; i < nitems; i++)
    log_event ((struct ompt_event) { .cb = ompt_callback_target_map_emi,
				     .addr = host_addr[i],
				     .addr2 = device_addr[i],
				     .bytes = bytes[i],
				     .flags = mapping_flags[i],
				     .target_data = target_data });
}

static int
tool_initialize (ompt_function_lookup_t lookup, int initial_device_num,
		 ompt_data_t *tool_data)
{
  (void) tool_data;
  ompt_tool_set_callback = (ompt_set_callback_t) lookup ("ompt_set_callback");
  ompt_tool_get_callback = (ompt_get_callback_t) lookup ("ompt_get_callback");
  if (ompt_tool_set_callback == NULL || ompt_tool_get_callback == NULL
      || lookup ("ompt_get_thread_data") == NULL
      || lookup ("no_such_entry_point") != NULL)
    {
      fprintf (stderr, "ompt tool: lookup is wrong\n");
      exit (1);
    }
  ompt_log.initial_device = initial_device_num;
#define SET(event, fn, want)						\
  if (ompt_tool_set_callback (event, (ompt_callback_t) (fn)) != (want))	\
    {									\
      fprintf (stderr, "ompt tool: setting %s: not %s\n", #event, #want); \
      exit (1);								\
    }
  SET (ompt_callback_device_initialize, on_device_initialize,
       ompt_set_always);
  SET (ompt_callback_device_finalize, on_device_finalize, ompt_set_always);
  SET (ompt_callback_device_load, on_device_load, ompt_set_always);
  SET (ompt_callback_device_unload, on_device_unload, ompt_set_always);
  SET (ompt_callback_target_emi, on_target, ompt_set_always);
  SET (ompt_callback_target_data_op_emi, on_data_op, ompt_set_always);
  SET (ompt_callback_target_submit_emi, on_submit, ompt_set_always);
  SET (ompt_callback_target_map_emi, on_map, ompt_set_always);
  /* The host's callbacks are the native runtime's: never made here.  */
  SET (ompt_callback_parallel_begin, on_submit, ompt_set_never);
#undef SET
  printf ("ompt tool: initialized, initial device %d\n", initial_device_num);
  return 1;
}

static void
tool_finalize (ompt_data_t *tool_data)
{
  (void) tool_data;
  printf ("ompt tool: finalized, %d device(s) initialized, %d finalized, "
	  "%d image(s) loaded, %d unloaded\n", ompt_log.initialized,
	  ompt_log.finalized, ompt_log.loads, ompt_log.unloads);
  fflush (stdout);
}

OMPT_TOOL_EXPORT ompt_start_tool_result_t *
ompt_start_tool (unsigned int omp_version, const char *runtime_version)
{
  static ompt_start_tool_result_t result = { tool_initialize, tool_finalize,
					     { 0 } };

  printf ("ompt tool: started by %s (OpenMP %u)\n", runtime_version,
	  omp_version);
  return &result;
}
