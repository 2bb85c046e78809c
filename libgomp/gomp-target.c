/* gomp-target.c -- the GOMP_target* entry points GCC emits for target,
   target data, target update and target enter/exit data, in their
   GOMP_4.0 (8-bit kinds) and GOMP_4.5 forms: a nowait construct becomes
   a target task (task.c), another one waits for its dependences and
   runs (target.c).  Entry floor.

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

#include "tasks.h"
#include "target.h"
#include "depend.h"
#include "reverse.h"
#include "gomp-map-kinds.h"
#include "entry-points.h"
#include "ompt.h"

/* Wait for the dependences of an undeferred construct to be satisfied:
   a construct with depend runs only after the sibling tasks it depends
   on.  Completing it before returning satisfies later dependences on it
   (a nowait construct may be executed undeferred).  */
static inline void
wait_depend (void **depend)
{
  if (GT_UNLIKELY (depend != NULL))
    GOMP_taskwait_depend (depend);
}

/* With a tool (ompt.h): do WORK, construct KIND on DEVICE (an argument
   of the entry point), between the tool's begin and end.  Expanded in
   the entry point itself, whose caller the tool is told.  Without one,
   an entry point does WORK after the single test of gt_ompt_active.  */
#define OMPT_CONSTRUCT(kind, device_num, work)				\
  do									\
    {									\
      struct gt_ompt_target ot_;					\
      gt_ompt_target_begin (&ot_, (kind), (device_num),			\
			    __builtin_return_address (0));		\
      work;								\
      gt_ompt_target_end (&ot_);					\
    }									\
  while (0)

#define WITH_OMPT(kind, device, work)					\
  do									\
    {									\
      if (gt_ompt_active ())						\
	OMPT_CONSTRUCT ((kind), gt_ompt_device_of (device), work);	\
      else								\
	work;								\
    }									\
  while (0)

/* An undeferred construct: its dependences, WORK, its completion (no
   call without depend).  */
#define UNDEFERRED(depend, work)					\
  do									\
    {									\
      wait_depend (depend);						\
      work;								\
      if (GT_UNLIKELY ((depend) != NULL))				\
	gt_depend_record_done (depend);					\
    }									\
  while (0)

GT_PUBLIC void
GOMP_target (int device, void (*fn) (void *), const void *unused,
	     size_t mapnum, void **hostaddrs, size_t *sizes,
	     unsigned char *kinds)
{
  (void) unused;
  WITH_OMPT (ompt_target, device,
	     gt_target_region (device, fn, mapnum, hostaddrs, sizes, kinds,
			       false, NULL));
}

GT_PUBLIC void
GOMP_target_ext (int device, void (*fn) (void *), size_t mapnum,
		 void **hostaddrs, size_t *sizes, unsigned short *kinds,
		 unsigned int flags, void **depend, void **args)
{
  gt_region_prefetch_early (mapnum, hostaddrs);
  /* A construct with device(ancestor: 1) in code running on a device.  */
  if (GT_UNLIKELY (device == GT_DEVICE_HOST_FALLBACK)
      && gt_ancestor_region (fn, mapnum, hostaddrs, sizes, kinds))
    return;
  if (flags & GT_TARGET_FLAG_NOWAIT)
    {
      gt_target_task (GT_TASK_REGION, device, fn, mapnum, hostaddrs, sizes,
		      kinds, flags, depend, args);
      return;
    }
  WITH_OMPT (ompt_target, device,
	     UNDEFERRED (depend, gt_target_region (device, fn, mapnum,
						   hostaddrs, sizes, kinds,
						   true, args)));
}

GT_PUBLIC void
GOMP_target_data (int device, const void *unused, size_t mapnum,
		  void **hostaddrs, size_t *sizes, unsigned char *kinds)
{
  (void) unused;
  WITH_OMPT (ompt_target_enter_data, device,
	     gt_target_data_begin (device, mapnum, hostaddrs, sizes, kinds,
				   false));
}

GT_PUBLIC void
GOMP_target_data_ext (int device, size_t mapnum, void **hostaddrs,
		      size_t *sizes, unsigned short *kinds)
{
  WITH_OMPT (ompt_target_enter_data, device,
	     gt_target_data_begin (device, mapnum, hostaddrs, sizes, kinds,
				   true));
}

GT_PUBLIC void
GOMP_target_end_data (void)
{
  /* The end of a target data construct is an exit data to a tool.  */
  if (gt_ompt_active ())
    OMPT_CONSTRUCT (ompt_target_exit_data, gt_target_data_device (),
		    gt_target_data_end ());
  else
    gt_target_data_end ();
}

GT_PUBLIC void
GOMP_target_update (int device, const void *unused, size_t mapnum,
		    void **hostaddrs, size_t *sizes, unsigned char *kinds)
{
  (void) unused;
  WITH_OMPT (ompt_target_update, device,
	     gt_target_update (device, mapnum, hostaddrs, sizes, kinds,
			       false));
}

GT_PUBLIC void
GOMP_target_update_ext (int device, size_t mapnum, void **hostaddrs,
			size_t *sizes, unsigned short *kinds,
			unsigned int flags, void **depend)
{
  if (flags & GT_TARGET_FLAG_NOWAIT)
    {
      gt_target_task (GT_TASK_UPDATE, device, NULL, mapnum, hostaddrs, sizes,
		      kinds, flags, depend, NULL);
      return;
    }
  WITH_OMPT (ompt_target_update, device,
	     UNDEFERRED (depend, gt_target_update (device, mapnum, hostaddrs,
						   sizes, kinds, true)));
}

GT_PUBLIC void
GOMP_target_enter_exit_data (int device, size_t mapnum, void **hostaddrs,
			     size_t *sizes, unsigned short *kinds,
			     unsigned int flags, void **depend)
{
  if (flags & GT_TARGET_FLAG_NOWAIT)
    {
      gt_target_task (GT_TASK_ENTER_EXIT_DATA, device, NULL, mapnum,
		      hostaddrs, sizes, kinds, flags, depend, NULL);
      return;
    }
  WITH_OMPT ((flags & GT_TARGET_FLAG_EXIT_DATA) ? ompt_target_exit_data
	     : ompt_target_enter_data, device,
	     UNDEFERRED (depend, gt_target_enter_exit_data (device, mapnum,
							    hostaddrs, sizes,
							    kinds, flags)));
}
