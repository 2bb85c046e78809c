/* device-console.c -- the device-side writer of the console ring
   (config/gcn/console.c) as the emulated HSA runtime builds it: the same
   source device code uses, waiting for the host with
   emul_console_relax () (spin, yield, then short sleeps) while the ring
   is full or a reverse-offload request is being served.

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

#define GCN_CONSOLE_RELAX_HOOK emul_console_relax
#include "console.c"
