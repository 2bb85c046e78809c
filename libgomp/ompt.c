/* ompt.c -- the OMPT tool of the program: finding it (ompt_start_tool in
   the program, else in the libraries of OMP_TOOL_LIBRARIES; OMP_TOOL=
   disabled: none), the entry points it looks up, the callbacks of
   devices and target constructs, and the device tracing interface.
   The front end calls the hooks of ompt.h from the places the profiler
   records (profile.h), behind the same test of gt_profile_on.

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

#include "ompt.h"
#include "gomp-map-kinds.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

int gt_ompt_host;

/* The tool's callbacks, by event.  */
static ompt_callback_t callbacks[ompt_callback_error + 1];

/* The tool, once its initialize returned nonzero.  */
static ompt_start_tool_result_t *tool;

/* The innermost construct of this thread, and its operation in
   progress.  */
static GT_TLS struct gt_ompt_target *current;
static GT_TLS ompt_id_t current_op;

/* What ompt_get_thread_data gives, and the data of the task that
   encounters a construct (the native runtime's tasks are not known
   here: one per thread).  */
static GT_TLS ompt_data_t thread_data;
static GT_TLS ompt_data_t task_data;

static uint64_t last_id;

static uint64_t
new_id (void)
{
  return __atomic_add_fetch (&last_id, 1, __ATOMIC_RELAXED);
}

#define CALLBACK(event, type) \
  ((type) __atomic_load_n (&callbacks[event], __ATOMIC_ACQUIRE))

/* ---- The entry points of the tool.  ---- */

/* Whether the front end ever makes callback EVENT.  */
static bool
supported (int event)
{
  switch (event)
    {
    case ompt_callback_device_initialize:
    case ompt_callback_device_finalize:
    case ompt_callback_device_load:
    case ompt_callback_device_unload:
    case ompt_callback_target:
    case ompt_callback_target_data_op:
    case ompt_callback_target_submit:
    case ompt_callback_target_map:
    case ompt_callback_target_emi:
    case ompt_callback_target_data_op_emi:
    case ompt_callback_target_submit_emi:
    case ompt_callback_target_map_emi:
      return true;
    default:
      return false;
    }
}

static ompt_set_result_t
set_callback (ompt_callbacks_t event, ompt_callback_t callback)
{
  if ((int) event < 1 || (int) event > ompt_callback_error)
    return ompt_set_error;
  /* The callbacks of the host's threads, tasks and parallel regions are
     the native runtime's, which makes none.  */
  if (!supported (event))
    return ompt_set_never;
  __atomic_store_n (&callbacks[event], callback, __ATOMIC_RELEASE);
  return ompt_set_always;
}

static int
get_callback (ompt_callbacks_t event, ompt_callback_t *callback)
{
  ompt_callback_t cb;

  if ((int) event < 1 || (int) event > ompt_callback_error
      || (cb = CALLBACK (event, ompt_callback_t)) == NULL)
    return 0;
  *callback = cb;
  return 1;
}

static ompt_data_t *
get_thread_data (void)
{
  return &thread_data;
}

static int
get_num_devices (void)
{
  return gt_ompt_host;
}

static uint64_t
get_unique_id (void)
{
  return new_id ();
}

static int
get_target_info (uint64_t *device_num, ompt_id_t *target_id,
		 ompt_id_t *host_op_id)
{
  struct gt_ompt_target *t = current;

  if (t == NULL)
    return 0;
  *device_num = (uint64_t) t->device_num;
  *target_id = t->target_id;
  *host_op_id = current_op;
  return 1;
}

static void finalize_tool (void);

/* An entry point by name: what a lookup function answers.  */
struct entry
{
  const char *name;
  ompt_interface_fn_t fn;
};

static ompt_interface_fn_t
find_entry (const struct entry *entries, size_t n, const char *name)
{
  size_t i;

  if (name == NULL)
    return NULL;
  for (i = 0; i < n; i++)
    if (strcmp (name, entries[i].name) == 0)
      return entries[i].fn;
  return NULL;
}

static ompt_interface_fn_t
lookup (const char *name)
{
  static const struct entry entries[] = {
    { "ompt_set_callback", (ompt_interface_fn_t) set_callback },
    { "ompt_get_callback", (ompt_interface_fn_t) get_callback },
    { "ompt_get_thread_data", (ompt_interface_fn_t) get_thread_data },
    { "ompt_get_num_devices", (ompt_interface_fn_t) get_num_devices },
    { "ompt_get_unique_id", (ompt_interface_fn_t) get_unique_id },
    { "ompt_get_target_info", (ompt_interface_fn_t) get_target_info },
    { "ompt_finalize_tool", (ompt_interface_fn_t) finalize_tool },
  };

  return find_entry (entries, sizeof entries / sizeof entries[0], name);
}

