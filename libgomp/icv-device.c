/* icv-device.c -- the ICVs of device scope that GCC 13 made per device:
   nteams-var, teams-thread-limit-var, thread-limit-var and
   default-device-var of each device, whose initial values come from
   OMP_NUM_TEAMS, OMP_TEAMS_THREAD_LIMIT, OMP_THREAD_LIMIT and
   OMP_DEFAULT_DEVICE with the suffixes _DEV_<n> (device n), _DEV (every
   device) and _ALL (every device and the host), first found first taken;
   the forms without a suffix are the host's alone.  A GPU's device-side
   runtime keeps the first, second and fourth in its image's ICV variable,
   which the front end fills after loading the image (gt_fill_image_icvs);
   its thread-limit-var is the threads a launch gives each team.  A device
   that runs host code keeps them here: inside its regions the routines
   that read and set them, and GOMP_teams4, which starts a teams
   construct, use the device's values; everywhere else they are the
   native runtime's, whose host ICVs they are.  gt_default_device reads
   the default-device-var a thread sees: its own (context.c), else its
   device's, else the host's (env.c).

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

#include "icv-device.h"
#include "context.h"
#include "devices.h"
#include "device-calls.h"
#include "env.h"
#include "icv-watch.h"
#include "entry-points.h"
#include "gt-env.h"
#include "gt-once.h"
#include "profile.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

/* The ICVs of device scope, by index into dev_icvs.v and icv_vars.  */
enum
{
  ICV_NTEAMS,
  ICV_TEAMS_THREAD_LIMIT,
  ICV_THREAD_LIMIT,
  ICV_DEFAULT_DEVICE,
  NUM_DEV_ICVS
};

static const char *const icv_vars[NUM_DEV_ICVS] = {
  "OMP_NUM_TEAMS", "OMP_TEAMS_THREAD_LIMIT", "OMP_THREAD_LIMIT",
  "OMP_DEFAULT_DEVICE"
};

/* The values of one device (0: not set, but for default-device-var).  */
struct dev_icvs
{
  int v[NUM_DEV_ICVS];
};

/* By device number, for every device; set once.  */
static struct dev_icvs *icvs;
static int nicvs;
static pthread_once_t icvs_once = PTHREAD_ONCE_INIT;
static bool icvs_done;

/* NAME's value, a number from 0 to INT_MAX, or BELOW when NAME is not
   set or not such a number (then with a warning), as if the form of
   lower precedence that gave BELOW were the one set.  */
static int
env_form (const char *name, int below)
{
  return (int) gt_env_number (name, below, INT_MAX);
}

static void
init_icvs (void)
{
  int n = gt_init_devices (), i, k;
  int every[NUM_DEV_ICVS];
  char name[64];

  /* _ALL, then _DEV over it: each read once, whatever the devices.  */
  for (k = 0; k < NUM_DEV_ICVS; k++)
    {
      snprintf (name, sizeof name, "%s_ALL", icv_vars[k]);
      every[k] = env_form (name, 0);
      snprintf (name, sizeof name, "%s_DEV", icv_vars[k]);
      every[k] = env_form (name, every[k]);
    }
  /* Read by every launch, by threads that write their own data beside
     whatever malloc would have put next to it.  */
  icvs = gt_calloc_lines (n, sizeof *icvs);
  for (i = 0; i < n; i++)
    for (k = 0; k < NUM_DEV_ICVS; k++)
      {
	snprintf (name, sizeof name, "%s_DEV_%d", icv_vars[k], i);
	icvs[i].v[k] = env_form (name, every[k]);
      }
  nicvs = n;
}

/* The ICVs of device DEV, or NULL when there is no such device.  */
static struct dev_icvs *
device_icvs (int dev)
{
  gt_once (&icvs_once, &icvs_done, init_icvs);
  return dev >= 0 && dev < nicvs ? &icvs[dev] : NULL;
}

