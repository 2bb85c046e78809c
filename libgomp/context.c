/* context.c -- which device the calling host thread executes for.  A
   region on an emulated device runs on a host thread, and so do the
   threads of the parallel regions inside it, which the native runtime
   creates.  To let those threads know, the launching thread marks the
   native runtime's default-device-var ICV, which the native runtime
   passes down to every implicit and explicit task inside the region;
   this library keeps its own default-device-var, so users never see
   the mark.  That default-device-var, as the thread set it, is kept
   here too.

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

#include "context.h"
#include "gt-once.h"

#include <dlfcn.h>
#include <pthread.h>

/* Marked ICV values: GT_CONTEXT_MARK + (region << GT_CONTEXT_SHIFT) +
   device number, where REGION is the region's ancestor slot (reverse.c)
   or 0.  */
#define GT_CONTEXT_MARK 0x40000000
#define GT_CONTEXT_SHIFT 16
#define GT_CONTEXT_DEVICE_MASK ((1 << GT_CONTEXT_SHIFT) - 1)

GT_TLS int gt_current_device = -1;

/* default-device-var once a thread has set it.  */
GT_TLS int gt_thread_default_device;
GT_TLS bool gt_thread_default_device_set;

/* The ancestor slot of the region the calling thread started, with
   gt_current_device.  */
static GT_TLS unsigned current_region;

static void (*native_set_default_device) (int);
static int (*native_get_default_device) (void);
static pthread_once_t native_once = PTHREAD_ONCE_INIT;
/* Set once find_native has run: then no call to pthread_once.  */
static bool native_found;

void *
gt_native_symbol (const char *name)
{
  /* The next definition after this library's is the native runtime's.  */
  return dlsym (RTLD_NEXT, name);
}

static void find_native (void);

static inline void
find_native_once (void)
{
  gt_once (&native_once, &native_found, find_native);
}

static void
find_native (void)
{
  native_set_default_device
    = (void (*) (int)) gt_native_symbol ("omp_set_default_device");
  native_get_default_device
    = (int (*) (void)) gt_native_symbol ("omp_get_default_device");
  if (native_set_default_device == NULL || native_get_default_device == NULL)
    {
      native_set_default_device = NULL;
      native_get_default_device = NULL;
      gt_debug ("native omp_set_default_device not found: threads of "
		"parallel regions inside emulated-device regions will "
		"report the initial device");
    }
}

int
gt_context_enter_region (int device, unsigned region)
{
  int saved = -1;

  if (device > GT_CONTEXT_DEVICE_MASK || region > GT_CONTEXT_MAX_REGION)
    region = 0;
  find_native_once ();
  if (native_get_default_device)
    {
      saved = native_get_default_device ();
      native_set_default_device (GT_CONTEXT_MARK
				 + (int) (region << GT_CONTEXT_SHIFT)
				 + device);
    }
  gt_current_device = device;
  current_region = region;
  /* The region starts with the device's default-device-var, not what
     this thread set on the host (the runner gives that back after).  */
  gt_restore_default_device (0, false);
  return saved;
}

int
gt_context_enter (int device)
{
  return gt_context_enter_region (device, 0);
}

void
gt_context_leave (int saved)
{
  gt_current_device = -1;
  current_region = 0;
  if (native_set_default_device)
    native_set_default_device (saved);
}

int
gt_context_device (void)
{
  int v;

  if (gt_current_device >= 0)
    return gt_current_device;
  find_native_once ();
  if (native_get_default_device == NULL)
    return -1;
  v = native_get_default_device ();
  return v >= GT_CONTEXT_MARK
	 ? (v - GT_CONTEXT_MARK) & GT_CONTEXT_DEVICE_MASK : -1;
}

unsigned
gt_context_region (void)
{
  int v;

  if (gt_current_device >= 0)
    return current_region;
  find_native_once ();
  if (native_get_default_device == NULL)
    return 0;
  v = native_get_default_device ();
  return v >= GT_CONTEXT_MARK
	 ? (unsigned) (v - GT_CONTEXT_MARK) >> GT_CONTEXT_SHIFT : 0;
}

int
gt_context_suspend (void)
{
  int device = gt_context_device ();
  unsigned region;

  if (device < 0)
    return -1;
  region = gt_context_region ();
  gt_context_leave (0);
  return (int) (region << GT_CONTEXT_SHIFT) + device;
}

void
gt_context_resume (int saved)
{
  if (saved >= 0)
    gt_context_enter_region (saved & GT_CONTEXT_DEVICE_MASK,
			     (unsigned) saved >> GT_CONTEXT_SHIFT);
}

/* omp_set_default_device: the ICV is per task in OpenMP; here it is kept
   per thread, which is what a task sees unless it migrates.  */
void
gt_set_default_device (int device_num)
{
  gt_thread_default_device = device_num;
  gt_thread_default_device_set = true;
}