/* ---- Device tracing: records of the constructs, data operations and
   kernels of a device, in buffers the tool hands out.  Two clocks:
   - the host's, the profiler's (profile.h): nanoseconds of
     CLOCK_MONOTONIC, the clock of omp_get_wtime.  The records of target
     constructs have it, and so do those of operations the device took
     no times of (the host device; allocations; GCN's copies;
     GOMPTARGET_PROFILE_DEVICE_TIMES=0);
   - the device's own, in nanoseconds (nvptx: CUDA events, from one
     reference event of the device; GCN: HSA system time stamps scaled
     by their frequency).  The records of copies and kernels whose
     device times the plugin took have it: from when the device started
     the operation to when it finished.  ompt_translate_time turns such
     a time into the host's, in seconds, through the plugin's
     calibration of the two clocks; ompt_get_device_time reads the
     device's clock through it.
   The plugin takes the device's times only while a trace of the device
   that wants copies or kernels is on (the timing word).  A waited
   operation's times reach the thread that waits for it before its end
   (armed in op_times); a queued one's arrive later, by its event, and
   its record waits for them (pending), unless they came first (early).
   A record still waiting when the trace is flushed or stopped has the
   host's times.  ---- */

/* Records waiting for their device's times, and device times that came
   before their records, of a device.  */
#define PENDING 32
#define EARLY 32

/* What a tool gets as a device (ompt_device_t).  */
struct trace_device
{
  int num;
  gt_mutex_t lock;		/* A leaf: see profile.c.  */
  bool started, paused;
  unsigned int enabled;		/* TRACE_* bits.  */
  ompt_callback_buffer_request_t request;
  ompt_callback_buffer_complete_t complete;
  char *buf;
  size_t size, used;
  /* Nonzero while the plugin should take the device's times (atomic;
     GOMPTARGET_PLUGIN_profile_device_timing).  */
  int32_t timing;
  /* The host's clock less the device's, as the last times reported
     show (atomic); CLOCKED: known.  */
  int64_t offset;
  bool clocked;
  struct
  {
    uint64_t event;		/* 0: a free slot.  */
    unsigned int bit;
    ompt_record_ompt_t r;
  } pending[PENDING];
  struct
  {
    uint64_t event, dev_start, dev_end;
  } early[EARLY];
  unsigned int early_next;
};

#define TRACE_TARGET 1u
#define TRACE_DATA_OP 2u
#define TRACE_KERNEL 4u

/* One a device, made with the tool's initialisation; how many traces
   are started.  */
static struct trace_device *trace_devices;
static int tracing;

/* This thread's number in the records, and the start of its data
   operation in progress.  */
static GT_TLS ompt_id_t thread_id;
static GT_TLS uint64_t op_start;

/* The device's times of this thread's operation in progress, when its
   device's trace wants them (ARMED): from DEV_START to DEV_END, once
   reported (GOT) while the thread waits for it; EVENT: it was queued
   (gt_ompt_queued) as EVENT.  */
static GT_TLS struct
{
  bool armed, kernel, got;
  int device;
  uint64_t event, begin, dev_start, dev_end;
} op_times;

/* The device of trace records of NUM, or NULL.  */
static struct trace_device *
traced_device (int num)
{
  if (__atomic_load_n (&tracing, __ATOMIC_ACQUIRE) == 0 || num < 0
      || num >= gt_ompt_host || trace_devices == NULL)
    return NULL;
  return &trace_devices[num];
}

/* D's trace wants the device's times or not any more; D's lock held.  */
static void
update_timing_locked (struct trace_device *d)
{
  __atomic_store_n (&d->timing,
		    d->started && !d->paused
		    && (d->enabled & (TRACE_DATA_OP | TRACE_KERNEL)) != 0,
		    __ATOMIC_RELAXED);
}

const int32_t *
gt_ompt_timing_word (int device_num)
{
  if (trace_devices == NULL || device_num < 0 || device_num >= gt_ompt_host)
    return NULL;
  return &trace_devices[device_num].timing;
}

/* Hand D's buffer back to the tool; D's lock held.  */
static void
trace_flush_locked (struct trace_device *d)
{
  if (d->buf != NULL)
    d->complete (d->num, d->buf, d->used, 0, 1);
  d->buf = NULL;
  d->size = d->used = 0;
}

static void trace_record_locked (struct trace_device *d, unsigned int bit,
				 const ompt_record_ompt_t *r);

/* Write D's records that still wait for device times, with the host's;
   D's lock held.  */
