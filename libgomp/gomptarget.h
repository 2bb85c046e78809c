/* gomptarget.h -- all the internal headers of the front end, for code
   outside the library that wants them all (fuzz/).  It includes every
   floor's headers, so it sits on the top floor (FLOORS): no file of the
   library includes it; each includes the headers it uses, of its own
   floor or lower ones (README).  plugin-binding.h, the
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
#include "env.h"
#include "context.h"
#include "icv-watch.h"
#include "tasks.h"
#include "target.h"
#include "runner.h"
#include "lifecycle.h"
#include "icv-device.h"
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
