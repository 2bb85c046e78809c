/* offload-register.c -- GOMP_offload_register(_ver) and unregister, the
   entry points through which a program or library hands its images of
   offload code over: the registry (registry.c) keeps them, the devices
   initialised already load them (device-lifecycle.c), and unregistering
   unloads them (images.c).  Lifecycle floor.

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

#include "lifecycle.h"
#include "gomp-map-kinds.h"
#include "entry-points.h"

GT_PUBLIC void
GOMP_offload_register_ver (unsigned version, const void *host_table,
			   int target_type, const void *data)
{
  struct gt_registered_image *img
    = gt_registry_add (version, host_table, target_type, data);

  gt_devices_image_registered (img);
  gt_debug ("registered an offload image of GCC library version %u for "
	    "target type %d (%zu function(s), %u variable(s), %u indirect "
	    "function(s), requires mask 0x%x)", GT_VERSION_LIB (version),
	    target_type, img->num_funcs, img->descriptor.num_vars,
	    img->descriptor.num_ind_funcs,
	    (unsigned) img->descriptor.requires_mask);
}

GT_PUBLIC void
GOMP_offload_register (const void *host_table, int target_type,
		       const void *target_data)
{
  GOMP_offload_register_ver (0, host_table, target_type, target_data);
}

GT_PUBLIC void
GOMP_offload_unregister_ver (unsigned version, const void *host_table,
			     int target_type, const void *data)
{
  struct gt_registered_image *img;
  uint32_t mask;
  const void *target_data = gt_registry_decode (version, data, &mask);

  /* The program ends without finishing its devices: another thread may
     hold the locks below for ever.  */
  if (gt_devices_left_at_exit ())
    return;
  img = gt_registry_remove (host_table, target_type, target_data);
  if (img == NULL)
    {
      gt_debug ("unregistering an offload image for target type %d that "
		"is not registered", target_type);
      return;
    }
  /* Off the devices that loaded it; the code of a library being closed
     cannot be running any more.  */
  gt_image_unload (img);
  gt_debug ("unregistered an offload image for target type %d",
	    target_type);
  gt_registry_free (img);
}

GT_PUBLIC void
GOMP_offload_unregister (const void *host_table, int target_type,
			 const void *target_data)
{
  GOMP_offload_unregister_ver (0, host_table, target_type, target_data);
}
