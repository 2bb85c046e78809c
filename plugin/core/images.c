/* images.c -- loading GCC images in the plugin core: the table of device
   addresses load_binary returns is built here, in the order of the host
   table (functions, then variables), with the vendor's callbacks finding
   each kernel and variable, plus a last entry for the device's ICV
   variable when the image has one.  Unloading undoes it.

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

#include "plugin-core.h"

#include <stdlib.h>

static void
image_free (struct gtc_image *img)
{
  free (img->kernels);
  free (img->rev_table);
  free (img->table.EntriesBegin);
  free (img);
}

static void
unload (struct gtc_device *dev, struct gtc_image *img)
{
  if (gtc_vendor.unload_image)
    gtc_vendor.unload_image (dev, img);
  image_free (img);
}

__tgt_target_table *
gtc_load_image (struct gtc_device *dev, __tgt_device_image *image)
{
  const struct gt_gcc_image *gcc = image->ImageStart;
  size_t nf = gcc->num_funcs, nv = gcc->num_vars, i, n;
  __tgt_offload_entry *e;
  struct gtc_image *img;
  void *addr;
  size_t size;
  int r;

  img = calloc (1, gtc_vendor.image_size);
  if (img == NULL
      || (img->kernels = calloc (nf ? nf : 1, sizeof *img->kernels)) == NULL
      || (e = calloc (nf + nv + 1, sizeof *e)) == NULL)
    {
      if (img)
	free (img->kernels);
      free (img);
      gt_plugin_error ("out of host memory loading an image");
      return NULL;
    }
  img->dev = dev;
  img->image = image;
  img->gcc = gcc;
  img->table.EntriesBegin = e;
  if (gtc_vendor.load_image (dev, img) != 0)
    {
      image_free (img);
      return NULL;
    }

  for (i = 0; i < nf; i++)
    {
      struct gtc_kernel *k = &img->kernels[i];
      k->image = img;
      k->index = i;
      e[i].flags = GT_OFFLOAD_ENTRY_FUNC;
      r = gtc_vendor.find_kernel (dev, img, i, k);
      if (r == 0)
	e[i].addr = k;
      else if (r > 0)
	gt_plugin_debug ("device %d: image has no code for function %zu",
			 (int) dev->number, i);
      else
	{
	  /* The vendor said why.  A region of the image must not fall
	     back to the host alone while its data goes to the device:
	     the image is not loaded.  */
	  unload (dev, img);
	  return NULL;
	}
    }
  for (i = 0; i < nv; i++)
    {
      addr = NULL;
      size = 0;
      e[nf + i].flags = GT_OFFLOAD_ENTRY_VAR;
      if (gtc_vendor.find_variable (dev, img, i, &addr, &size) == 0)
	{
	  e[nf + i].addr = addr;
	  e[nf + i].size = size;
	}
    }
  n = nf + nv;
  addr = NULL;
  r = gtc_vendor.find_icvs
      ? gtc_vendor.find_icvs (dev, img, &addr, &size) : 1;
  if (r < 0)
    {
      unload (dev, img);
      return NULL;
    }
  if (r == 0 && addr != NULL)
    {
      e[n].addr = addr;
      e[n].size = size;
      e[n].flags = GT_OFFLOAD_ENTRY_ICVS;
      n++;
    }
  img->table.EntriesEnd = e + n;

  pthread_mutex_lock (&dev->lock);
  img->next = dev->images;
  dev->images = img;
  pthread_mutex_unlock (&dev->lock);
  gt_plugin_debug ("device %d: loaded an image: %zu function(s), %zu "
		   "variable(s)", (int) dev->number, nf, nv);
  return &img->table;
}

int
gtc_unload_image (struct gtc_device *dev, __tgt_device_image *image)
{
  struct gtc_image **p, *img = NULL;

  pthread_mutex_lock (&dev->lock);
  for (p = &dev->images; *p; p = &(*p)->next)
    if ((*p)->image == image)
      {
	img = *p;
	*p = img->next;
	break;
      }
  pthread_mutex_unlock (&dev->lock);
  if (img == NULL)
    {
      gt_plugin_error ("device %d: unloading an image that is not loaded",
		       (int) dev->number);
      return GT_RTL_FAIL;
    }
  unload (dev, img);
  gt_plugin_debug ("device %d: unloaded an image", (int) dev->number);
  return GT_RTL_SUCCESS;
}

int
gtc_image_rev_table (struct gtc_device *dev, __tgt_device_image *image,
		     const uint64_t **table, size_t *count)
{
  struct gtc_image *img;
  uint64_t *t = NULL;
  size_t i, n = 0;
  int err = 0;

  *table = NULL;
  *count = 0;
  pthread_mutex_lock (&dev->lock);
  for (img = dev->images; img; img = img->next)
    if (img->image == image)
      break;
  if (img == NULL)
    {
      pthread_mutex_unlock (&dev->lock);
      gt_plugin_error ("device %d: asking for the reverse-offload table of "
		       "an image that is not loaded", (int) dev->number);
      return GT_RTL_FAIL;
    }
  if (!img->rev_done && gtc_vendor.rev_fn_table != NULL
      && img->gcc->num_funcs > 0)
    {
      n = img->gcc->num_funcs;
      t = calloc (n, sizeof *t);
      if (t == NULL)
	{
	  gt_plugin_error ("out of host memory reading a reverse-offload "
			   "table");
	  err = GT_RTL_FAIL;
	}
      else if (gtc_vendor.rev_fn_table (dev, img, t, n) != 0)
	err = GT_RTL_FAIL;
      else
	{
	  for (i = 0; i < n && t[i] == 0; i++)
	    ;
	  /* All zero: no ancestor function.  */
	  if (i < n)
	    {
	      img->rev_table = t;
	      img->rev_count = n;
	      t = NULL;
	    }
	  gt_plugin_debug ("device %d: reverse-offload table of %zu "
			   "function(s), %s", (int) dev->number, n,
			   img->rev_table ? "with ancestor functions"
			   : "none of them ancestor functions");
	}
      free (t);
    }
  if (err == 0)
    {
      img->rev_done = true;
      *table = img->rev_table;
      *count = img->rev_table ? img->rev_count : 0;
    }
  pthread_mutex_unlock (&dev->lock);
  return err;
}

void
gtc_unload_all_images (struct gtc_device *dev)
{
  struct gtc_image *img;

  for (;;)
    {
      pthread_mutex_lock (&dev->lock);
      img = dev->images;
      if (img != NULL)
	dev->images = img->next;
      pthread_mutex_unlock (&dev->lock);
      if (img == NULL)
	return;
      unload (dev, img);
    }
}
