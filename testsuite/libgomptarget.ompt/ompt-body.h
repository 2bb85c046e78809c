/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   The body of the OMPT tests on every device (default device 0 of the
   folder): known work, then the tool's log (ompt-tool.h) checked --
   every construct's begin and end, in order and nested, with what it
   did between them: the allocations, the copies each way and the
   deletions with the variables' host addresses, their device addresses
   and sizes and the device numbers; the launch; the variables mapped.
   Work: a target region with map(tofrom: a); target enter data map(to:
   b), target update from(b), target exit data map(from: b); a target
   data map(to: a) around a target region; a target nowait region with
   map(tofrom: b), and target enter data, update and exit data of b with
   nowait, each waited for.  GET_LOG gives the tool's log.  */

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <pthread.h>

/* Above the size up to which the front end stages copies together.  */
#define N (32 * 1024)

static int a[N], b[N];

static int failed;

static void
fail (const char *fmt, ...)
{
  va_list ap;

  va_start (ap, fmt);
  fputs ("FAIL: ", stdout);
  vprintf (fmt, ap);
  putchar ('\n');
  va_end (ap);
  failed = 1;
}

static void
work (void)
{
  int i;

  for (i = 0; i < N; i++)
    a[i] = b[i] = i;
#pragma omp target map(tofrom: a)
  for (int j = 0; j < N; j++)
    a[j]++;
#pragma omp target enter data map(to: b)
#pragma omp target update from(b)
#pragma omp target exit data map(from: b)
#pragma omp target data map(to: a)
  {
#pragma omp target map(tofrom: b)
    for (int j = 0; j < N; j++)
      b[j] += a[j];
  }
#pragma omp target nowait map(tofrom: b)
  for (int j = 0; j < N; j++)
    b[j]++;
#pragma omp taskwait
#pragma omp target enter data nowait map(to: b)
#pragma omp taskwait
#pragma omp target update nowait from(b)
#pragma omp taskwait
#pragma omp target exit data nowait map(from: b)
#pragma omp taskwait
  for (i = 0; i < N; i++)
    if (a[i] != i + 1 || b[i] != 2 * i + 2)
      {
	fail ("wrong results at %d: %d %d", i, a[i], b[i]);
	break;
      }
}

static const char *
cb_name (int cb)
{
  switch (cb)
    {
    case ompt_callback_device_initialize: return "device_initialize";
    case ompt_callback_device_finalize: return "device_finalize";
    case ompt_callback_device_load: return "device_load";
    case ompt_callback_device_unload: return "device_unload";
    case ompt_callback_target_emi: return "target_emi";
    case ompt_callback_target_data_op_emi: return "data_op_emi";
    case ompt_callback_target_submit_emi: return "submit_emi";
    case ompt_callback_target_map_emi: return "map_emi";
    default: return "?";
    }
}

static void
dump (struct ompt_log *log)
{
  int i;

  for (i = 0; i < log->n; i++)
    {
      struct ompt_event *e = &log->ev[i];
      printf ("%3d %-17s ep %d kind %2d dev %d,%d %p %p %zu flags %u td %p "
	      "op %lu\n", i, cb_name (e->cb), e->endpoint, e->kind, e->dev,
	      e->dev2, e->addr, e->addr2, e->bytes, e->flags,
	      (void *) e->target_data, (unsigned long) e->op);
    }
}

/* What construct I of the work must show: its kind, its variable, how
   many copies to and from the device of it, how many launches.  */
struct expect
{
  int kind;
  int *var;
  int to, from, submits;
};

/* A data operation's begin at B: its end must follow on the same thread
   with the same operation, before any other of that thread's.  */
static struct ompt_event *
op_end (struct ompt_log *log, int b)
{
  struct ompt_event *e = &log->ev[b];
  int i;

  for (i = b + 1; i < log->n; i++)
    {
      struct ompt_event *f = &log->ev[i];
      if (f->thread != e->thread
	  || (f->cb != ompt_callback_target_data_op_emi
	      && f->cb != ompt_callback_target_submit_emi))
	continue;
      if (f->endpoint != ompt_scope_end || f->cb != e->cb || f->op != e->op
	  || f->kind != e->kind)
	return NULL;
      return f;
    }
  return NULL;
}

