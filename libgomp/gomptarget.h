/* gomptarget.h -- all the internal headers of the front end, for the
   files that want them all.  Each header holds one concern and includes
   only the headers below it:

     diagnostics.h      macros, errors, the GOMP_DEBUG trace, allocation
     icv.h              ICVs, environment, the device context of threads
     tasks.h            initial threads of regions, target tasks
     registry.h         the registered offload images
     plugin-loader.h    finding and binding plugins
     devices.h          the device table
     device-calls.h     the checked calls into plugins
     mapping.h          the mapping tables of the devices

   New code includes the headers it uses instead.  plugin-binding.h, the
   plugins' entry points, is not here: only plugin-loader.c and
   device-calls.c may see them.

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

#ifndef GOMPTARGET_H
#define GOMPTARGET_H

#include "diagnostics.h"
#include "icv.h"
#include "tasks.h"
#include "registry.h"
#include "plugin-loader.h"
#include "devices.h"
#include "device-calls.h"
#include "mapping.h"
#include "gomp-map-kinds.h"
#include "entry-points.h"
#include "gt-env.h"
#include "gt-once.h"

#endif /* GOMPTARGET_H */
