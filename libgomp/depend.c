/* depend.c -- which target tasks can be ordered on the device.  A nowait
   target task whose predecessors (by its depend clauses) are all target
   tasks of the same device, already queued there, is queued at once
   behind their completion events instead of waiting on the host for
   them.  To know the predecessors, each host thread keeps a table of the
   dependences of the tasks it created: for each address, the last task
   that wrote it (out, inout) and the tasks that read it since (in), as
   the native runtime orders them.  Target tasks enter it here; host tasks
   enter it through the GOMP_task observer (task-observer.c), which sees
   every task the program creates.

   The rule keeps OpenMP's order for every mix of host and target tasks:
   - a target task is queued on the device at once only if every
     predecessor the native runtime would give it is a target task of the
     same device whose completion event is known; the device then runs it
     after them, and it is still handed to the native runtime as a
     detached task with all its depend clauses, so that every later task
     (host or target) waits for its completion, which the device reports;
   - a host task, a target task of another device or one that the native
     runtime still has to start, an inoutset dependence or
     omp_all_memory among the predecessors leaves the new task to the
     native runtime, exactly as without this table;
   - the table belongs to the thread, not to the generating task: tasks
     created by other generating tasks on the same thread can only add
     predecessors (more waiting, never less), and all siblings of a task
     are created on one thread, since libgomp's tasks are tied.  When the
     table is full it is emptied, and from then on an address it does not
     know is taken to have unknown predecessors.

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

#include "depend.h"
#include "devices.h"
#include "device-calls.h"
#include "gt-once.h"
#include "depend.h"

#include <stdlib.h>
#include <string.h>

/* GOMP_DEPEND_* values of omp_depend_t objects.  */
#define DEP_IN 1
#define DEP_OUT 2
#define DEP_INOUT 3
#define DEP_MUTEXINOUTSET 4

/* Entries of a thread's table before it is emptied, and readers of an
   address kept before an out dependence on it is left to the native
   runtime.  */
#define TABLE_MAX 4096
#define READERS_MAX 64

/* Who a dependence was recorded for.  */
enum who
{
  WHO_NONE,
  WHO_OTHER,			/* Something the device cannot wait for.  */
  WHO_TARGET			/* A target task of DEV, done at EV.  */
};

struct task_ref
{
  enum who who;
  struct gt_device *dev;
  tgt_event_t ev;
};

struct entry
{
  uintptr_t addr;		/* 0: free slot.  */
  struct task_ref writer;	/* The last out/inout task.  */
  size_t nreaders;		/* In tasks since WRITER.  */
  bool too_many_readers;	/* More than READERS_MAX of them.  */
  size_t readers_cap;
  struct task_ref *readers;
};

struct table
{
  struct entry *slots;
  size_t size, used;
  bool lossy;			/* Emptied once: unknown addresses may
				   have predecessors.  */
  bool opaque;			/* omp_all_memory seen: nothing is known.  */
};

static GT_TLS struct table *thread_table;
static pthread_key_t table_key;
static pthread_once_t key_once = PTHREAD_ONCE_INIT;

static void
table_clear (struct table *t)
{
  size_t i;

  for (i = 0; i < t->size; i++)
    free (t->slots[i].readers);
  memset (t->slots, 0, t->size * sizeof *t->slots);
  t->used = 0;
}

static void
table_destroy (void *arg)
{
  struct table *t = arg;

  table_clear (t);
  free (t->slots);
  free (t);
}

static void
make_key (void)
{
  pthread_key_create (&table_key, table_destroy);
}

static struct table *
get_table (void)
{
  struct table *t = thread_table;

  if (GT_LIKELY (t != NULL))
    return t;
  gt_once (&key_once, NULL, make_key);
  t = gt_calloc (1, sizeof *t);
  t->size = 64;
  t->slots = gt_calloc (t->size, sizeof *t->slots);
  pthread_setspecific (table_key, t);
  thread_table = t;
  return t;
}

static inline size_t
hash (uintptr_t addr, size_t mask)
{
  return (size_t) (((uint64_t) addr * 0x9e3779b97f4a7c15ull) >> 32) & mask;
}