/* Check construct C, whose begin is event B and end event E (the
   variables' device addresses so far in DEVADDR).  */
static void
check_construct (struct ompt_log *log, int c, const struct expect *x,
		 int first, int end, void **devaddr)
{
  struct ompt_event *eb = &log->ev[first];
  int host = log->initial_device, i, to = 0, from = 0, submits = 0;
  int maps = 0;
  size_t bytes = sizeof a;

  if (eb->kind != x->kind || eb->dev != 0)
    fail ("construct %d: kind %d on device %d, not %d on device 0", c,
	  eb->kind, eb->dev, x->kind);
  if (log->ev[end].dev != 0 || log->ev[end].kind != x->kind)
    fail ("construct %d: its end is of another kind or device", c);
  /* Mapped anew: at an address of its own.  */
  if (x->to)
    devaddr[x->var == b] = NULL;
  for (i = first + 1; i < end; i++)
    {
      struct ompt_event *e = &log->ev[i], *f;
      if (e->target_data != eb->target_data
	  || e->mark != 0x70000000u + (uint64_t) x->kind)
	{
	  fail ("construct %d: event %d is not of the construct", c, i);
	  continue;
	}
      if (e->cb == ompt_callback_target_map_emi)
	{
	  if (e->addr == x->var)
	    {
	      maps++;
	      if (e->bytes != bytes
		  || e->flags != (ompt_target_map_flag_to
				  | ompt_target_map_flag_from))
		fail ("construct %d: map of %p: %zu bytes, flags %#x", c,
		      e->addr, e->bytes, e->flags);
	      if (devaddr[x->var == b] == NULL)
		devaddr[x->var == b] = e->addr2;
	      if (e->addr2 != devaddr[x->var == b])
		fail ("construct %d: map of %p at %p, copied to %p", c,
		      e->addr, e->addr2, devaddr[x->var == b]);
	    }
	  else if (e->addr == (void *) a && x->var == b)
	    {
	      /* The region uses a, which target data mapped: implicit.  */
	      if (e->addr2 != devaddr[0]
		  || e->flags != (ompt_target_map_flag_to
				  | ompt_target_map_flag_from
				  | ompt_target_map_flag_implicit))
		fail ("construct %d: implicit map of a at %p flags %#x, "
		      "not at %p", c, e->addr2, e->flags, devaddr[0]);
	    }
	  continue;
	}
      if (e->endpoint != ompt_scope_begin)
	continue;
      if ((f = op_end (log, i)) == NULL || f - log->ev >= end)
	{
	  fail ("construct %d: operation at %d has no end of its own", c, i);
	  continue;
	}
      if (e->cb == ompt_callback_target_submit_emi)
	{
	  submits++;
	  continue;
	}
      switch (e->kind)
	{
	case ompt_target_data_alloc:
	  if (e->dev != host || f->dev2 != 0 || f->addr2 == NULL)
	    fail ("construct %d: alloc on %d from %d at %p", c, f->dev2,
		  e->dev, f->addr2);
	  break;
	case ompt_target_data_transfer_to_device:
	  if (e->addr == x->var)
	    {
	      to++;
	      if (e->dev != host || e->dev2 != 0 || e->bytes != bytes
		  || f->addr2 != e->addr2)
		fail ("construct %d: copy to: devices %d -> %d, %zu bytes", c,
		      e->dev, e->dev2, e->bytes);
	      if (devaddr[x->var == b] == NULL)
		devaddr[x->var == b] = e->addr2;
	      if (e->addr2 != devaddr[x->var == b])
		fail ("construct %d: copy to %p, not %p", c, e->addr2,
		      devaddr[x->var == b]);
	    }
	  break;
	case ompt_target_data_transfer_from_device:
	  if (e->addr2 == x->var)
	    {
	      from++;
	      if (e->dev != 0 || e->dev2 != host || e->bytes != bytes)
		fail ("construct %d: copy from: devices %d -> %d, %zu bytes", c,
		      e->dev, e->dev2, e->bytes);
	      if (e->addr != devaddr[x->var == b])
		fail ("construct %d: copy from %p, not %p", c, e->addr,
		      devaddr[x->var == b]);
	    }
	  break;
	case ompt_target_data_delete:
	  if (e->dev != 0 || e->addr == NULL)
	    fail ("construct %d: delete of %p on %d", c, e->addr, e->dev);
	  break;
	default:
	  fail ("construct %d: data operation %d", c, e->kind);
	}
    }
  if (to != x->to || from != x->from || submits != x->submits)
    fail ("construct %d: %d copies to, %d from, %d launches; not %d, %d, %d",
	  c, to, from, submits, x->to, x->from, x->submits);
  if (x->submits && maps != 1)
    fail ("construct %d: its variable mapped %d times, not once", c, maps);
}

