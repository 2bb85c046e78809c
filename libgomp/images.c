/* images.c -- what a device does with a registered image (registry.c)
   when it loads it and when it unloads it: the image's declare target
   variables are mapped for the whole run, its device ICV variable, if it
   has one, is filled (icv-device.c), and the load is noted so that
   unregistering the image (a library closed) unloads it from the device
   and forgets its variables.  A floor above learns of each load and
   unload through gt_image_hooks (reverse offload takes the image's
   reverse-offload table).

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
#include "device-calls.h"
#include "icv-device.h"
#include "mapping.h"
#include "ompt.h"

#include <stdlib.h>

/* Guards the LOADED arrays of the images: taken last, inside a device's
   lock (and maybe gt_registry_lock).  */
static gt_mutex_t loads_lock = GT_MUTEX_INITIALIZER;
GT_FORK_LOCK (loads_lock);

/* The floor above's (gt_images_on_load).  */
static struct gt_image_hooks hooks;

void
gt_images_on_load (const struct gt_image_hooks *h)
{
  hooks = *h;
}

void
gt_image_loaded_locked (struct gt_device *dev,
			struct gt_registered_image *img,
			__tgt_target_table *table)
{
  size_t i, nf = img->num_funcs, nv = img->descriptor.num_vars;
  size_t n = (size_t) (table->EntriesEnd - table->EntriesBegin);

  /* Declare target variables are mapped for the whole run; a device copy
     of another size than the host's cannot serve.  */
  for (i = 0; i < nv && nf + i < n; i++)
    {
      const __tgt_offload_entry *h = &img->image.EntriesBegin[nf + i];
      const __tgt_offload_entry *d = &table->EntriesBegin[nf + i];
      if (d->addr == NULL || h->flags != GT_OFFLOAD_ENTRY_VAR)
	continue;
      if (d->size != 0 && d->size != h->size)
	gt_fatal ("Cannot map target variables (size mismatch)");
      gt_associate_locked (dev, (uintptr_t) h->addr, (uintptr_t) d->addr,
			   h->size);
    }
  /* The ICV variable is an entry after the image's own.  */
  for (i = nf + nv; i < n; i++)
    if (table->EntriesBegin[i].flags == GT_OFFLOAD_ENTRY_ICVS)
      gt_fill_image_icvs (dev, &table->EntriesBegin[i]);
  if (hooks.loaded_locked)
    hooks.loaded_locked (dev, img);

  gt_lock (&loads_lock);
  if (dev->id >= img->num_loaded)
    {
      int k, want = gt_num_devices > dev->id ? gt_num_devices : dev->id + 1;
      img->loaded = gt_realloc (img->loaded, want * sizeof *img->loaded);
      for (k = img->num_loaded; k < want; k++)
	img->loaded[k] = NULL;
      img->num_loaded = want;
    }
  img->loaded[dev->id] = table;
  gt_unlock (&loads_lock);
}

void
gt_image_unload (struct gt_registered_image *img)
{
  size_t i, nf = img->num_funcs, nv = img->descriptor.num_vars;
  int d;

  for (d = 0; d < img->num_loaded; d++)
    {
      struct gt_device *dev = &gt_devices[d];
      __tgt_target_table *table;
      size_t n;

      gt_device_lock (dev);
      gt_lock (&loads_lock);
      table = img->loaded[d];
      img->loaded[d] = NULL;
      gt_unlock (&loads_lock);
      /* A device finished meanwhile (at exit) unloaded it already.  */
      if (table == NULL || dev->state != GT_DEVICE_READY)
	{
	  gt_device_unlock (dev);
	  continue;
	}
      n = (size_t) (table->EntriesEnd - table->EntriesBegin);
      /* Its regions are no longer found on the device...  */
      if (img->table_id < dev->num_tables
	  && dev->tables[img->table_id] == table)
	__atomic_store_n (&dev->tables[img->table_id], NULL,
			  __ATOMIC_RELEASE);
      if (hooks.unloaded_locked)
	hooks.unloaded_locked (dev, img);
      /* ... nor its variables, which the image held.  */
      for (i = 0; i < nv && nf + i < n; i++)
	{
	  const __tgt_offload_entry *h = &img->image.EntriesBegin[nf + i];
	  if (table->EntriesBegin[nf + i].addr != NULL
	      && h->flags == GT_OFFLOAD_ENTRY_VAR)
	    gt_disassociate_locked (dev, (uintptr_t) h->addr);
	}
      if (gt_dev_unload_image (dev, &img->image))
	{
	  gt_debug ("device %d unloaded an image of target type %d",
		    dev->id, img->target_type);
	  if (gt_ompt_active ())
	    gt_ompt_device_unload (dev->id, img->table_id);
	}
      else
	gt_debug ("device %d cannot unload an image of target type %d; it "
		  "keeps it until it is finished", dev->id, img->target_type);
      gt_device_unlock (dev);
    }
}