/* The entry of ADDR in T, NULL if absent.  */
static struct entry *
lookup (struct table *t, uintptr_t addr)
{
  size_t mask = t->size - 1, i = hash (addr, mask);

  while (t->slots[i].addr != 0)
    {
      if (t->slots[i].addr == addr)
	return &t->slots[i];
      i = (i + 1) & mask;
    }
  return NULL;
}

static struct entry *
insert (struct table *t, uintptr_t addr)
{
  size_t mask, i;
  struct entry *e = lookup (t, addr);

  if (e != NULL)
    return e;
  if (t->used + 1 > TABLE_MAX)
    {
      table_clear (t);
      t->lossy = true;
    }
  if (2 * (t->used + 1) > t->size)
    {
      struct entry *old = t->slots;
      size_t old_size = t->size, j;
      t->size *= 2;
      t->slots = gt_calloc (t->size, sizeof *t->slots);
      for (j = 0; j < old_size; j++)
	if (old[j].addr != 0)
	  {
	    mask = t->size - 1;
	    i = hash (old[j].addr, mask);
	    while (t->slots[i].addr != 0)
	      i = (i + 1) & mask;
	    t->slots[i] = old[j];
	  }
      free (old);
    }
  mask = t->size - 1;
  i = hash (addr, mask);
  while (t->slots[i].addr != 0)
    i = (i + 1) & mask;
  t->slots[i].addr = addr;
  t->used++;
  return &t->slots[i];
}

/* ---- GCC's depend arrays.  ---- */

/* Call F (ADDR, KIND, ARG) for each dependence of DEPEND, with KIND one of
   DEP_IN, DEP_OUT (out, inout and mutexinoutset) or anything else for
   kinds this table does not order (inoutset).  A mutexinoutset task is
   ordered after the tasks before it like an inout one, and excludes the
   others of its set: ordering it after them too, as an inout task would
   be, is one of the orders OpenMP allows.  */
static void
each_dependence (void **depend,
		 void (*f) (uintptr_t addr, int kind, void *arg), void *arg)
{
  size_t n = (uintptr_t) depend[0], i;

  if (n != 0)
    {
      size_t nout = (uintptr_t) depend[1];
      for (i = 0; i < n; i++)
	f ((uintptr_t) depend[2 + i], i < nout ? DEP_OUT : DEP_IN, arg);
    }
  else
    {
      size_t nout = (uintptr_t) depend[2];
      size_t nmutex = (uintptr_t) depend[3];
      size_t nin = (uintptr_t) depend[4];
      size_t normal = nout + nmutex + nin;
      n = (uintptr_t) depend[1];
      for (i = 0; i < n; i++)
	{
	  uintptr_t addr;
	  int kind;
	  if (i < normal)
	    {
	      addr = (uintptr_t) depend[5 + i];
	      kind = i < nout + nmutex ? DEP_OUT : DEP_IN;
	    }
	  else
	    {
	      /* A depobj: {address, kind}.  */
	      void **d = depend[5 + i];
	      addr = (uintptr_t) d[0];
	      kind = (int) (uintptr_t) d[1];
	      if (kind == DEP_INOUT || kind == DEP_MUTEXINOUTSET)
		kind = DEP_OUT;
	      else if (kind != DEP_IN && kind != DEP_OUT)
		kind = 0;
	    }
	  f (addr, kind, arg);
	}
    }
}

/* ---- Finding the predecessors.  ---- */

struct preds
{
  struct table *t;
  struct gt_device *dev;
  tgt_event_t *events;
  int max, n;
  bool ok;
};

/* Add REF to P's predecessors, or spoil P.  */
static void
add_pred (struct preds *p, const struct task_ref *ref)
{
  int i;

  if (ref->who == WHO_NONE)
    return;
  if (ref->who != WHO_TARGET || ref->dev != p->dev)
    {
      p->ok = false;
      return;
    }
  for (i = 0; i < p->n; i++)
    if (p->events[i] == ref->ev)
      return;
  if (p->n == p->max)
    p->ok = false;
  else
    p->events[p->n++] = ref->ev;
}

