/* handles.c -- the set of live handles of an emulated library (the CUDA
   driver's contexts, streams, events, modules, functions, link states,
   linked images), each with its kind, so that a destroyed or made-up
   handle is refused with an error code instead of being followed.
   Checking a handle takes no lock (every call of the emulated libraries
   checks one or more, and a real driver has no such cost): adding and
   removing, which are rare, do, and a check that saw the table being
   rebuilt looks again under the lock.

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

#include "emul-base.h"

#include <stdlib.h>

/* Open addressing with linear probing; a removed slot becomes a
   tombstone (KIND 0 with a non-NULL pointer).  Slots are read and
   written atomically: a check reads them while a thread adds or removes
   (which only fill an empty slot, or clear a KIND).  */
struct slot
{
  const void *p;
  int kind;
};

/* A table of CAP slots (a power of 2).  One outgrown stays allocated
   (OLDER) for a check that may still be reading it; each is at most
   half the size of the next, so they cost no more than the table.  */
struct table
{
  size_t cap;
  struct table *older;
  struct slot slots[];
};

static struct table *table;	/* Atomic.  */
static size_t used;		/* Counts tombstones too.  */
/* Odd while the table is being rebuilt in place (atomic): a check that
   began before and ends after saw it change.  */
static unsigned long rebuilds;
/* Taken to change the table.  */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static size_t
hash (const void *p)
{
  uintptr_t x = (uintptr_t) p;
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  return (size_t) x;
}

/* The live slot of P in T, or NULL.  */
static struct slot *
find (struct table *t, const void *p)
{
  if (t == NULL)
    return NULL;
  for (size_t i = hash (p) & (t->cap - 1);; i = (i + 1) & (t->cap - 1))
    {
      const void *q = __atomic_load_n (&t->slots[i].p, __ATOMIC_ACQUIRE);
      if (q == NULL)
	return NULL;
      if (q == p && __atomic_load_n (&t->slots[i].kind, __ATOMIC_ACQUIRE))
	return &t->slots[i];
    }
}

/* Under LOCK.  KIND first: a check that sees P sees its KIND.  (Every
   store to a slot releases: a check that sees one sees what was done
   before it, REBUILDS made odd included.)  */
static void
insert (struct table *t, const void *p, int kind)
{
  size_t i = hash (p) & (t->cap - 1);
  while (t->slots[i].p != NULL)
    i = (i + 1) & (t->cap - 1);
  __atomic_store_n (&t->slots[i].kind, kind, __ATOMIC_RELEASE);
  __atomic_store_n (&t->slots[i].p, p, __ATOMIC_RELEASE);
  used++;
}

static void *
alloc_or_abort (size_t size)
{
  void *p = calloc (1, size);
  if (p == NULL)
    {
      emul_report ("out of host memory for handles");
      abort ();
    }
  return p;
}

/* Under LOCK: make room for one more, without tombstones.  A table
   big enough already is rebuilt in place (REBUILDS odd meanwhile);
   else a bigger one replaces it.  */
static void
grow (void)
{
  struct table *old = table;
  size_t oldcap = old != NULL ? old->cap : 0;
  size_t live = 0, cap = 64, n = 0;
  for (size_t i = 0; i < oldcap; i++)
    live += old->slots[i].p != NULL && old->slots[i].kind != 0;
  while (cap < 4 * (live + 1))
    cap *= 2;
  if (cap <= oldcap)
    {
      struct slot *keep = alloc_or_abort (live * sizeof *keep + 1);
      for (size_t i = 0; i < oldcap; i++)
	if (old->slots[i].p != NULL && old->slots[i].kind != 0)
	  keep[n++] = old->slots[i];
      __atomic_store_n (&rebuilds, rebuilds + 1, __ATOMIC_RELAXED);
      for (size_t i = 0; i < oldcap; i++)
	__atomic_store_n (&old->slots[i].p, NULL, __ATOMIC_RELEASE);
      used = 0;
      for (size_t i = 0; i < n; i++)
	insert (old, keep[i].p, keep[i].kind);
      __atomic_store_n (&rebuilds, rebuilds + 1, __ATOMIC_RELEASE);
      free (keep);
      return;
    }
  struct table *t = alloc_or_abort (sizeof *t + cap * sizeof t->slots[0]);
  t->cap = cap;
  t->older = old;
  used = 0;
  for (size_t i = 0; i < oldcap; i++)
    if (old->slots[i].p != NULL && old->slots[i].kind != 0)
      insert (t, old->slots[i].p, old->slots[i].kind);
  /* The old table stops changing: a check reading it answers as it
     would have just before.  */
  __atomic_store_n (&table, t, __ATOMIC_RELEASE);
}

void
emul_handle_add (int kind, const void *p)
{
  pthread_mutex_lock (&lock);
  if (table == NULL || 2 * (used + 1) > table->cap)
    grow ();
  insert (table, p, kind);
  pthread_mutex_unlock (&lock);
}

void
emul_handle_remove (const void *p)
{
  pthread_mutex_lock (&lock);
  struct slot *s = find (table, p);
  if (s)
    __atomic_store_n (&s->kind, 0, __ATOMIC_RELEASE);
  pthread_mutex_unlock (&lock);
}

bool
emul_handle_valid (int kind, const void *p)
{
  if (p == NULL)
    return false;
  unsigned long seen = __atomic_load_n (&rebuilds, __ATOMIC_ACQUIRE);
  if (!(seen & 1))
    {
      struct slot *s = find (__atomic_load_n (&table, __ATOMIC_ACQUIRE), p);
      bool ok = s != NULL && __atomic_load_n (&s->kind, __ATOMIC_ACQUIRE)
			     == kind;
      /* After the slots' loads, which acquire: a slot rebuilt meanwhile
	 shows REBUILDS changed.  */
      if (__atomic_load_n (&rebuilds, __ATOMIC_ACQUIRE) == seen)
	return ok;
    }
  /* Rebuilt meanwhile: again, with the table still.  */
  pthread_mutex_lock (&lock);
  struct slot *s = find (table, p);
  bool ok = s != NULL && s->kind == kind;
  pthread_mutex_unlock (&lock);
  return ok;
}