void
gt_fill_image_icvs (struct gt_device *dev,
		    const struct __tgt_offload_entry *e)
{
  const struct dev_icvs *v = device_icvs (dev->id);
  int32_t block[4];

  if (e->addr == NULL || v == NULL)
    return;
  block[0] = dev->id;
  block[1] = v->v[ICV_DEFAULT_DEVICE];
  block[2] = v->v[ICV_NTEAMS];
  block[3] = v->v[ICV_TEAMS_THREAD_LIMIT];
  if (e->size == GT_GCC12_ICVS_SIZE || e->size == GT_GCC14_ICVS_SIZE)
    {
      char teams[16], limit[16];

      gt_debug ("device %d: ICV variable at %p (%zu bytes): device %d, "
		"default device %d, teams: %s, teams thread limit: %s",
		dev->id, e->addr, e->size, (int) block[0], (int) block[1],
		gt_debug_count ((int) block[2], teams, sizeof teams),
		gt_debug_count ((int) block[3], limit, sizeof limit));
      bool own = gt_profile_own_begin ();

      gt_copy_to_dev (dev, e->addr, block, e->size);
      gt_profile_own_end (own);
    }
  else
    gt_debug ("device %d: the image's ICV variable has %zu bytes, neither "
	      "%d nor %d; left alone", dev->id, e->size, GT_GCC12_ICVS_SIZE,
	      GT_GCC14_ICVS_SIZE);
}

/* The value of ICV K of device DEVICE_NUM (0 when there is none).  */
static inline int
device_icv (int device_num, int k)
{
  const struct dev_icvs *v = device_icvs (device_num);

  return v ? __atomic_load_n (&v->v[k], __ATOMIC_RELAXED) : 0;
}

int
gt_device_default_device (int device_num)
{
  return device_icv (device_num, ICV_DEFAULT_DEVICE);
}

int
gt_default_device (void)
{
  int d;

  if (gt_thread_default_device_set)
    return gt_thread_default_device;
  /* In a region on a device: that device's default-device-var.  */
  d = gt_context_device ();
  return d >= 0 ? gt_device_default_device (d) : gt_icvs.default_device;
}

void
gt_device_launch_icvs (struct gt_device *dev, int *num_teams,
		       int *thread_limit)
{
  int raw = *num_teams;
  const struct dev_icvs *v = NULL;

  /* The device's ICVs, looked up once, where one is read.  */
  if (GT_UNLIKELY (raw == 0 || *thread_limit == 0))
    v = device_icvs (dev->id);
  if (raw == -2)
    *num_teams = 1;
  else if (raw == 0)
    *num_teams = v ? __atomic_load_n (&v->v[ICV_NTEAMS], __ATOMIC_RELAXED)
		   : 0;
  else if (raw < 0)
    *num_teams = 0;
  if (*thread_limit != 0 || v == NULL)
    return;
  /* No thread_limit clause.  A teams construct (NUM_TEAMS above -2; with
     GCC 12, which passes 1 for a region without one too, maybe one) gets
     teams-thread-limit-var; not at the launch on a device that runs host
     code: its GOMP_teams4 applies it where there is a teams construct.
     Else the threads are the device's thread-limit-var.  */
  if (raw > -2 && !(dev->caps & GT_CAP_HOST_CODE))
    *thread_limit = __atomic_load_n (&v->v[ICV_TEAMS_THREAD_LIMIT],
				     __ATOMIC_RELAXED);
  if (*thread_limit == 0)
    *thread_limit = __atomic_load_n (&v->v[ICV_THREAD_LIMIT],
				     __ATOMIC_RELAXED);
}

/* ---- The routines of OpenMP 5.1 that read and set these ICVs.  ---- */

typedef void set_fn (int);
typedef int get_fn (void);
typedef bool teams4_fn (unsigned, unsigned, unsigned, bool);

static set_fn *native_set_num_teams, *native_set_teams_thread_limit;
static get_fn *native_get_max_teams, *native_get_teams_thread_limit;
static teams4_fn *native_teams4;
static pthread_once_t native_once = PTHREAD_ONCE_INIT;

