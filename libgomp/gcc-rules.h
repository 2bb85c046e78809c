/* gcc-rules.h -- one library for programs of GCC 12 and GCC 14: where
   their libgomps behave differently and their testsuites check it, a
   construct follows the libgomp of the compiler that built its code
   (gcc-rules.c).

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

#ifndef GT_GCC_RULES_H
#define GT_GCC_RULES_H

#include "diagnostics.h"

/* Does the code at CODE (a region's host function; NULL: the program
   itself) follow GCC 14's rules rather than those of GCC 12 and 13?
   Which compiler built it is told by its registration's version word when
   its host table was registered (library version 3 is GCC 14), else by
   the symbol __offload_ind_func_table, which GCC 14's crtoffloadbegin.o
   puts in every object built with -fopenmp, with or without images; when
   neither can be read (a stripped object), GCC 14's rules.

   The rules that differ (GCC 14's first):
   - a zero-length array section whose storage is not mapped gives the
     region the host pointer (OpenMP 5.2), not NULL;
   - attaching a null pointer attaches NULL, instead of a fatal error.  */
bool gt_gcc14_rules_p (const void *code) GT_HIDDEN;

#endif /* GT_GCC_RULES_H */
