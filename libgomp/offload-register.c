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
#include "plugin-loader.h"

#include <link.h>
#include <stdlib.h>

/* Whether ADDR lies in a loaded segment of the main program, which
   dl_iterate_phdr reports first.  */
static int
main_program_cb (struct dl_phdr_info *info, size_t size, void *data)
{
  uintptr_t addr = (uintptr_t) *(const void **) data;
  int i;

  (void) size;
  *(const void **) data = NULL;
  for (i = 0; i < info->dlpi_phnum; i++)
    {
      const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
      uintptr_t start = info->dlpi_addr + ph->p_vaddr;
      if (ph->p_type == PT_LOAD && addr - start < ph->p_memsz)
	*(const void **) data = (const void *) 1;
    }
  return 1;
}

/* At the main program's first registration -- its constructors run after
   those of the libraries it was linked with, so every image registered
   before main is there -- offer the plugins the program to serve
   (gt_plugins_serve_program).  */
static void
maybe_serve_program (const void *host_table)
{
  static bool offered;
  const void *probe = host_table;
  struct gt_registered_image *img;
  __tgt_device_image **images;
  int32_t n = 0, i;

  if (__atomic_load_n (&offered, __ATOMIC_RELAXED))
    return;
  dl_iterate_phdr (main_program_cb, &probe);
  if (probe == NULL || __atomic_exchange_n (&offered, true, __ATOMIC_RELAXED))
    return;
  gt_lock (&gt_registry_lock);
  for (img = gt_images; img; img = img->next)
    n++;
  images = gt_calloc (n ? n : 1, sizeof *images);
  /* Oldest first.  */
  for (i = n, img = gt_images; img; img = img->next)
    images[--i] = &img->image;
  gt_unlock (&gt_registry_lock);
  gt_plugins_serve_program (n, images);
  free (images);
}

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
  maybe_serve_program (host_table);
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
