/* plugins.c -- finding and loading plugins with libltdl, numbering their
   devices in one sequence, initialising devices on first use, resolving
   device numbers (OMP_TARGET_OFFLOAD), and the checked plugin calls.

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

#include "devices.h"
#include "icv.h"
#include "mapping.h"
#include "registry.h"
#include "gomp-map-kinds.h"

#include <dlfcn.h>
#include <limits.h>
#include <ltdl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int gt_num_devices;
struct gt_device *gt_devices;

static pthread_once_t devices_once = PTHREAD_ONCE_INIT;

/* The directory this library was loaded from, where plugins are
   installed (and where libtool puts them in the build tree).  */
static char *
library_directory (void)
{
  Dl_info info;
  char *dir, *slash;

  if (dladdr ((void *) &gt_init_devices, &info) == 0
      || info.dli_fname == NULL)
    return NULL;
  dir = strdup (info.dli_fname);
  if (dir == NULL)
    return NULL;
  slash = strrchr (dir, '/');
  if (slash == NULL)
    {
      free (dir);
      return strdup (".");
    }
  *slash = '\0';
  return dir;
}

/* Find libgomptarget-plugin-NAME.so in the colon-separated DIRS; the
   returned path is malloc'ed, NULL if absent.  */
static char *
find_plugin (const char *dirs, const char *name, size_t name_len)
{
  const char *p = dirs;

  while (p && *p)
    {
      const char *colon = strchr (p, ':');
      size_t len = colon ? (size_t) (colon - p) : strlen (p);
      if (len > 0)
	{
	  char path[PATH_MAX];
	  struct stat st;
	  int n = snprintf (path, sizeof path,
			    "%.*s/libgomptarget-plugin-%.*s.so", (int) len,
			    p, (int) name_len, name);
	  if (n > 0 && (size_t) n < sizeof path && stat (path, &st) == 0)
	    return strdup (path);
	}
      p = colon ? colon + 1 : NULL;
    }
  return NULL;
}

/* Bind PLUGIN's entry points; false (with the reason in WHY) when a
   required one is missing.  */