static void
trace_pending_locked (struct trace_device *d)
{
  for (int i = 0; i < PENDING; i++)
    if (d->pending[i].event != 0)
      {
	trace_record_locked (d, d->pending[i].bit, &d->pending[i].r);
	d->pending[i].event = 0;
      }
}

/* Add record R (of kind BIT) to the trace of DEVICE_NUM, if it is
   traced.  */
static void
trace_record (int device_num, unsigned int bit, ompt_record_ompt_t *r)
{
  struct trace_device *d = traced_device (device_num);

  if (d == NULL)
    return;
  if (thread_id == ompt_id_none)
    thread_id = new_id ();
  r->thread_id = thread_id;
  gt_mutex_acquire (&d->lock);
  trace_record_locked (d, bit, r);
  gt_mutex_release (&d->lock);
}

/* R, of an operation, runs on the device's clock from START to END.  */
static void
set_device_times (ompt_record_ompt_t *r, uint64_t start, uint64_t end)
{
  r->time = start;
  if (r->type == ompt_callback_target_submit)
    r->record.target_kernel.end_time = end;
  else
    r->record.target_data_op.end_time = end;
}

/* This thread's copy or (KERNEL) launch on DEVICE_NUM begins: take the
   device's times of it, if its trace wants them.  */
static void
arm_times (int device_num, bool kernel)
{
  struct trace_device *d = traced_device (device_num);

  op_times.armed = (d != NULL
		    && __atomic_load_n (&d->timing, __ATOMIC_RELAXED) != 0);
  if (!op_times.armed)
    return;
  op_times.kernel = kernel;
  op_times.got = false;
  op_times.device = device_num;
  op_times.event = 0;
  op_times.begin = op_start;
}

void
gt_ompt_queued (uint64_t event)
{
  if (op_times.armed)
    op_times.event = event;
}

/* Add R (of kind BIT), the record of this thread's operation that ends
   now, to the trace of DEVICE_NUM: with the device's times of it, or
   later when they come.  */
static void
trace_op (int device_num, unsigned int bit, ompt_record_ompt_t *r)
{
  struct trace_device *d = traced_device (device_num);
  bool armed = op_times.armed && op_times.device == device_num;
  int i;

  op_times.armed = false;
  if (d == NULL || !armed || (!op_times.got && op_times.event == 0))
    {
      trace_record (device_num, bit, r);
      return;
    }
  if (op_times.got)
    {
      set_device_times (r, op_times.dev_start, op_times.dev_end);
      trace_record (device_num, bit, r);
      return;
    }
  if (thread_id == ompt_id_none)
    thread_id = new_id ();
  r->thread_id = thread_id;
  gt_mutex_acquire (&d->lock);
  for (i = 0; i < EARLY; i++)
    if (d->early[i].event == op_times.event)
      {
	/* They came first.  */
	set_device_times (r, d->early[i].dev_start, d->early[i].dev_end);
	d->early[i].event = 0;
	trace_record_locked (d, bit, r);
	gt_mutex_release (&d->lock);
	return;
      }
  for (i = 0; i < PENDING; i++)
    if (d->pending[i].event == 0)
      {
	d->pending[i].event = op_times.event;
	d->pending[i].bit = bit;
	d->pending[i].r = *r;
	break;
      }
  /* No room to wait: the host's times.  */
  if (i == PENDING)
    trace_record_locked (d, bit, r);
  gt_mutex_release (&d->lock);
}

void
gt_ompt_device_op (int device_num, bool kernel, uint64_t event,
		   uint64_t start, uint64_t dev_start, uint64_t dev_end)
{
  struct trace_device *d = traced_device (device_num);
  int i;

  if (d == NULL)
    return;
  __atomic_store_n (&d->offset, (int64_t) (start - dev_start),
		    __ATOMIC_RELAXED);
  __atomic_store_n (&d->clocked, true, __ATOMIC_RELEASE);
  if (event != 0)
    {
      gt_mutex_acquire (&d->lock);
      for (i = 0; i < PENDING; i++)
	if (d->pending[i].event == event)
	  {
	    set_device_times (&d->pending[i].r, dev_start, dev_end);
	    trace_record_locked (d, d->pending[i].bit, &d->pending[i].r);
	    d->pending[i].event = 0;
	    break;
	  }
      gt_mutex_release (&d->lock);
      if (i < PENDING)
	return;
    }
  /* This thread's operation in progress, which it waits for: not one
     that ran before it began.  */
  if (op_times.armed && !op_times.got && op_times.event == 0
      && op_times.device == device_num && op_times.kernel == kernel
      && start >= op_times.begin)
    {
      op_times.got = true;
      op_times.dev_start = dev_start;
      op_times.dev_end = dev_end;
      return;
    }
  /* A queued operation's, before its record.  */
  if (event != 0)
    {
      gt_mutex_acquire (&d->lock);
      i = (int) (d->early_next++ % EARLY);
      d->early[i].event = event;
      d->early[i].dev_start = dev_start;
      d->early[i].dev_end = dev_end;
      gt_mutex_release (&d->lock);
    }
}

