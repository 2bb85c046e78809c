/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   What GCC 13 and later's omp.h declares for the OpenMP 5.1 device
   routines, for the tests built by GCC 12, whose omp.h lacks it.  */

#include <omp.h>
#include <stddef.h>

void *omp_get_mapped_ptr (const void *, int);
int omp_target_is_accessible (const void *, size_t, int);
int omp_target_memcpy_async (void *, const void *, size_t, size_t, size_t,
			     int, int, int, omp_depend_t *);
int omp_target_memcpy_rect_async (void *, const void *, size_t, int,
				  const size_t *, const size_t *,
				  const size_t *, const size_t *,
				  const size_t *, int, int, int,
				  omp_depend_t *);

#define INITIAL_DEVICE (-1)	/* omp_initial_device */
#define INVALID_DEVICE (-4)	/* omp_invalid_device */
