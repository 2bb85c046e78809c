/* gt-common.h -- what every header of common/, the lowest floor of
   gomptarget (see common/README), shares: the visibility of its
   functions, which each library that links libgt-common.la keeps to
   itself.

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

#ifndef GT_COMMON_H
#define GT_COMMON_H

#define GT_COMMON_HIDDEN __attribute__ ((visibility ("hidden")))

#endif /* GT_COMMON_H */