/* Add R (of kind BIT) to D's trace; D's lock held.  */
static void
trace_record_locked (struct trace_device *d, unsigned int bit,
		     const ompt_record_ompt_t *r)
{
  if (d->started && !d->paused && (d->enabled & bit))
    {
      if (d->buf == NULL || d->size - d->used < sizeof *r)
	{
	  void *buf = NULL;
	  size_t size = 0;
	  trace_flush_locked (d);
	  d->request (d->num, &buf, &size);
	  d->buf = buf;
	  d->size = buf != NULL ? size : 0;
	}
      if (d->size - d->used >= sizeof *r)
	{
	  memcpy (d->buf + d->used, r, sizeof *r);
	  d->used += sizeof *r;
	}
    }
}

static ompt_set_result_t
set_trace_ompt (ompt_device_t *device, unsigned int enable,
		unsigned int etype)
{
  struct trace_device *d = device;
  unsigned int bit;

  if (d == NULL)
    return ompt_set_error;
  switch (etype)
    {
    case 0:
      bit = TRACE_TARGET | TRACE_DATA_OP | TRACE_KERNEL;
      break;
    case ompt_callback_target:
    case ompt_callback_target_emi:
      bit = TRACE_TARGET;
      break;
    case ompt_callback_target_data_op:
    case ompt_callback_target_data_op_emi:
      bit = TRACE_DATA_OP;
      break;
    case ompt_callback_target_submit:
    case ompt_callback_target_submit_emi:
      bit = TRACE_KERNEL;
      break;
    default:
      return ompt_set_never;
    }
  gt_mutex_acquire (&d->lock);
  if (enable)
    d->enabled |= bit;
  else
    d->enabled &= ~bit;
  update_timing_locked (d);
  gt_mutex_release (&d->lock);
  return ompt_set_always;
}

static int
start_trace (ompt_device_t *device, ompt_callback_buffer_request_t request,
	     ompt_callback_buffer_complete_t complete)
{
  struct trace_device *d = device;
  int ok = 0;

  if (d == NULL || request == NULL || complete == NULL)
    return 0;
  gt_mutex_acquire (&d->lock);
  if (!d->started)
    {
      d->request = request;
      d->complete = complete;
      d->started = true;
      d->paused = false;
      update_timing_locked (d);
      ok = 1;
    }
  gt_mutex_release (&d->lock);
  if (ok)
    __atomic_add_fetch (&tracing, 1, __ATOMIC_RELEASE);
  return ok;
}

static int
pause_trace (ompt_device_t *device, int begin_pause)
{
  struct trace_device *d = device;

  if (d == NULL)
    return 0;
  gt_mutex_acquire (&d->lock);
  d->paused = begin_pause != 0;
  update_timing_locked (d);
  gt_mutex_release (&d->lock);
  return 1;
}

static int
flush_trace (ompt_device_t *device)
{
  struct trace_device *d = device;

  if (d == NULL)
    return 0;
  gt_mutex_acquire (&d->lock);
  if (d->started)
    {
      trace_pending_locked (d);
      trace_flush_locked (d);
    }
  gt_mutex_release (&d->lock);
  return 1;
}

static int
stop_trace (ompt_device_t *device)
{
  struct trace_device *d = device;
  bool was;

  if (d == NULL)
    return 0;
  gt_mutex_acquire (&d->lock);
  was = d->started;
  if (was)
    {
      trace_pending_locked (d);
      trace_flush_locked (d);
    }
  d->started = false;
  update_timing_locked (d);
  gt_mutex_release (&d->lock);
  if (was)
    __atomic_sub_fetch (&tracing, 1, __ATOMIC_RELEASE);
  return 1;
}

/* The records of a buffer are all ompt_record_ompt_t, one after the
   other from cursor 0.  */
static int
advance_buffer_cursor (ompt_device_t *device, ompt_buffer_t *buffer,
		       size_t size, ompt_buffer_cursor_t cursor,
		       ompt_buffer_cursor_t *next)
{
  ompt_buffer_cursor_t n = cursor + sizeof (ompt_record_ompt_t);

  (void) device;
  if (buffer == NULL || next == NULL
      || n + sizeof (ompt_record_ompt_t) > size)
    return 0;
  *next = n;
  return 1;
}

static ompt_record_t
get_record_type (ompt_buffer_t *buffer, ompt_buffer_cursor_t cursor)
{
  (void) cursor;
  return buffer != NULL ? ompt_record_ompt : ompt_record_invalid;
}