/* The end of construct B: the next target end of the same target data
   (nothing else nests in this work).  */
static int
construct_end (struct ompt_log *log, int b)
{
  int i;

  for (i = b + 1; i < log->n; i++)
    if (log->ev[i].cb == ompt_callback_target_emi)
      return log->ev[i].endpoint == ompt_scope_end
	     && log->ev[i].target_data == log->ev[b].target_data ? i : -1;
  return -1;
}

int
main (void)
{
  static const struct expect expect[] = {
    { ompt_target, a, 1, 1, 1 },
    { ompt_target_enter_data, b, 1, 0, 0 },
    { ompt_target_update, b, 0, 1, 0 },
    { ompt_target_exit_data, b, 0, 1, 0 },
    { ompt_target_enter_data, a, 1, 0, 0 },	/* target data */
    { ompt_target, b, 1, 1, 1 },
    { ompt_target_exit_data, a, 0, 0, 0 },	/* its end */
    { ompt_target_nowait, b, 1, 1, 1 },
    { ompt_target_enter_data_nowait, b, 1, 0, 0 },
    { ompt_target_update_nowait, b, 0, 1, 0 },
    { ompt_target_exit_data_nowait, b, 0, 1, 0 },
  };
  const int nexpect = sizeof expect / sizeof expect[0];
  struct ompt_log *log;
  void *devaddr[2] = { NULL, NULL };	/* Of a and b.  */
  int i, c = 0, inits = 0, loads = 0;

  if (omp_get_num_devices () < 1)
    {
      printf ("FAIL: no device\n");
      return 1;
    }
  work ();
  log = GET_LOG ();
  if (log == NULL)
    {
      printf ("FAIL: no tool log\n");
      return 1;
    }
  pthread_mutex_lock (&log->lock);
  if (getenv ("OMPT_TEST_DUMP"))
    dump (log);
  if (log->initial_device != omp_get_initial_device ())
    fail ("initial device %d, not %d", log->initial_device,
	  omp_get_initial_device ());
  for (i = 0; i < log->n; i++)
    {
      struct ompt_event *e = &log->ev[i];
      int end;

      if (e->cb == ompt_callback_device_initialize)
	{
	  if (e->dev != 0 || c != 0)
	    fail ("device %d initialised after %d constructs", e->dev, c);
	  inits++;
	  continue;
	}
      if (e->cb == ompt_callback_device_load)
	{
	  if (e->dev != 0 || e->addr == NULL || e->bytes == 0 || inits != 1)
	    fail ("image loaded on device %d: host table %p, %zu bytes, "
		  "%d initialisation(s) before", e->dev, e->addr, e->bytes,
		  inits);
	  loads++;
	  continue;
	}
      if (e->cb != ompt_callback_target_emi)
	{
	  fail ("event %d (%s) outside of a construct", i, cb_name (e->cb));
	  continue;
	}
      if (e->endpoint != ompt_scope_begin)
	{
	  fail ("event %d: an end without its begin", i);
	  continue;
	}
      if (c >= nexpect)
	{
	  fail ("more constructs than %d", nexpect);
	  break;
	}
      if ((end = construct_end (log, i)) < 0)
	{
	  fail ("construct %d (event %d) has no end of its own", c, i);
	  break;
	}
      check_construct (log, c, &expect[c], i, end, devaddr);
      c++;
      i = end;
    }
  if (c != nexpect)
    fail ("%d constructs, not %d", c, nexpect);
  if (inits != 1)
    fail ("device 0 initialised %d times, not once", inits);
  pthread_mutex_unlock (&log->lock);
  /* The emulated GPUs load the program's image, the host device none.  */
  printf ("ompt: %d image(s) loaded\n", loads);
  if (!failed)
    printf ("ompt: ok\n");
  return failed;
}
