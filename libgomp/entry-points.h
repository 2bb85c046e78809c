/* entry-points.h -- prototypes of the symbols this library exports: the
   GOMP_target* ABI GCC emits and the OpenMP device routines (from the
   compiler's omp.h).

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

#ifndef GT_ENTRY_POINTS_H
#define GT_ENTRY_POINTS_H

#include <omp.h>
#include <stddef.h>

void GOMP_target (int, void (*) (void *), const void *, size_t, void **,
		  size_t *, unsigned char *);
void GOMP_target_data (int, const void *, size_t, void **, size_t *,
		       unsigned char *);
void GOMP_target_end_data (void);
void GOMP_target_update (int, const void *, size_t, void **, size_t *,
			 unsigned char *);
void GOMP_target_ext (int, void (*) (void *), size_t, void **, size_t *,
		      unsigned short *, unsigned int, void **, void **);
void GOMP_target_data_ext (int, size_t, void **, size_t *,
			   unsigned short *);
void GOMP_target_update_ext (int, size_t, void **, size_t *,
			     unsigned short *, unsigned int, void **);
void GOMP_target_enter_exit_data (int, size_t, void **, size_t *,
				  unsigned short *, unsigned int, void **);
void GOMP_offload_register (const void *, int, const void *);
void GOMP_offload_unregister (const void *, int, const void *);
void GOMP_offload_register_ver (unsigned, const void *, int, const void *);
void GOMP_offload_unregister_ver (unsigned, const void *, int,
				  const void *);

/* OpenMP 5.1 device routines (GCC 13 and later; GCC 12's omp.h does not
   declare them).  */
void *omp_get_mapped_ptr (const void *, int);
int omp_target_is_accessible (const void *, size_t, int);
int omp_target_memcpy_async (void *, const void *, size_t, size_t, size_t,
			     int, int, int, omp_depend_t *);
int omp_target_memcpy_rect_async (void *, const void *, size_t, int,
				  const size_t *, const size_t *,
				  const size_t *, const size_t *,
				  const size_t *, int, int, int,
				  omp_depend_t *);

/* Defined here to observe them, then passed on to the native runtime.  */
void GOMP_taskwait_depend_nowait (void **);
void GOMP_taskwait (void);
void GOMP_taskgroup_end (void);
void GOMP_barrier (void);
_Bool GOMP_barrier_cancel (void);
void GOMP_loop_end (void);
_Bool GOMP_loop_end_cancel (void);
void GOMP_sections_end (void);
_Bool GOMP_sections_end_cancel (void);
void *GOMP_single_copy_start (void);
void GOMP_single_copy_end (void *);
void GOMP_workshare_task_reduction_unregister (_Bool);
void GOMP_parallel (void (*) (void *), void *, unsigned, unsigned);
void GOMP_parallel_loop_static (void (*) (void *), void *, unsigned, long,
				long, long, long, unsigned);
void GOMP_parallel_loop_dynamic (void (*) (void *), void *, unsigned, long,
				 long, long, long, unsigned);
void GOMP_parallel_loop_guided (void (*) (void *), void *, unsigned, long,
				long, long, long, unsigned);
void GOMP_parallel_loop_nonmonotonic_dynamic (void (*) (void *), void *,
					      unsigned, long, long, long,
					      long, unsigned);
void GOMP_parallel_loop_nonmonotonic_guided (void (*) (void *), void *,
					     unsigned, long, long, long,
					     long, unsigned);
void GOMP_parallel_loop_runtime (void (*) (void *), void *, unsigned, long,
				 long, long, unsigned);
void GOMP_parallel_loop_nonmonotonic_runtime (void (*) (void *), void *,
					      unsigned, long, long, long,
					      unsigned);
void GOMP_parallel_loop_maybe_nonmonotonic_runtime (void (*) (void *),
						    void *, unsigned, long,
						    long, long, unsigned);
void GOMP_parallel_sections (void (*) (void *), void *, unsigned, unsigned,
			     unsigned);
unsigned GOMP_parallel_reductions (void (*) (void *), void *, unsigned,
				   unsigned);
void GOMP_taskloop (void (*) (void *), void *, void (*) (void *, void *),
		    long, long, unsigned, unsigned long, int, long, long,
		    long);
void GOMP_taskloop_ull (void (*) (void *), void *,
			void (*) (void *, void *), long, long, unsigned,
			unsigned long, int, unsigned long long,
			unsigned long long, unsigned long long);

/* From the native runtime.  */
void GOMP_taskwait_depend (void **);
_Bool GOMP_teams4 (unsigned, unsigned, unsigned, _Bool);
void GOMP_task (void (*) (void *), void *, void (*) (void *, void *), long,
		long, _Bool, unsigned, void **, int, void *);

#endif /* GT_ENTRY_POINTS_H */