static ompt_record_ompt_t *
get_record_ompt (ompt_buffer_t *buffer, ompt_buffer_cursor_t cursor)
{
  return buffer != NULL
	 ? (ompt_record_ompt_t *) ((char *) buffer + cursor) : NULL;
}

/* The host's clock less the device's, in nanoseconds: 0 while the
   device has reported no times of its own.  */
static int64_t
clock_offset (struct trace_device *d)
{
  if (d == NULL || !__atomic_load_n (&d->clocked, __ATOMIC_ACQUIRE))
    return 0;
  return __atomic_load_n (&d->offset, __ATOMIC_RELAXED);
}

/* The device's clock now, as the plugin's calibration relates it to the
   host's.  */
static ompt_device_time_t
get_device_time (ompt_device_t *device)
{
  return gt_profile_clock () - (uint64_t) clock_offset (device);
}

/* A time of the device's clock on the host's, in seconds, as
   omp_get_wtime counts them.  */
static double
translate_time (ompt_device_t *device, ompt_device_time_t time)
{
  return (double) (time + (uint64_t) clock_offset (device)) / 1e9;
}

/* The lookup a device_initialize callback gets.  */
static ompt_interface_fn_t
device_lookup (const char *name)
{
  static const struct entry entries[] = {
    { "ompt_set_trace_ompt", (ompt_interface_fn_t) set_trace_ompt },
    { "ompt_start_trace", (ompt_interface_fn_t) start_trace },
    { "ompt_pause_trace", (ompt_interface_fn_t) pause_trace },
    { "ompt_flush_trace", (ompt_interface_fn_t) flush_trace },
    { "ompt_stop_trace", (ompt_interface_fn_t) stop_trace },
    { "ompt_advance_buffer_cursor",
      (ompt_interface_fn_t) advance_buffer_cursor },
    { "ompt_get_record_type", (ompt_interface_fn_t) get_record_type },
    { "ompt_get_record_ompt", (ompt_interface_fn_t) get_record_ompt },
    { "ompt_get_device_time", (ompt_interface_fn_t) get_device_time },
    { "ompt_translate_time", (ompt_interface_fn_t) translate_time },
  };

  return find_entry (entries, sizeof entries / sizeof entries[0], name);
}

/* ---- Finding the tool.  ---- */

/* What the program gets when it defines no ompt_start_tool of its own:
   no tool.  Exported (as ompt_start_tool), so that a program linked
   against the library that defines one exports its own; under its own
   name, the library's own for sure (the exported name may be the
   program's).  */
static ompt_start_tool_result_t *
no_tool (unsigned int omp_version, const char *runtime_version)
{
  (void) omp_version;
  (void) runtime_version;
  return NULL;
}

GT_PUBLIC ompt_start_tool_result_t *
ompt_start_tool (unsigned int omp_version, const char *runtime_version)
  __attribute__ ((alias ("no_tool")));

typedef ompt_start_tool_result_t *(*start_tool_fn) (unsigned int,
						    const char *);

/* The OpenMP version of the interface (5.1: 202011) and this runtime's
   name.  */
#define OMPT_VERSION 202011
#define RUNTIME_VERSION "gomptarget " PACKAGE_VERSION

/* Ask the libraries of LIST, separated by colons, in turn.  */
static ompt_start_tool_result_t *
from_libraries (const char *list)
{
  char *copy = strdup (list), *save = NULL, *name;
  ompt_start_tool_result_t *r = NULL;

  if (copy == NULL)
    return NULL;
  for (name = strtok_r (copy, ":", &save); name != NULL && r == NULL;
       name = strtok_r (NULL, ":", &save))
    {
      void *h = dlopen (name, RTLD_NOW | RTLD_LOCAL);
      start_tool_fn fn;

      if (h == NULL)
	{
	  gt_debug ("OMP_TOOL_LIBRARIES: cannot open %s: %s", name,
		    dlerror ());
	  continue;
	}
      fn = (start_tool_fn) dlsym (h, "ompt_start_tool");
      if (fn != NULL)
	r = fn (OMPT_VERSION, RUNTIME_VERSION);
      gt_debug ("OMP_TOOL_LIBRARIES: %s %s", name,
		fn == NULL ? "defines no ompt_start_tool"
		: r == NULL ? "declines" : "is the tool");
      if (r == NULL)
	dlclose (h);
    }
  free (copy);
  return r;
}

static void
finalize_tool (void)
{
  ompt_start_tool_result_t *t = __atomic_exchange_n (&tool, NULL,
						     __ATOMIC_ACQ_REL);

  if (t == NULL)
    return;
  if (trace_devices != NULL)
    for (int i = 0; i < gt_ompt_host; i++)
      stop_trace (&trace_devices[i]);
  __atomic_and_fetch (&gt_profile_on, ~GT_PROFILE_OMPT, __ATOMIC_RELEASE);
  if (t->finalize)
    t->finalize (&t->tool_data);
}

