/* handles.c -- the set of live handles of an emulated library (the CUDA
   driver's contexts, streams, events, modules, functions, link states,
   linked images), each with its kind, so that a destroyed or made-up
   handle is refused with an error code instead of being followed.

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
   tombstone (KIND 0 with a non-NULL pointer).  */
struct slot
{
  const void *p;
  int kind;
};

static struct slot *slots;
static size_t cap, used;	/* USED counts tombstones too.  */
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

static struct slot *
find (const void *p)
{
  if (cap == 0)
    return NULL;
  for (size_t i = hash (p) & (cap - 1);; i = (i + 1) & (cap - 1))
    {
      if (slots[i].p == NULL)
	return NULL;
      if (slots[i].p == p && slots[i].kind != 0)
	return &slots[i];
    }
}

static void
insert (const void *p, int kind)
{
  size_t i = hash (p) & (cap - 1);
  while (slots[i].p != NULL)
    i = (i + 1) & (cap - 1);
  slots[i].p = p;
  slots[i].kind = kind;
  used++;
}

static void
grow (void)
{
  struct slot *old = slots;
  size_t oldcap = cap;
  size_t live = 0;
  for (size_t i = 0; i < oldcap; i++)
    live += old[i].p != NULL && old[i].kind != 0;
  cap = 64;
  while (cap < 4 * (live + 1))
    cap *= 2;
  slots = calloc (cap, sizeof *slots);
  if (slots == NULL)
    {
      emul_report ("out of host memory for handles");
      abort ();
    }
  used = 0;
  for (size_t i = 0; i < oldcap; i++)
    if (old[i].p != NULL && old[i].kind != 0)
      insert (old[i].p, old[i].kind);
  free (old);
}

void
emul_handle_add (int kind, const void *p)
{
  pthread_mutex_lock (&lock);
  if (2 * (used + 1) > cap)
    grow ();
  insert (p, kind);
  pthread_mutex_unlock (&lock);
}

void
emul_handle_remove (const void *p)
{
  pthread_mutex_lock (&lock);
  struct slot *s = find (p);
  if (s)
    s->kind = 0;
  pthread_mutex_unlock (&lock);
}

bool
emul_handle_valid (int kind, const void *p)
{
  if (p == NULL)
    return false;
  pthread_mutex_lock (&lock);
  struct slot *s = find (p);
  bool ok = s != NULL && s->kind == kind;
  pthread_mutex_unlock (&lock);
  return ok;
}
