/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   The body of the OMPT device tracing tests (default device 0 of the
   folder): a tool in the program traces device 0 (ompt_set_trace_ompt,
   ompt_start_trace from the lookup of device_initialize) in buffers of
   four records, so that several fill; the program runs three regions
   with map(tofrom:) of an array; at exit, once the trace has ended with
   the device, the tool prints what the records held: 6 target records
   (a begin and an end each), 3 copies of the array each way, 3 kernels,
   each operation's end time not before its time, and how many records
   were malformed.  */

#include "../../libgomp/omp-tools.h"

#include <stdio.h>
#include <stdlib.h>

#include "ompt-trace-tool.h"

#define M 4096
#define RECORDS_PER_BUFFER 4

static int arr[M];

static int targets, to, from, kernels, buffers, bad, completes;

static void
on_request (int device_num, ompt_buffer_t **buffer, size_t *bytes)
{
  (void) device_num;
  *bytes = RECORDS_PER_BUFFER * sizeof (ompt_record_ompt_t);
  *buffer = malloc (*bytes);
  buffers++;
}

static void
on_complete (int device_num, ompt_buffer_t *buffer, size_t bytes,
	     ompt_buffer_cursor_t begin, int buffer_owned)
{
  ompt_buffer_cursor_t c = begin;

  completes++;
  while (bytes > 0)
    {
      ompt_record_ompt_t *r = get_record (buffer, c);
      switch (r->type)
	{
	case ompt_callback_target:
	  targets++;
	  if (r->record.target.device_num != device_num
	      || r->record.target.kind != ompt_target)
	    bad++;
	  break;
	case ompt_callback_target_data_op:
	  if (r->record.target_data_op.end_time < r->time)
	    bad++;
	  if (r->record.target_data_op.bytes != sizeof arr)
	    break;
	  if (r->record.target_data_op.optype
	      == ompt_target_data_transfer_to_device
	      && r->record.target_data_op.src_addr == (void *) arr
	      && r->record.target_data_op.dest_device_num == device_num)
	    to++;
	  else if (r->record.target_data_op.optype
		   == ompt_target_data_transfer_from_device
		   && r->record.target_data_op.dest_addr == (void *) arr
		   && r->record.target_data_op.src_device_num == device_num)
	    from++;
	  else
	    bad++;
	  break;
	case ompt_callback_target_submit:
	  kernels++;
	  if (r->record.target_kernel.end_time < r->time
	      || translate (NULL, r->time) <= 0.0)
	    bad++;
	  break;
	default:
	  bad++;
	}
      if (!advance (NULL, buffer, bytes, c, &c))
	break;
    }
  if (buffer_owned)
    free (buffer);
}

/* The trace of device 0 (ompt-trace-tool.h): each kind of record on its
   own, and an event type that is never traced.  */
static bool
enable_trace (ompt_device_t *device)
{
  return set_trace (device, 1, ompt_callback_target) == ompt_set_always
	 && set_trace (device, 1, ompt_callback_target_data_op)
	    == ompt_set_always
	 && set_trace (device, 1, ompt_callback_target_submit)
	    == ompt_set_always
	 && set_trace (device, 1, ompt_callback_parallel_begin)
	    == ompt_set_never;
}

static void
tool_finalize (ompt_data_t *tool_data)
{
  (void) tool_data;
  printf ("trace: %d target, %d to, %d from, %d kernels, %d bad; "
	  "%s buffers\n", targets, to, from, kernels, bad,
	  buffers > 1 && completes == buffers ? "several" : "wrong");
  fflush (stdout);
}

int
main (void)
{
  int r;

  for (r = 0; r < 3; r++)
    {
#pragma omp target map(tofrom: arr)
      for (int i = 0; i < M; i++)
	arr[i] += 1;
    }
  return arr[M - 1] == 3 ? 0 : 1;
}