/* Find the tool, before main: the first construct already tests
   whether there is one.  Its initialize is called later, with the
   number of the initial device (gt_ompt_start).  */
static void __attribute__ ((constructor))
find_tool (void)
{
  const char *env = getenv ("OMP_TOOL");
  const char *libs = getenv ("OMP_TOOL_LIBRARIES");
  start_tool_fn fn;
  ompt_start_tool_result_t *r = NULL;

  if (env != NULL && strcasecmp (env, "disabled") == 0)
    return;
  if (env != NULL && *env != '\0' && strcasecmp (env, "enabled") != 0)
    gt_warning ("OMP_TOOL is '%s', not 'enabled' or 'disabled'; taken as "
		"'enabled'", env);
  fn = (start_tool_fn) dlsym (RTLD_DEFAULT, "ompt_start_tool");
  if (fn != NULL && fn != no_tool)
    r = fn (OMPT_VERSION, RUNTIME_VERSION);
  if (r == NULL && libs != NULL && *libs != '\0')
    r = from_libraries (libs);
  if (r == NULL || r->initialize == NULL)
    return;
  tool = r;
  /* The hooks are taken from now on: the first construct initialises
     the devices, and with them the tool, before its callbacks.  */
  __atomic_or_fetch (&gt_profile_on, GT_PROFILE_OMPT, __ATOMIC_RELEASE);
}

void
gt_ompt_start (int num_devices)
{
  ompt_start_tool_result_t *r = tool;

  gt_ompt_host = num_devices;
  if (r == NULL)
    return;
  /* Devices without them are not traced (device_initialize says so).  */
  trace_devices = calloc (num_devices ? (size_t) num_devices : 1,
			  sizeof *trace_devices);
  for (int i = 0; trace_devices != NULL && i < num_devices; i++)
    trace_devices[i].num = i;
  if (r->initialize (lookup, num_devices, &r->tool_data) == 0)
    {
      __atomic_and_fetch (&gt_profile_on, ~GT_PROFILE_OMPT,
			  __ATOMIC_RELEASE);
      tool = NULL;
      gt_debug ("the OMPT tool declined in its initialize");
      return;
    }
  gt_debug ("an OMPT tool is active");
  atexit (finalize_tool);
}

/* ---- The callbacks.  ---- */

/* The map of the region this thread is about to launch.  */
static GT_TLS struct
{
  size_t nitems;
  void **host, **device;
  size_t *bytes;
  unsigned int *flags;
} pending_map;

static GT_TLS unsigned int *flags_buf;
static GT_TLS size_t flags_size;

unsigned int *
gt_ompt_map_flags_buffer (size_t nitems)
{
  if (nitems > flags_size)
    {
      unsigned int *p = realloc (flags_buf, nitems * sizeof *p);
      if (p == NULL)
	return NULL;
      flags_buf = p;
      flags_size = nitems;
    }
  return flags_buf;
}

void
gt_ompt_map_at_launch (size_t nitems, void **host, void **device,
		       size_t *bytes, unsigned int *flags)
{
  pending_map.nitems = nitems;
  pending_map.host = host;
  pending_map.device = device;
  pending_map.bytes = bytes;
  pending_map.flags = flags;
}

/* Report the NITEMS variables of the construct this thread runs.  */
static void
map_callback (unsigned int nitems, void **host, void **device,
	      size_t *bytes, unsigned int *flags)
{
  struct gt_ompt_target *t = current;
  ompt_callback_target_map_emi_t emi
    = CALLBACK (ompt_callback_target_map_emi,
		ompt_callback_target_map_emi_t);
  ompt_callback_target_map_t plain;

  if (emi != NULL)
    emi (t ? &t->target_data : NULL, nitems, host, device, bytes, flags,
	 t ? t->codeptr : NULL);
  else if ((plain = CALLBACK (ompt_callback_target_map,
			      ompt_callback_target_map_t)) != NULL)
    plain (t ? t->target_id : ompt_id_none, nitems, host, device, bytes,
	   flags, t ? t->codeptr : NULL);
}

static ompt_data_t *
target_task_data (struct gt_ompt_target *t)
{
  return t != NULL && t->kind >= ompt_target_nowait
	 ? &t->target_task_data : NULL;
}

