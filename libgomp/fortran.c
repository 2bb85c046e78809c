/* fortran.c -- the Fortran entry points (trailing underscore) of the
   device routines that have them in libgomp.

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

#include "diagnostics.h"
#include "entry-points.h"

#include <stdint.h>

/* Fortran passes arguments by reference; integer(4) unless _8_.  */
GT_PUBLIC void omp_set_default_device_ (const int32_t *);
GT_PUBLIC void omp_set_default_device_8_ (const int64_t *);
GT_PUBLIC int32_t omp_get_default_device_ (void);
GT_PUBLIC int32_t omp_get_num_devices_ (void);
GT_PUBLIC int32_t omp_get_initial_device_ (void);
GT_PUBLIC int32_t omp_is_initial_device_ (void);
GT_PUBLIC int32_t omp_get_device_num_ (void);
GT_PUBLIC int32_t omp_pause_resource_ (const int32_t *, const int32_t *);
GT_PUBLIC int32_t omp_pause_resource_all_ (const int32_t *);

GT_PUBLIC void omp_set_num_teams_ (const int32_t *);
GT_PUBLIC void omp_set_num_teams_8_ (const int64_t *);
GT_PUBLIC int32_t omp_get_max_teams_ (void);
GT_PUBLIC void omp_set_teams_thread_limit_ (const int32_t *);
GT_PUBLIC void omp_set_teams_thread_limit_8_ (const int64_t *);
GT_PUBLIC int32_t omp_get_teams_thread_limit_ (void);

/* An integer(8) argument, clamped to int as libgomp does.  */
static int
to_int (int64_t v)
{
  return v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : (int) v;
}

void
omp_set_default_device_ (const int32_t *device_num)
{
  omp_set_default_device (*device_num);
}

void
omp_set_default_device_8_ (const int64_t *device_num)
{
  omp_set_default_device (to_int (*device_num));
}

int32_t
omp_get_default_device_ (void)
{
  return omp_get_default_device ();
}

int32_t
omp_get_num_devices_ (void)
{
  return omp_get_num_devices ();
}

int32_t
omp_get_initial_device_ (void)
{
  return omp_get_initial_device ();
}

/* A Fortran LOGICAL(4): nonzero is .true.  */
int32_t
omp_is_initial_device_ (void)
{
  return omp_is_initial_device ();
}

int32_t
omp_get_device_num_ (void)
{
  return omp_get_device_num ();
}

int32_t
omp_pause_resource_ (const int32_t *kind, const int32_t *device_num)
{
  return omp_pause_resource ((omp_pause_resource_t) *kind, *device_num);
}

int32_t
omp_pause_resource_all_ (const int32_t *kind)
{
  return omp_pause_resource_all ((omp_pause_resource_t) *kind);
}

void
omp_set_num_teams_ (const int32_t *num_teams)
{
  omp_set_num_teams (*num_teams);
}

void
omp_set_num_teams_8_ (const int64_t *num_teams)
{
  omp_set_num_teams (to_int (*num_teams));
}

int32_t
omp_get_max_teams_ (void)
{
  return omp_get_max_teams ();
}

void
omp_set_teams_thread_limit_ (const int32_t *thread_limit)
{
  omp_set_teams_thread_limit (*thread_limit);
}

void
omp_set_teams_thread_limit_8_ (const int64_t *thread_limit)
{
  omp_set_teams_thread_limit (to_int (*thread_limit));
}

int32_t
omp_get_teams_thread_limit_ (void)
{
  return omp_get_teams_thread_limit ();
}
