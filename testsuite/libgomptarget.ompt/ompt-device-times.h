/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   The body of the tests of the device's own times in OMPT trace records
   (default device 0 of the folder): a tool in the program traces device
   0; the program runs three regions with map(tofrom:) of an array and a
   nowait one.  For each kernel and copy of the array, the tool turns the
   record's times into the host's with ompt_translate_time and checks
   that they lie inside the span of their target construct (whose
   records have the host's clock: nanoseconds, seconds / 1e9), end not
   before start.  It counts the records whose untranslated times lie
   outside that span too: those carry the device's clock, which differs
   from the host's on the emulated GPUs (nvptx: from a reference event
   of the device; GCN: the emulated system clock's origin is far from
   the host's), so that host times passed off as the device's fail.
   The includer defines KERNEL_TIMES and COPY_TIMES, the numbers of
   kernels and copies with device times expected (the others have the
   host's clock, which is not translated).  */

#include "../../libgomp/omp-tools.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "ompt-trace-tool.h"
#include "../libgomptarget.profile/under-valgrind.h"

#define M 4096
#define MAX_TARGETS 16
#define MAX_OPS 64

static int arr[M];


/* The spans of the target constructs, by target_id, on the host's clock
   in seconds.  */
static struct
{
  ompt_id_t id;
  double begin, end;
} targets[MAX_TARGETS];
static int ntargets;

/* The operations, kept until the end (their constructs' spans may end
   in a later buffer).  */
static struct
{
  ompt_id_t target_id;
  bool kernel;
  ompt_device_time_t start, end;
} ops[MAX_OPS];
static int nops, bad;

static int
target_slot (ompt_id_t id)
{
  for (int i = 0; i < ntargets; i++)
    if (targets[i].id == id)
      return i;
  if (ntargets == MAX_TARGETS)
    return -1;
  targets[ntargets].id = id;
  targets[ntargets].begin = targets[ntargets].end = -1;
  return ntargets++;
}

static void
on_request (int device_num, ompt_buffer_t **buffer, size_t *bytes)
{
  (void) device_num;
  *bytes = 8 * sizeof (ompt_record_ompt_t);
  *buffer = malloc (*bytes);
}

static void
on_complete (int device_num, ompt_buffer_t *buffer, size_t bytes,
	     ompt_buffer_cursor_t begin, int buffer_owned)
{
  ompt_buffer_cursor_t c = begin;

  (void) device_num;
  while (bytes > 0)
    {
      ompt_record_ompt_t *r = get_record (buffer, c);
      int t;

      switch (r->type)
	{
	case ompt_callback_target:
	  if ((t = target_slot (r->target_id)) < 0)
	    bad++;
	  else if (r->record.target.endpoint == ompt_scope_begin)
	    targets[t].begin = (double) r->time / 1e9;
	  else
	    targets[t].end = (double) r->time / 1e9;
	  break;
	case ompt_callback_target_data_op:
	  if (r->record.target_data_op.bytes != sizeof arr
	      || (r->record.target_data_op.optype
		  != ompt_target_data_transfer_to_device
		  && r->record.target_data_op.optype
		     != ompt_target_data_transfer_from_device))
	    break;
	  /* Fall through.  */
	case ompt_callback_target_submit:
	  if (nops == MAX_OPS)
	    {
	      bad++;
	      break;
	    }
	  ops[nops].target_id = r->target_id;
	  ops[nops].kernel = r->type == ompt_callback_target_submit;
	  ops[nops].start = r->time;
	  ops[nops].end = (r->type == ompt_callback_target_submit
			   ? r->record.target_kernel.end_time
			   : r->record.target_data_op.end_time);
	  nops++;
	  break;
	default:
	  break;
	}
      if (!advance (NULL, buffer, bytes, c, &c))
	break;
    }
  if (buffer_owned)
    free (buffer);
}

/* The trace of device 0 (ompt-trace-tool.h): all three kinds.  */
static bool
enable_trace (ompt_device_t *device)
{
  return set_trace (device, 1, 0) == ompt_set_always;
}

/* Slack for the calibration of the clocks, in seconds (milliseconds
   under valgrind: under-valgrind.h).  */
#define SLACK (under_valgrind () ? 20e-3 : 50e-6)

static void
tool_finalize (ompt_data_t *tool_data)
{
  int kernels = 0, copies = 0, kernel_dev = 0, copy_dev = 0;

  (void) tool_data;
  for (int i = 0; i < nops; i++)
    {
      int t = target_slot (ops[i].target_id);
      double s, e;

      if (t < 0 || targets[t].begin < 0 || targets[t].end < 0
	  || ops[i].end < ops[i].start)
	{
	  bad++;
	  continue;
	}
      if (ops[i].kernel ? KERNEL_TIMES : COPY_TIMES)
	{
	  s = translate (traced_device, ops[i].start);
	  e = translate (traced_device, ops[i].end);
	}
      else
	{
	  s = (double) ops[i].start / 1e9;
	  e = (double) ops[i].end / 1e9;
	}
      if (s < targets[t].begin - SLACK || e > targets[t].end + SLACK
	  || e < s)
	{
	  printf ("out of span: %s %.9f..%.9f in %.9f..%.9f\n",
		  ops[i].kernel ? "kernel" : "copy", s, e, targets[t].begin,
		  targets[t].end);
	  bad++;
	}
      *(ops[i].kernel ? &kernels : &copies) += 1;
      /* Untranslated, far from the construct's span: the device's
	 clock.  */
      if ((double) ops[i].start / 1e9 < targets[t].begin - 1.0
	  || (double) ops[i].start / 1e9 > targets[t].end + 1.0)
	*(ops[i].kernel ? &kernel_dev : &copy_dev) += 1;
    }
  /* The device's clock now, translated, is the host's now.  */
  if (translate (traced_device, device_time (traced_device)) < targets[0].end)
    bad++;
  printf ("device times: %d kernels, %d copies, %d kernels and %d copies "
	  "on the device's clock: %s, %d bad\n", kernels, copies,
	  kernel_dev, copy_dev,
	  kernel_dev == KERNEL_TIMES && copy_dev == COPY_TIMES
	  ? "as expected" : "NOT as expected", bad);
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
#pragma omp target map(tofrom: arr) nowait
  for (int i = 0; i < M; i++)
    arr[i] += 1;
#pragma omp taskwait
  return arr[M - 1] == 4 ? 0 : 1;
}