static void
target_callback (struct gt_ompt_target *t, ompt_scope_endpoint_t endpoint)
{
  ompt_callback_target_emi_t emi
    = CALLBACK (ompt_callback_target_emi, ompt_callback_target_emi_t);
  ompt_callback_target_t plain;

  if (emi != NULL)
    emi (t->kind, endpoint, t->device_num, &task_data, target_task_data (t),
	 &t->target_data, t->codeptr);
  else if ((plain = CALLBACK (ompt_callback_target, ompt_callback_target_t))
	   != NULL)
    plain (t->kind, endpoint, t->device_num, &task_data, t->target_id,
	   t->codeptr);
  if (__atomic_load_n (&tracing, __ATOMIC_RELAXED))
    {
      ompt_record_ompt_t r = { .type = ompt_callback_target,
			       .time = gt_profile_clock (),
			       .target_id = t->target_id };
      r.record.target = (ompt_record_target_t) { t->kind, endpoint,
						  t->device_num, 0,
						  t->target_id, t->codeptr };
      trace_record (t->device_num, TRACE_TARGET, &r);
    }
}

void
gt_ompt_target_begin (struct gt_ompt_target *t, ompt_target_t kind,
		      int device_num, const void *codeptr)
{
  t->target_data.value = 0;
  t->target_task_data.value = 0;
  t->target_id = new_id ();
  t->kind = kind;
  t->device_num = device_num;
  t->codeptr = codeptr;
  t->outer = current;
  current = t;
  target_callback (t, ompt_scope_begin);
}

void
gt_ompt_target_detach (struct gt_ompt_target *t)
{
  /* A region that ran on the host was not launched.  */
  pending_map.nitems = 0;
  if (current == t)
    current = t->outer;
}

void
gt_ompt_target_end_detached (struct gt_ompt_target *t)
{
  target_callback (t, ompt_scope_end);
}

void
gt_ompt_target_end (struct gt_ompt_target *t)
{
  gt_ompt_target_detach (t);
  target_callback (t, ompt_scope_end);
}

void
gt_ompt_data_op (ompt_scope_endpoint_t endpoint, ompt_id_t *id,
		 ompt_target_data_op_t optype, void *src, int src_device,
		 void *dest, int dest_device, size_t bytes)
{
  struct gt_ompt_target *t = current;
  ompt_callback_target_data_op_emi_t emi
    = CALLBACK (ompt_callback_target_data_op_emi,
		ompt_callback_target_data_op_emi_t);
  ompt_callback_target_data_op_t plain;

  if (endpoint == ompt_scope_begin)
    {
      current_op = *id = new_id ();
      op_start = gt_profile_clock ();
      if (__atomic_load_n (&tracing, __ATOMIC_RELAXED)
	  && optype >= ompt_target_data_transfer_to_device
	  && optype <= ompt_target_data_transfer_from_device)
	arm_times (t ? t->device_num
		   : src_device != gt_ompt_host ? src_device : dest_device,
		   false);
    }
  else if (__atomic_load_n (&tracing, __ATOMIC_RELAXED))
    {
      ompt_record_ompt_t r = { .type = ompt_callback_target_data_op,
			       .time = op_start,
			       .target_id = t ? t->target_id : ompt_id_none };
      r.record.target_data_op
	= (ompt_record_target_data_op_t) { *id, optype, src, src_device,
					   dest, dest_device, bytes,
					   gt_profile_clock (),
					   t ? t->codeptr : NULL };
      trace_op (t ? t->device_num
		: src_device != gt_ompt_host ? src_device : dest_device,
		TRACE_DATA_OP, &r);
    }
  if (emi != NULL)
    emi (endpoint, target_task_data (t), t ? &t->target_data : NULL, id,
	 optype, src, src_device, dest, dest_device, bytes,
	 t ? t->codeptr : NULL);
  else if (endpoint == ompt_scope_end
	   && (plain = CALLBACK (ompt_callback_target_data_op,
				 ompt_callback_target_data_op_t)) != NULL)
    /* Once, when the addresses are all known.  */
    plain (t ? t->target_id : ompt_id_none, *id, optype, src, src_device,
	   dest, dest_device, bytes, t ? t->codeptr : NULL);
  if (endpoint == ompt_scope_end)
    current_op = ompt_id_none;
}

