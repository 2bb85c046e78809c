/* cuda-api-check.c -- compiled (never run) when configure found a real
   cuda.h: checks cuda-api.h and cuda-lib.def against it.  Any difference
   is a compile error:
   - every function of cuda-lib.def is declared by cuda.h (before
     cuda-api.h is included, only cuda.h's declarations are visible);
   - cuda-api.h's prototypes and typedefs redeclare cuda.h's (C11 allows
     a repeated typedef of the same type, and a function redeclared with
     an incompatible prototype is an error);
   - every enumerator and flag of cuda-api.h's lists has cuda.h's value;
   - the copy descriptors have cuda.h's size, field offsets and types.

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

#include <cuda.h>
#include <stddef.h>

#ifndef __cuda_cuda_h__
#error "this cuda.h does not define __cuda_cuda_h__"
#endif

/* Taking the address of each function of the list, with only cuda.h's
   declarations in scope.  */
void gt_cuda_check_declared (void);
void
gt_cuda_check_declared (void)
{
#define CUDA_ONE_CALL(name) (void) &name;
#define CUDA_ONE_CALL_MAYBE_NULL(name) (void) &name;
#include "cuda-lib.def"
#undef CUDA_ONE_CALL
#undef CUDA_ONE_CALL_MAYBE_NULL
}

#include "cuda-api.h"

#define GT_CHECK_VALUE(name, value) \
  _Static_assert ((name) == (value), "cuda-api.h: value of " #name);
GT_CUDA_RESULTS (GT_CHECK_VALUE)
GT_CUDA_DEVICE_ATTRIBUTES (GT_CHECK_VALUE)
GT_CUDA_JIT_OPTIONS (GT_CHECK_VALUE)
GT_CUDA_JIT_INPUT_TYPES (GT_CHECK_VALUE)
GT_CUDA_LIMITS (GT_CHECK_VALUE)
GT_CUDA_FUNCTION_ATTRIBUTES (GT_CHECK_VALUE)
GT_CUDA_POINTER_ATTRIBUTES (GT_CHECK_VALUE)
GT_CUDA_MEMORY_TYPES (GT_CHECK_VALUE)
GT_CUDA_JIT_TARGETS (GT_CHECK_VALUE)
GT_CUDA_STREAM_FLAGS (GT_CHECK_VALUE)
GT_CUDA_EVENT_FLAGS (GT_CHECK_VALUE)
GT_CUDA_MEMHOSTALLOC_FLAGS (GT_CHECK_VALUE)
GT_CUDA_LAUNCH_PARAMS (GT_CHECK_VALUE)

/* The descriptors as cuda-api.h lays them out, under tags of their
   own.  */
#define GT_CHECK_FIELD_DECL(type, name) type name;
struct gt_check_memcpy2d { GT_CUDA_MEMCPY2D_FIELDS (GT_CHECK_FIELD_DECL) };
struct gt_check_memcpy3d { GT_CUDA_MEMCPY3D_FIELDS (GT_CHECK_FIELD_DECL) };

#define GT_CHECK_FIELD(ours, theirs, type, name) \
  _Static_assert (offsetof (struct ours, name) == offsetof (theirs, name) \
		  && __builtin_types_compatible_p \
		       (type, __typeof__ (((theirs *) 0)->name)), \
		  "cuda-api.h: field " #theirs "." #name);
#define GT_CHECK_2D(type, name) \
  GT_CHECK_FIELD (gt_check_memcpy2d, CUDA_MEMCPY2D, type, name)
#define GT_CHECK_3D(type, name) \
  GT_CHECK_FIELD (gt_check_memcpy3d, CUDA_MEMCPY3D, type, name)
GT_CUDA_MEMCPY2D_FIELDS (GT_CHECK_2D)
GT_CUDA_MEMCPY3D_FIELDS (GT_CHECK_3D)
_Static_assert (sizeof (struct gt_check_memcpy2d) == sizeof (CUDA_MEMCPY2D),
		"cuda-api.h: size of CUDA_MEMCPY2D");
_Static_assert (sizeof (struct gt_check_memcpy3d) == sizeof (CUDA_MEMCPY3D),
		"cuda-api.h: size of CUDA_MEMCPY3D");
