/* plugin-binding.h -- struct gt_plugin: the entry points of a loaded
   plugin, bound by the loader (plugin-loader.c) and called by the checked
   calls (device-calls.c).  Only those two files include this header, so
   that no other file can call a plugin directly.

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

#ifndef GT_PLUGIN_BINDING_H
#define GT_PLUGIN_BINDING_H

#include "diagnostics.h"

#include <stdint.h>

#include "gomptarget-plugin.h"

struct gt_plugin
{
  char *name;
  void *handle;			/* lt_dlhandle.  */
  uint32_t caps;		/* GT_CAP_*.  */
#define GT_PLUGIN_ENTRY(NAME, REQ, RET, PARAMS) \
  __typeof__ (__tgt_rtl_##NAME) *NAME;
#include "gomptarget-plugin.def"
#undef GT_PLUGIN_ENTRY
};

#endif /* GT_PLUGIN_BINDING_H */