void
gt_ompt_submit (ompt_scope_endpoint_t endpoint, ompt_id_t *id,
		unsigned int requested_num_teams)
{
  struct gt_ompt_target *t = current;
  ompt_callback_target_submit_emi_t emi
    = CALLBACK (ompt_callback_target_submit_emi,
		ompt_callback_target_submit_emi_t);
  ompt_callback_target_submit_t plain;

  if (endpoint == ompt_scope_begin && pending_map.nitems != 0)
    {
      size_t i, n;
      for (i = 0; i < pending_map.nitems; i += n)
	{
	  n = pending_map.nitems - i;
	  if (n > UINT_MAX)
	    n = UINT_MAX;
	  map_callback ((unsigned int) n, pending_map.host + i,
			pending_map.device + i, pending_map.bytes + i,
			pending_map.flags + i);
	}
      pending_map.nitems = 0;
    }
  if (endpoint == ompt_scope_begin)
    {
      current_op = *id = new_id ();
      op_start = gt_profile_clock ();
      if (t != NULL && __atomic_load_n (&tracing, __ATOMIC_RELAXED))
	arm_times (t->device_num, true);
    }
  else if (t != NULL && __atomic_load_n (&tracing, __ATOMIC_RELAXED))
    {
      ompt_record_ompt_t r = { .type = ompt_callback_target_submit,
			       .time = op_start, .target_id = t->target_id };
      r.record.target_kernel
	= (ompt_record_target_kernel_t) { *id, requested_num_teams,
					  requested_num_teams,
					  gt_profile_clock () };
      trace_op (t->device_num, TRACE_KERNEL, &r);
    }
  if (emi != NULL)
    emi (endpoint, t ? &t->target_data : NULL, id, requested_num_teams);
  else if (endpoint == ompt_scope_begin
	   && (plain = CALLBACK (ompt_callback_target_submit,
				 ompt_callback_target_submit_t)) != NULL)
    plain (t ? t->target_id : ompt_id_none, *id, requested_num_teams);
  if (endpoint == ompt_scope_end)
    current_op = ompt_id_none;
}

unsigned int
gt_ompt_map_flags (int kind, bool implicit)
{
  unsigned int f = implicit ? ompt_target_map_flag_implicit : 0;

  switch (kind)
    {
    case GT_MAP_ALLOC:
    case GT_MAP_FORCE_ALLOC:
      return f | ompt_target_map_flag_alloc;
    case GT_MAP_RELEASE:
      return f | ompt_target_map_flag_release;
    case GT_MAP_DELETE:
    case GT_MAP_DELETE_ZERO_LEN_ARRAY_SECTION:
      return f | ompt_target_map_flag_delete;
    case GT_MAP_TO:
    case GT_MAP_FROM:
    case GT_MAP_TOFROM:
    case GT_MAP_FORCE_TO:
    case GT_MAP_FORCE_FROM:
    case GT_MAP_FORCE_TOFROM:
    case GT_MAP_ALWAYS_TO:
    case GT_MAP_ALWAYS_FROM:
    case GT_MAP_ALWAYS_TOFROM:
    case GT_MAP_ALWAYS_PRESENT_TO:
    case GT_MAP_ALWAYS_PRESENT_FROM:
    case GT_MAP_ALWAYS_PRESENT_TOFROM:
      if (kind & GT_MAPF_TO)
	f |= ompt_target_map_flag_to;
      if (kind & GT_MAPF_FROM)
	f |= ompt_target_map_flag_from;
      return f;
    default:
      /* Pointers, firstprivate values, structures...: none of the
	 four.  */
      return f;
    }
}

void
gt_ompt_device_initialize (int device_num, const char *type)
{
  ompt_callback_device_initialize_t cb
    = CALLBACK (ompt_callback_device_initialize,
		ompt_callback_device_initialize_t);

  if (cb != NULL)
    cb (device_num, type,
	trace_devices != NULL ? &trace_devices[device_num] : NULL,
	trace_devices != NULL ? device_lookup : NULL,
	"gomptarget: see the gomptarget manual, node OMPT Tools");
}

void
gt_ompt_device_finalize (int device_num)
{
  ompt_callback_device_finalize_t cb
    = CALLBACK (ompt_callback_device_finalize,
		ompt_callback_device_finalize_t);

  /* Its trace ends first.  */
  if (trace_devices != NULL)
    stop_trace (&trace_devices[device_num]);
  if (cb != NULL)
    cb (device_num);
}

void
gt_ompt_device_load (int device_num, const void *host_addr, size_t bytes,
		     uint64_t module_id)
{
  ompt_callback_device_load_t cb
    = CALLBACK (ompt_callback_device_load, ompt_callback_device_load_t);
  Dl_info info;

  /* The image is in the memory of the program or library that holds its
     host table, not in a file of its own: no offset, no address in a
     file (-1 and NULL, as the specification says for those).  */
  if (cb != NULL)
    cb (device_num,
	dladdr (host_addr, &info) && info.dli_fname ? info.dli_fname : NULL,
	-1, NULL, bytes, (void *) host_addr, NULL, module_id);
}

void
gt_ompt_device_unload (int device_num, uint64_t module_id)
{
  ompt_callback_device_unload_t cb
    = CALLBACK (ompt_callback_device_unload, ompt_callback_device_unload_t);

  if (cb != NULL)
    cb (device_num, module_id);
}