static void
pred_of (uintptr_t addr, int kind, void *arg)
{
  struct preds *p = arg;
  struct entry *e;
  size_t i;

  if (!p->ok)
    return;
  if (kind != DEP_IN && kind != DEP_OUT)
    {
      p->ok = false;
      return;
    }
  e = lookup (p->t, addr);
  if (e == NULL)
    {
      if (p->t->lossy)
	p->ok = false;
      return;
    }
  add_pred (p, &e->writer);
  if (kind == DEP_OUT && e->too_many_readers)
    p->ok = false;
  if (kind == DEP_OUT)
    for (i = 0; i < e->nreaders && p->ok; i++)
      add_pred (p, &e->readers[i]);
}

int
gt_depend_device_preds (void **depend, struct gt_device *dev,
			tgt_event_t *events, int max)
{
  struct preds p;
  int i;

  p.t = get_table ();
  p.dev = dev;
  p.events = events;
  p.max = max;
  p.n = 0;
  p.ok = !p.t->opaque;
  if (depend != NULL && p.ok)
    each_dependence (depend, pred_of, &p);
  for (i = 0; i < p.n && p.ok; i++)
    p.ok = gt_dev_can_order (dev, events[i]);
  return p.ok ? p.n : -1;
}

/* ---- Whether a new task follows a target task.  ---- */

struct follows
{
  struct table *t;
  bool yes;
};

static void
follows_of (uintptr_t addr, int kind, void *arg)
{
  struct follows *f = arg;
  struct entry *e;
  size_t i;

  if (f->yes)
    return;
  /* omp_all_memory, or an order this table does not follow.  */
  if (addr == 0 || (kind != DEP_IN && kind != DEP_OUT))
    {
      f->yes = true;
      return;
    }
  e = lookup (f->t, addr);
  if (e == NULL)
    {
      f->yes = f->t->lossy;
      return;
    }
  if (e->writer.who == WHO_TARGET
      || (kind == DEP_OUT && e->too_many_readers))
    {
      f->yes = true;
      return;
    }
  if (kind == DEP_OUT)
    for (i = 0; i < e->nreaders && !f->yes; i++)
      f->yes = e->readers[i].who == WHO_TARGET;
}

bool
gt_depend_follows_target (void **depend)
{
  struct follows f;

  f.t = get_table ();
  f.yes = f.t->opaque;
  if (depend != NULL && !f.yes)
    each_dependence (depend, follows_of, &f);
  return f.yes;
}

/* ---- Recording tasks.  ---- */

static void
record (uintptr_t addr, int kind, void *arg)
{
  const struct task_ref *ref = arg;
  struct table *t = thread_table;
  struct entry *e;

  if (addr == 0)
    {
      /* omp_all_memory: every later task depends on this one.  */
      t->opaque = true;
      return;
    }
  e = insert (t, addr);
  if (kind == DEP_OUT)
    {
      e->writer = *ref;
      e->nreaders = 0;
      e->too_many_readers = false;
      return;
    }
  if (kind != DEP_IN)
    {
      /* Ordered in ways this table does not follow: make the address
	 unusable for the device until a writer takes over.  */
      e->writer.who = WHO_OTHER;
      e->nreaders = 0;
      e->too_many_readers = false;
      return;
    }
  if (e->nreaders == READERS_MAX)
    {
      e->too_many_readers = true;
      return;
    }
  if (e->nreaders == e->readers_cap)
    {
      e->readers_cap = e->readers_cap ? 2 * e->readers_cap : 4;
      e->readers = gt_realloc (e->readers,
			       e->readers_cap * sizeof *e->readers);
    }
  e->readers[e->nreaders++] = *ref;
}

void
gt_depend_record_target (void **depend, struct gt_device *dev,
			 tgt_event_t ev)
{
  struct task_ref ref;

  if (depend == NULL)
    return;
  ref.who = dev != NULL && ev != NULL ? WHO_TARGET : WHO_OTHER;
  ref.dev = dev;
  ref.ev = ev;
  get_table ();
  each_dependence (depend, record, &ref);
}

void
gt_depend_record_done (void **depend)
{
  struct task_ref ref = { WHO_NONE, NULL, NULL };

  if (depend == NULL)
    return;
  get_table ();
  each_dependence (depend, record, &ref);
}

void
gt_depend_record_other (void **depend)
{
  struct task_ref ref = { WHO_OTHER, NULL, NULL };

  if (depend == NULL)
    return;
  get_table ();
  each_dependence (depend, record, &ref);
}