static bool
bind_entries (struct gt_plugin *plugin, lt_dlhandle h, const char **why)
{
#define GT_PLUGIN_ENTRY(NAME, REQ, RET, ARGS)				\
  plugin->NAME = (RET (*) ARGS) lt_dlsym (h, "__tgt_rtl_" #NAME);	\
  if (plugin->NAME == NULL && (REQ))					\
    {									\
      *why = "missing entry point __tgt_rtl_" #NAME;			\
      return false;							\
    }
#include "plugin-entries.def"
#undef GT_PLUGIN_ENTRY
  return true;
}

static void
load_one_plugin (const char *dirs, const char *name, size_t name_len,
		 struct gt_plugin **plugins, int *nplugins, int *ndevices)
{
  char *path = find_plugin (dirs, name, name_len);
  struct gt_plugin *plugin;
  const char *why = NULL;
  lt_dlhandle h;
  int32_t n;

  if (path == NULL)
    {
      gt_debug ("plugin '%.*s' not found in %s", (int) name_len, name, dirs);
      return;
    }
  h = lt_dlopen (path);
  if (h == NULL)
    {
      gt_debug ("plugin '%.*s' rejected: %s", (int) name_len, name,
		lt_dlerror ());
      free (path);
      return;
    }
  plugin = gt_calloc (1, sizeof *plugin);
  if (!bind_entries (plugin, h, &why))
    {
      gt_debug ("plugin '%.*s' rejected: %s (%s)", (int) name_len, name,
		why, path);
      lt_dlclose (h);
      free (plugin);
      free (path);
      return;
    }
  if (plugin->init_requires)
    plugin->init_requires (0);
  n = plugin->number_of_devices ();
  gt_debug ("plugin '%.*s' loaded from %s: %d device(s)", (int) name_len,
	    name, path, (int) n);
  free (path);
  if (n <= 0)
    {
      lt_dlclose (h);
      free (plugin);
      return;
    }
  plugin->name = gt_malloc (name_len + 1);
  memcpy (plugin->name, name, name_len);
  plugin->name[name_len] = '\0';
  plugin->handle = h;
  plugin->caps = plugin->get_capabilities ? plugin->get_capabilities () : 0;
  plugins[*nplugins] = plugin;
  ndevices[*nplugins] = n;
  (*nplugins)++;
}

static void
load_plugins (void)
{
  const char *list = gt_icvs.plugins, *p;
  char *own_dir = NULL;
  const char *dirs;
  struct gt_plugin **plugins;
  int *ndevices;
  int nplugins = 0, total = 0, i, j, max;

  if (gt_icvs.target_offload == GT_OFFLOAD_DISABLED)
    {
      gt_debug ("OMP_TARGET_OFFLOAD=DISABLED: no plugin loaded, "
		"running on the host");
      return;
    }
  if (lt_dlinit () != 0)
    {
      gt_debug ("libltdl failed to initialise: %s; running on the host",
		lt_dlerror ());
      return;
    }
  dirs = gt_icvs.plugin_path;
  if (dirs == NULL)
    dirs = own_dir = library_directory ();
  if (dirs == NULL)
    {
      gt_debug ("cannot tell where libgomptarget was loaded from; "
		"set GOMPTARGET_PLUGIN_PATH");
      return;
    }

  for (max = 1, p = list; *p; p++)
    max += *p == ',';
  plugins = gt_calloc (max, sizeof *plugins);
  ndevices = gt_calloc (max, sizeof *ndevices);
  for (p = list; *p; )
    {
      size_t len = strcspn (p, ",");
      size_t start = strspn (p, " \t");
      const char *name = p + (start < len ? start : len);
      size_t name_len = len - (name - p);
      while (name_len > 0 && (name[name_len - 1] == ' '
			      || name[name_len - 1] == '\t'))
	name_len--;
      if (name_len > 0)
	{
	  if (memchr (name, '/', name_len) != NULL)
	    gt_warning ("GOMPTARGET_PLUGINS: '%.*s' is not a plugin name",
			(int) name_len, name);
	  else
	    load_one_plugin (dirs, name, name_len, plugins, &nplugins,
			     ndevices);
	}
      p += len;
      if (*p == ',')
	p++;
    }

  for (i = 0; i < nplugins; i++)
    total += ndevices[i];
  gt_devices = gt_calloc (total, sizeof *gt_devices);
  for (i = 0, total = 0; i < nplugins; i++)
    for (j = 0; j < ndevices[i]; j++, total++)
      {
	struct gt_device *dev = &gt_devices[total];
	dev->id = total;
	dev->local_id = j;
	dev->plugin = plugins[i];
	pthread_mutex_init (&dev->lock, NULL);
	dev->state = GT_DEVICE_UNINITIALISED;
      }
  __atomic_store_n (&gt_num_devices, total, __ATOMIC_RELEASE);
  if (total == 0)
    gt_debug ("no offload device available, running on the host");
  free (plugins);
  free (ndevices);
  free (own_dir);
}

int
gt_init_devices (void)
{
  pthread_once (&devices_once, load_plugins);
  return gt_num_devices;
}

bool
gt_device_ready_locked (struct gt_device *dev)
{
  if (dev->state == GT_DEVICE_UNINITIALISED)
    {
      if (dev->plugin->init_device (dev->local_id) != 0)
	{
	  gt_debug ("device %d (plugin '%s') failed to initialise",
		    dev->id, dev->plugin->name);
	  dev->state = GT_DEVICE_FAILED;
	}
      else
	{
	  gt_load_images_locked (dev);
	  if (dev->plugin->caps & GT_CAP_HOST_CODE)
	    gt_map_host_vars_locked (dev);
	  gt_debug ("device %d initialised (plugin '%s', its device %d)",
		    dev->id, dev->plugin->name, dev->local_id);
	  __atomic_store_n (&dev->state, GT_DEVICE_READY, __ATOMIC_RELEASE);
	}
    }
  return dev->state == GT_DEVICE_READY;
}

static void
mandatory_fatal (int device_num, int n)
{
  if (n == 0)
    gt_fatal ("OMP_TARGET_OFFLOAD is set to MANDATORY, but no offload "
	      "device is available");
  gt_fatal ("OMP_TARGET_OFFLOAD is set to MANDATORY, but device %d is not "
	    "available", device_num);
}

/* DEVICE_NUM names a device (0..n-1): return it ready, or NULL.  */
static struct gt_device *
ready_device (int device_num)
{
  struct gt_device *dev = &gt_devices[device_num];
  bool ok;

  if (GT_LIKELY (__atomic_load_n (&dev->state, __ATOMIC_ACQUIRE)
		 == GT_DEVICE_READY))
    return dev;
  pthread_mutex_lock (&dev->lock);
  ok = gt_device_ready_locked (dev);
  pthread_mutex_unlock (&dev->lock);
  return ok ? dev : NULL;
}

struct gt_device *
gt_resolve_device (int device_num)
{
  struct gt_device *dev;
  int n;

  if (device_num == GT_DEVICE_HOST_FALLBACK)
    return NULL;
  /* Code running on an emulated device that reaches a target construct
     (only possible through a host fallback path) stays where it is.  */
  if (GT_UNLIKELY (gt_current_device >= 0))
    return NULL;
  if (device_num == GT_DEVICE_ICV)
    device_num = gt_default_device ();
  n = gt_init_devices ();
  if (GT_UNLIKELY (gt_icvs.target_offload == GT_OFFLOAD_DISABLED))
    return NULL;
  if (GT_UNLIKELY (device_num < 0 || device_num >= n))
    {
      if (gt_icvs.target_offload == GT_OFFLOAD_MANDATORY
	  && (n == 0 || device_num != n))
	mandatory_fatal (device_num, n);
      if (device_num != n)
	gt_debug ("device %d does not exist (%d device(s)); running on the "
		  "host", device_num, n);
      return NULL;
    }
  dev = ready_device (device_num);
  if (GT_UNLIKELY (dev == NULL))
    {
      if (gt_icvs.target_offload == GT_OFFLOAD_MANDATORY)
	mandatory_fatal (device_num, n);
      gt_debug ("device %d is not usable; running on the host", device_num);
    }
  return dev;
}

void *
gt_device_entry (struct gt_device *dev, void (*fn) (void *))
{
  struct gt_loaded_image *li;

  for (li = dev->images; li; li = li->next)
    {
      size_t i, n = li->reg->num_funcs;
      for (i = 0; i < n; i++)
	if (li->reg->funcs[i] == (void *) fn)
	  return li->table->EntriesBegin[i].addr;
    }
  if (dev->plugin->caps & GT_CAP_HOST_CODE)
    return (void *) fn;
  return NULL;
}

void *
gt_dev_alloc (struct gt_device *dev, size_t size, void *host)
{
  void *p = dev->plugin->data_alloc (dev->local_id, (int64_t) size, host);
  if (p == NULL)
    gt_fatal ("device %d: allocating %zu bytes of device memory failed",
	      dev->id, size);
  return p;
}

void
gt_dev_free (struct gt_device *dev, void *ptr)
{
  if (dev->plugin->data_delete (dev->local_id, ptr) != 0)
    gt_fatal ("device %d: freeing device memory at %p failed", dev->id,
	      ptr);
}

void
gt_copy_to_dev (struct gt_device *dev, void *dst, const void *src,
		size_t size)
{
  if (size == 0)
    return;
  gt_debug ("copy to device %d: %zu bytes %p -> %p", dev->id, size, src,
	    dst);
  if (dev->plugin->data_submit (dev->local_id, dst, (void *) src,
				(int64_t) size) != 0)
    gt_fatal ("device %d: copying %zu bytes to the device failed", dev->id,
	      size);
}

void
gt_copy_from_dev (struct gt_device *dev, void *dst, const void *src,
		  size_t size)
{
  if (size == 0)
    return;
  gt_debug ("copy from device %d: %zu bytes %p -> %p", dev->id, size, src,
	    dst);
  if (dev->plugin->data_retrieve (dev->local_id, dst, (void *) src,
				  (int64_t) size) != 0)
    gt_fatal ("device %d: copying %zu bytes from the device failed",
	      dev->id, size);
}
