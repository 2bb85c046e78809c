/* profile-summary.c -- GOMPTARGET_SUMMARY: what the program's target
   work added up to, written at exit to stderr (GOMPTARGET_SUMMARY=1) or
   to a file (GOMPTARGET_SUMMARY=FILE): per region function, how many
   times it ran and how long in total, on average and at most (from the
   host, launch to completion); per device, the bytes copied each way,
   the peak of the memory the front end allocated on it and of the keys
   in its mapping table; the time host threads spent waiting for
   devices.

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

#include "profile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The devices counted; records of higher device numbers are not.  */
#define MAX_DEVICES 64
#define BUCKETS 256

struct region_stats
{
  const void *fn;
  uint64_t count, total_ns, max_ns;
  struct region_stats *next;
};

struct device_stats
{
  uint64_t bytes[3];		/* By enum gt_profile_copy.  */
  uint64_t mem, peak_mem;
  size_t peak_keys;
  bool used;
};

/* A block of device memory the front end allocated, until freed.  */
struct block
{
  const void *ptr;
  size_t bytes;
  int device;
  struct block *next;
};

static struct region_stats *regions[BUCKETS];
static struct device_stats devices[MAX_DEVICES];
static struct block *blocks[BUCKETS];
static uint64_t wait_ns, waits;
static gt_mutex_t summary_lock = GT_MUTEX_INITIALIZER;
GT_FORK_LOCK (summary_lock);

static size_t
bucket (const void *p)
{
  return ((uintptr_t) p >> 4) % BUCKETS;
}

void
gt_summary_region (const void *fn, uint64_t ns)
{
  struct region_stats *r;

  gt_mutex_acquire (&summary_lock);
  for (r = regions[bucket (fn)]; r != NULL; r = r->next)
    if (r->fn == fn)
      break;
  if (r == NULL && (r = calloc (1, sizeof *r)) != NULL)
    {
      r->fn = fn;
      r->next = regions[bucket (fn)];
      regions[bucket (fn)] = r;
    }
  if (r != NULL)
    {
      r->count++;
      r->total_ns += ns;
      if (ns > r->max_ns)
	r->max_ns = ns;
    }
  gt_mutex_release (&summary_lock);
}

void
gt_summary_copy (int device, enum gt_profile_copy dir, size_t bytes)
{
  if (device < 0 || device >= MAX_DEVICES)
    return;
  gt_mutex_acquire (&summary_lock);
  devices[device].used = true;
  devices[device].bytes[dir] += bytes;
  gt_mutex_release (&summary_lock);
}

void
gt_summary_alloc (int device, const void *ptr, size_t bytes)
{
  struct block *b;
  struct device_stats *d;

  if (device < 0 || device >= MAX_DEVICES
      || (b = malloc (sizeof *b)) == NULL)
    return;
  b->ptr = ptr;
  b->bytes = bytes;
  b->device = device;
  gt_mutex_acquire (&summary_lock);
  b->next = blocks[bucket (ptr)];
  blocks[bucket (ptr)] = b;
  d = &devices[device];
  d->used = true;
  d->mem += bytes;
  if (d->mem > d->peak_mem)
    d->peak_mem = d->mem;
  gt_mutex_release (&summary_lock);
}

void
gt_summary_free (int device, const void *ptr)
{
  struct block **p, *b = NULL;

  gt_mutex_acquire (&summary_lock);
  for (p = &blocks[bucket (ptr)]; *p != NULL; p = &(*p)->next)
    if ((*p)->ptr == ptr && (*p)->device == device)
      {
	b = *p;
	*p = b->next;
	devices[device].mem -= b->bytes;
	break;
      }
  gt_mutex_release (&summary_lock);
  free (b);
}

void
gt_summary_wait (uint64_t ns)
{
  gt_mutex_acquire (&summary_lock);
  wait_ns += ns;
  waits++;
  gt_mutex_release (&summary_lock);
}

void
gt_summary_after_fork (void)
{
  summary_lock.word = 0;
}

void
gt_summary_map_size (int device, size_t count)
{
  if (device < 0 || device >= MAX_DEVICES)
    return;
  gt_mutex_acquire (&summary_lock);
  devices[device].used = true;
  if (count > devices[device].peak_keys)
    devices[device].peak_keys = count;
  gt_mutex_release (&summary_lock);
}

static int
by_total (const void *a, const void *b)
{
  const struct region_stats *x = *(struct region_stats *const *) a;
  const struct region_stats *y = *(struct region_stats *const *) b;

  return x->total_ns < y->total_ns ? 1 : x->total_ns > y->total_ns ? -1 : 0;
}

void
gt_summary_write (const char *file)
{
  FILE *f = stderr;
  struct region_stats **sorted;
  size_t n = 0;

  if (file != NULL && (f = fopen (file, "w")) == NULL)
    {
      gt_warning ("GOMPTARGET_SUMMARY: cannot open %s: %s", file,
		  strerror (errno));
      return;
    }
  gt_mutex_acquire (&summary_lock);
  for (size_t i = 0; i < BUCKETS; i++)
    for (struct region_stats *r = regions[i]; r != NULL; r = r->next)
      n++;
  sorted = calloc (n + 1, sizeof *sorted);
  n = 0;
  if (sorted != NULL)
    for (size_t i = 0; i < BUCKETS; i++)
      for (struct region_stats *r = regions[i]; r != NULL; r = r->next)
	sorted[n++] = r;
  gt_mutex_release (&summary_lock);
  if (sorted != NULL)
    qsort (sorted, n, sizeof *sorted, by_total);

  fprintf (f, "gomptarget: summary of process %d\n", (int) getpid ());
  fprintf (f, "gomptarget: %10s %12s %12s %12s  %s\n", "count", "total ms",
	   "mean us", "max us", "region");
  for (size_t i = 0; i < n; i++)
    {
      struct region_stats *r = sorted[i];
      fprintf (f, "gomptarget: %10llu %12.3f %12.3f %12.3f  %s\n",
	       (unsigned long long) r->count, r->total_ns / 1e6,
	       r->total_ns / 1e3 / r->count, r->max_ns / 1e3,
	       gt_profile_fn_name (r->fn));
    }
  free (sorted);
  fprintf (f, "gomptarget: %6s %14s %14s %14s %14s %10s\n", "device",
	   "bytes to", "bytes from", "bytes between", "peak memory",
	   "peak keys");
  for (int d = 0; d < MAX_DEVICES; d++)
    if (devices[d].used)
      fprintf (f, "gomptarget: %6d %14llu %14llu %14llu %14llu %10zu\n", d,
	       (unsigned long long) devices[d].bytes[GT_PROFILE_TO],
	       (unsigned long long) devices[d].bytes[GT_PROFILE_FROM],
	       (unsigned long long) devices[d].bytes[GT_PROFILE_EXCHANGE],
	       (unsigned long long) devices[d].peak_mem,
	       devices[d].peak_keys);
  fprintf (f, "gomptarget: waiting for devices: %.3f ms in %llu wait(s)\n",
	   wait_ns / 1e6, (unsigned long long) waits);
  if (f != stderr)
    fclose (f);
  else
    fflush (f);
}