static void
find_native (void)
{
  native_set_num_teams = (set_fn *) gt_native_symbol ("omp_set_num_teams");
  native_set_teams_thread_limit
    = (set_fn *) gt_native_symbol ("omp_set_teams_thread_limit");
  native_get_max_teams = (get_fn *) gt_native_symbol ("omp_get_max_teams");
  native_get_teams_thread_limit
    = (get_fn *) gt_native_symbol ("omp_get_teams_thread_limit");
  native_teams4 = (teams4_fn *) gt_native_symbol ("GOMP_teams4");
  if (native_teams4 == NULL)
    gt_fatal ("the native OpenMP runtime has no GOMP_teams4");
}

static inline void
native (void)
{
  gt_once (&native_once, NULL, find_native);
}

/* The ICVs of the device the calling thread runs a region for, or NULL
   on the host.  */
static struct dev_icvs *
context_icvs (void)
{
  int d = gt_context_device ();
  return d >= 0 ? device_icvs (d) : NULL;
}

GT_PUBLIC void
omp_set_num_teams (int num_teams)
{
  struct dev_icvs *v = context_icvs ();

  if (v != NULL)
    {
      if (num_teams > 0)
	__atomic_store_n (&v->v[ICV_NTEAMS], num_teams, __ATOMIC_RELAXED);
      return;
    }
  native ();
  if (native_set_num_teams)
    native_set_num_teams (num_teams);
}

GT_PUBLIC int
omp_get_max_teams (void)
{
  struct dev_icvs *v = context_icvs ();

  if (v != NULL)
    return __atomic_load_n (&v->v[ICV_NTEAMS], __ATOMIC_RELAXED);
  native ();
  return native_get_max_teams ? native_get_max_teams () : 0;
}

GT_PUBLIC void
omp_set_teams_thread_limit (int thread_limit)
{
  struct dev_icvs *v = context_icvs ();

  if (v != NULL)
    {
      if (thread_limit > 0)
	__atomic_store_n (&v->v[ICV_TEAMS_THREAD_LIMIT], thread_limit,
			  __ATOMIC_RELAXED);
      return;
    }
  native ();
  if (native_set_teams_thread_limit)
    native_set_teams_thread_limit (thread_limit);
}

GT_PUBLIC int
omp_get_teams_thread_limit (void)
{
  struct dev_icvs *v = context_icvs ();

  if (v != NULL)
    return __atomic_load_n (&v->v[ICV_TEAMS_THREAD_LIMIT],
			    __ATOMIC_RELAXED);
  native ();
  return native_get_teams_thread_limit ? native_get_teams_thread_limit () : 0;
}

/* The start of a teams construct inside a region (and of each team after
   the first): on a device, a teams construct without num_teams gets the
   device's nteams-var, one without thread_limit its
   teams-thread-limit-var, as on a GPU.  */
GT_PUBLIC bool
GOMP_teams4 (unsigned num_teams_low, unsigned num_teams_high,
	     unsigned thread_limit, bool first)
{
  native ();
  /* It sets the calling thread's thread-limit-var.  */
  gt_icv_thread_changed ();
  if (first && (num_teams_low == 0 || thread_limit == 0))
    {
      struct dev_icvs *v = context_icvs ();
      if (v != NULL)
	{
	  int nt = __atomic_load_n (&v->v[ICV_NTEAMS], __ATOMIC_RELAXED);
	  int tl = __atomic_load_n (&v->v[ICV_TEAMS_THREAD_LIMIT],
				    __ATOMIC_RELAXED);
	  if (num_teams_low == 0 && num_teams_high == 0 && nt > 0)
	    num_teams_low = num_teams_high = (unsigned) nt;
	  if (thread_limit == 0 && tl > 0)
	    thread_limit = (unsigned) tl;
	}
    }
  return native_teams4 (num_teams_low, num_teams_high, thread_limit, first);
}
