/* plugin-loader.c -- finding plugins (libgomptarget-plugin-NAME.so.1,
   the installed name, or else libgomptarget-plugin-NAME.so, for each NAME
   of GOMPTARGET_PLUGINS, in GOMPTARGET_PLUGIN_PATH or this library's
   directory), opening them with libltdl and binding their entry
   points.  What to do with their devices is devices.c's and
   device-lifecycle.c's business.

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

#include "plugin-loader.h"
#include "device-calls.h"
#include "env.h"
#include "plugin-binding.h"
#include "requires.h"

#include <dlfcn.h>
#include <limits.h>
#include <ltdl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The directory this library was loaded from, where plugins are
   installed (and where libtool puts them in the build tree).  */
static char *
library_directory (void)
{
  Dl_info info;
  char *dir, *slash;

  if (dladdr ((void *) &gt_load_plugins, &info) == 0
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

/* The file names a plugin may have, tried in this order in each
   directory: the name with the plugins' soname version, which is how
   they are installed (Makefile.am gives them -version-info 1:0:0, as
   GCC names libgomp-plugin-nvptx.so.1), then the bare module name of a
   plugin built with -avoid-version (test plugins, plugins of one's
   own).  */
static const char *const plugin_suffixes[] = { ".so.1", ".so" };

/* Find libgomptarget-plugin-NAME.so.1 or libgomptarget-plugin-NAME.so in
   the colon-separated DIRS; the returned path is malloc'ed, NULL if
   absent.  */
static char *
find_plugin (const char *dirs, const char *name, size_t name_len)
{
  const char *p = dirs;

  while (p && *p)
    {
      const char *colon = strchr (p, ':');
      size_t len = colon ? (size_t) (colon - p) : strlen (p);
      size_t i, nsuffixes = sizeof plugin_suffixes / sizeof *plugin_suffixes;
      for (i = 0; len > 0 && i < nsuffixes; i++)
	{
	  char path[PATH_MAX];
	  struct stat st;
	  int n = snprintf (path, sizeof path,
			    "%.*s/libgomptarget-plugin-%.*s%s", (int) len,
			    p, (int) name_len, name, plugin_suffixes[i]);
	  if (n > 0 && (size_t) n < sizeof path && stat (path, &st) == 0)
	    return strdup (path);
	}
      p = colon ? colon + 1 : NULL;
    }
  return NULL;
}

/* Why each plugin tried gave no device, "NAME: REASON; ...", for the
   fatal error of OMP_TARGET_OFFLOAD=MANDATORY (gt_plugins_without_devices);
   written while the plugins are loaded, once.  */
static char no_devices[1024];

/* What each name tried gave, for gt_plugins_tried; written once, while
   the plugins are loaded.  */
#define MAX_TRIED 16
static struct gt_plugin_tried tried[MAX_TRIED];
static int num_tried;
static char searched_dirs[PATH_MAX];

const struct gt_plugin_tried *
gt_plugins_tried (int *n, const char **dirs)
{
  *n = num_tried;
  *dirs = searched_dirs[0] ? searched_dirs : NULL;
  return tried;
}

/* The record of plugin NAME, made on first use; NULL past MAX_TRIED.  */
static struct gt_plugin_tried *
tried_record (const char *name, size_t name_len)
{
  int i;

  for (i = 0; i < num_tried; i++)
    if (strlen (tried[i].name) == name_len
	&& memcmp (tried[i].name, name, name_len) == 0)
      return &tried[i];
  if (num_tried == MAX_TRIED)
    return NULL;
  snprintf (tried[num_tried].name, sizeof tried[num_tried].name, "%.*s",
	    (int) name_len, name);
  return &tried[num_tried++];
}

/* Add plugin NAME's REASON (printf-style) to no_devices.  */
static void __attribute__ ((format (printf, 3, 4)))
note_no_devices (const char *name, size_t name_len, const char *fmt, ...)
{
  size_t len = strlen (no_devices);
  va_list ap;
  int n;

  struct gt_plugin_tried *t = tried_record (name, name_len);
  if (t != NULL)
    {
      va_start (ap, fmt);
      vsnprintf (t->why, sizeof t->why, fmt, ap);
      va_end (ap);
    }
  if (len + 8 >= sizeof no_devices)
    return;
  n = snprintf (no_devices + len, sizeof no_devices - len, "%s%.*s: ",
		len ? "; " : "", (int) name_len, name);
  if (n < 0 || (size_t) n >= sizeof no_devices - len)
    return;
  len += n;
  va_start (ap, fmt);
  vsnprintf (no_devices + len, sizeof no_devices - len, fmt, ap);
  va_end (ap);
}

const char *
gt_plugins_without_devices (void)
{
  return no_devices;
}

/* Whether NAME is one of gomptarget's own plugins, those of
   GT_DEFAULT_PLUGINS.  */
static bool
known_plugin (const char *name, size_t name_len)
{
  const char *p = GT_DEFAULT_PLUGINS;

  while (*p)
    {
      size_t len = strcspn (p, ",");
      if (len == name_len && memcmp (p, name, len) == 0)
	return true;
      p += len + (p[len] == ',');
    }
  return false;
}

/* Bind PLUGIN's entry points; false (with the reason in WHY) when a
   required one is missing.  */
static bool
bind_entries (struct gt_plugin *plugin, lt_dlhandle h, const char **why)
{
#define GT_PLUGIN_ENTRY(NAME, REQ, RET, PARAMS)				\
  plugin->NAME = (__typeof__ (plugin->NAME)) lt_dlsym (h, "__tgt_rtl_" #NAME); \
  if (plugin->NAME == NULL && (REQ))					\
    {									\
      *why = "missing entry point __tgt_rtl_" #NAME;			\
      return false;							\
    }
#include "gomptarget-plugin.def"
#undef GT_PLUGIN_ENTRY
  return true;
}

/* Load plugin NAME from DIRS and, if it has devices, add it to
   PLUGINS[*NPLUGINS].  */
static void
load_one_plugin (const char *dirs, const char *name, size_t name_len,
		 struct gt_plugin_info *plugins, int *nplugins)
{
  char *path = find_plugin (dirs, name, name_len);
  struct gt_plugin *plugin;
  const char *why = NULL;
  lt_dlhandle h;
  uint64_t honoured;
  int32_t n;
  struct gt_plugin_tried *t = tried_record (name, name_len);

  if (t != NULL && path != NULL)
    snprintf (t->path, sizeof t->path, "%s", path);
  if (path == NULL)
    {
      /* A name of ours whose plugin was not built or installed is no
	 error (the device is missing, as a GPU may be); any other name
	 is a mistake (GOMPTARGET_PLUGINS=cuda), which would otherwise
	 only fall back to the host in silence.  */
      if (!known_plugin (name, name_len))
	gt_warning ("GOMPTARGET_PLUGINS: no plugin '%.*s' "
		    "(libgomptarget-plugin-%.*s.so) in %s; gomptarget's "
		    "plugins are %s", (int) name_len, name, (int) name_len,
		    name, dirs, GT_DEFAULT_PLUGINS);
      gt_debug ("plugin '%.*s' not found in %s", (int) name_len, name, dirs);
      note_no_devices (name, name_len, "not found in %s", dirs);
      return;
    }
  h = lt_dlopen (path);
  if (h == NULL)
    {
      const char *err = lt_dlerror ();
      gt_debug ("plugin '%.*s' rejected: %s", (int) name_len, name, err);
      note_no_devices (name, name_len, "rejected: %s", err);
      free (path);
      return;
    }
  plugin = gt_calloc (1, sizeof *plugin);
  if (!bind_entries (plugin, h, &why))
    {
      gt_debug ("plugin '%.*s' rejected: %s (%s)", (int) name_len, name,
		why, path);
      note_no_devices (name, name_len, "rejected: %s", why);
      lt_dlclose (h);
      free (plugin);
      free (path);
      return;
    }
  honoured = gt_plugin_init_requires (plugin, gt_requires_for_devices ());
  n = gt_plugin_number_of_devices (plugin);
  gt_debug ("plugin '%.*s' loaded from %s: %d device(s)", (int) name_len,
	    name, path, (int) n);
  free (path);
  if (n <= 0)
    {
      const char *reason = plugin->no_devices_reason
			   ? plugin->no_devices_reason () : NULL;
      note_no_devices (name, name_len, "%s", reason ? reason : "no device");
      lt_dlclose (h);
      free (plugin);
      return;
    }
  plugin->name = gt_malloc (name_len + 1);
  memcpy (plugin->name, name, name_len);
  plugin->name[name_len] = '\0';
  plugin->handle = h;
  plugin->caps = gt_plugin_capabilities (plugin);
  if (!gt_requires_accept (plugin->name, name_len, &plugin->caps, honoured))
    {
      note_no_devices (name, name_len, "cannot honour the program's "
		       "'omp requires'");
      lt_dlclose (h);
      free (plugin->name);
      free (plugin);
      return;
    }
  plugins[*nplugins].plugin = plugin;
  plugins[*nplugins].name = plugin->name;
  plugins[*nplugins].caps = plugin->caps;
  plugins[*nplugins].async = gt_plugin_init_async (plugin);
  plugins[*nplugins].num_devices = n;
  (*nplugins)++;
  if (t != NULL)
    t->num_devices = n;
}

/* A name of GOMPTARGET_PLUGINS, and whether its repetition was
   reported.  */
struct plugin_name
{
  const char *name;
  size_t len;
  bool repeated;
};

/* Whether NAME is among the NSEEN names of SEEN, which says so once per
   name: a plugin named twice is tried once, so that its devices do not
   come again as further devices sharing their state.  */
static bool
named_before (struct plugin_name *seen, int nseen, const char *name,
	      size_t len)
{
  int i;

  for (i = 0; i < nseen; i++)
    if (seen[i].len == len && memcmp (seen[i].name, name, len) == 0)
      {
	if (!seen[i].repeated)
	  gt_warning ("GOMPTARGET_PLUGINS: '%.*s' is named more than once; "
		      "its repetitions are ignored", (int) len, name);
	seen[i].repeated = true;
	return true;
      }
  return false;
}

/* What is done with each plugin name of GOMPTARGET_PLUGINS.  */
typedef void plugin_name_fn (const char *dirs, const char *name,
			     size_t name_len, void *arg);

/* Call FN (DIRS, NAME, NAME_LEN, ARG) for each name of GOMPTARGET_PLUGINS,
   in order, once each, DIRS being where plugins are searched for.  False
   when no plugin can be searched for at all (said under GOMP_DEBUG).  */
static bool
each_plugin_name (plugin_name_fn *fn, void *arg)
{
  const char *list = gt_icvs.plugins, *p;
  char *own_dir = NULL;
  const char *dirs;
  struct plugin_name *seen;
  int nseen = 0, max;

  if (lt_dlinit () != 0)
    {
      gt_debug ("libltdl failed to initialise: %s; running on the host",
		lt_dlerror ());
      return false;
    }
  dirs = gt_icvs.plugin_path;
  if (dirs == NULL)
    dirs = own_dir = library_directory ();
  if (dirs == NULL)
    {
      gt_debug ("cannot tell where libgomptarget was loaded from; "
		"set GOMPTARGET_PLUGIN_PATH");
      return false;
    }
  snprintf (searched_dirs, sizeof searched_dirs, "%s", dirs);

  for (max = 1, p = list; *p; p++)
    max += *p == ',';
  seen = gt_calloc (max, sizeof *seen);
  for (p = list; *p; )
    {
      size_t len = strcspn (p, ",");
      size_t start = strspn (p, " \t");
      const char *name = p + (start < len ? start : len);
      size_t name_len = len - (name - p);
      while (name_len > 0 && (name[name_len - 1] == ' '
			      || name[name_len - 1] == '\t'))
	name_len--;
      if (name_len > 0 && !named_before (seen, nseen, name, name_len))
	{
	  seen[nseen].name = name;
	  seen[nseen++].len = name_len;
	  if (memchr (name, '/', name_len) != NULL)
	    gt_warning ("GOMPTARGET_PLUGINS: '%.*s' is not a plugin name",
			(int) name_len, name);
	  else
	    fn (dirs, name, name_len, arg);
	}
      p += len;
      if (*p == ',')
	p++;
    }
  free (own_dir);
  free (seen);
  return true;
}

/* The plugins that gt_plugins_serve_program opened and that do not serve
   programs: held open until the devices are loaded (gt_load_plugins), so
   that loading them there is not a second dlopen with its relocations.
   Those the loader keeps stay; the others are closed then.  */
static lt_dlhandle serve_held[MAX_TRIED];
static int num_serve_held;
static bool plugins_loaded;

/* The kept plugins, as gt_load_plugins builds them.  */
struct kept_plugins
{
  struct gt_plugin_info *plugins;
  int n;
};

static void
load_named (const char *dirs, const char *name, size_t name_len, void *arg)
{
  struct kept_plugins *k = arg;

  load_one_plugin (dirs, name, name_len, k->plugins, &k->n);
}

int
gt_load_plugins (struct gt_plugin_info **plugins_out)
{
  struct kept_plugins k = { NULL, 0 };
  const char *p;
  int max;

  *plugins_out = NULL;
  for (max = 1, p = gt_icvs.plugins; *p; p++)
    max += *p == ',';
  k.plugins = gt_calloc (max, sizeof *k.plugins);
  bool ok = each_plugin_name (load_named, &k);
  __atomic_store_n (&plugins_loaded, true, __ATOMIC_RELEASE);
  while (num_serve_held > 0)
    lt_dlclose (serve_held[--num_serve_held]);
  if (!ok)
    {
      free (k.plugins);
      return -1;
    }
  *plugins_out = k.plugins;
  return k.n;
}

/* The images given to gt_plugins_serve_program.  */
struct serve_args
{
  int32_t num_images;
  __tgt_device_image *const *images;
};

/* Offer plugin NAME the program to serve: a plugin without
   __tgt_rtl_serve_program is closed again; one with it stays open (it may
   keep state for the devices it reports later).  */
static void
serve_named (const char *dirs, const char *name, size_t name_len,
	     void *arg)
{
  const struct serve_args *a = arg;
  char *path = find_plugin (dirs, name, name_len);
  int32_t (*serve) (int32_t, __tgt_device_image *const *);
  lt_dlhandle h;

  if (path == NULL)
    return;
  h = lt_dlopen (path);
  free (path);
  if (h == NULL)
    {
      /* Said again, under GOMP_DEBUG, when the devices are loaded.  */
      lt_dlerror ();
      return;
    }
  serve = (__typeof__ (serve)) lt_dlsym (h, "__tgt_rtl_serve_program");
  if (serve == NULL)
    {
      if (num_serve_held < MAX_TRIED
	  && !__atomic_load_n (&plugins_loaded, __ATOMIC_ACQUIRE))
	serve_held[num_serve_held++] = h;
      else
	lt_dlclose (h);
      return;
    }
  lt_dlmakeresident (h);
  gt_debug ("plugin '%.*s': offered to serve the program", (int) name_len,
	    name);
  serve (a->num_images, a->images);
}

void
gt_plugins_serve_program (int32_t num_images,
			  __tgt_device_image *const *images)
{
  struct serve_args a = { num_images, images };

  each_plugin_name (serve_named, &a);
}
