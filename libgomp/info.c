/* info.c -- the report of gomptarget-info: the plugins looked for and
   what each gave, the devices with their properties, and the offload
   images registered in this process with the devices that can run each.
   The tool (info/gomptarget-info.c) calls GOMPTARGET_info_report in the
   process whose images are to be told: its own, one that loaded a
   library, or a program stopped before main (info/info-preload.c).

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
#include "device-calls.h"
#include "env.h"
#include "gomp-map-kinds.h"
#include "info-report.h"
#include "lifecycle.h"
#include "plugin-loader.h"
#include "registry.h"

#include <stdio.h>
#include <string.h>

/* Print the lines "PROPERTY: VALUE" of TEXT, each indented by INDENT.  */
static void
print_lines (FILE *out, const char *indent, const char *text)
{
  while (*text)
    {
      size_t n = strcspn (text, "\n");
      fprintf (out, "%s%.*s\n", indent, (int) n, text);
      text += n + (text[n] == '\n');
    }
}

/* Name the plugins tried and what each gave; return how many found a
   GPU (a device that does not run host code).  */
static int
report_plugins (FILE *out)
{
  const struct gt_plugin_tried *t;
  const char *dirs;
  int i, n, gpus = 0;

  t = gt_plugins_tried (&n, &dirs);
  fprintf (out, "Plugins: %s (GOMPTARGET_PLUGINS%s)\n", gt_icvs.plugins,
	   strcmp (gt_icvs.plugins, GT_DEFAULT_PLUGINS) ? ""
						       : ", the default");
  if (dirs == NULL)
    fprintf (out, "  searched for nowhere: libltdl failed, or this "
	     "library's directory is unknown (set GOMPTARGET_PLUGIN_PATH)\n");
  else
    fprintf (out, "  searched for in %s (%s)\n", dirs,
	     gt_icvs.plugin_path ? "GOMPTARGET_PLUGIN_PATH"
				 : "libgomptarget's own directory");
  for (i = 0; i < n; i++)
    {
      fprintf (out, "  %s: ", t[i].name);
      if (t[i].path[0])
	fprintf (out, "%s: ", t[i].path);
      if (t[i].num_devices > 0)
	fprintf (out, "%d device%s\n", t[i].num_devices,
		 t[i].num_devices == 1 ? "" : "s");
      else
	fprintf (out, "no device: %s\n", t[i].why);
    }
  for (i = 0; i < gt_num_devices; i++)
    if (!(gt_devices[i].caps & GT_CAP_HOST_CODE))
      gpus++;
  return gpus;
}

/* List the devices with what their plugins tell of them.  */
static void
report_devices (FILE *out)
{
  char buf[2048];
  int i;

  fprintf (out, "Devices: %d\n", gt_num_devices);
  for (i = 0; i < gt_num_devices; i++)
    {
      struct gt_device *dev = &gt_devices[i];
      fprintf (out, "  device %d: plugin %s, its device %d\n", dev->id,
	       dev->plugin_name, dev->local_id);
      if (gt_dev_info (dev, buf, sizeof buf))
	print_lines (out, "    ", buf);
    }
}

/* Say whether DEV can run IMG's regions, and if not why.  */
static void
report_verdict (FILE *out, struct gt_device *dev,
		struct gt_registered_image *img)
{
  char buf[256];
  bool ready;

  fprintf (out, "    device %d (%s): ", dev->id, dev->plugin_name);
  if (!gt_dev_accepts_image (dev, &img->image))
    {
      if (dev->caps & GT_CAP_HOST_CODE)
	fprintf (out, "not its kind; it runs the regions' host code "
		 "instead\n");
      else if (gt_dev_image_info (dev, &img->image, buf, sizeof buf))
	fprintf (out, "cannot run it: the plugin refused it (GOMP_DEBUG=1 "
		 "says why)\n");
      else
	fprintf (out, "cannot run it: not an image for this device\n");
      return;
    }
  gt_device_lock (dev);
  ready = gt_device_ready_locked (dev);
  gt_device_unlock (dev);
  if (!ready)
    fprintf (out, "cannot run it: the device failed to initialise or to "
	     "load the program's images (GOMP_DEBUG=1 says why)\n");
  else if (img->table_id < dev->num_tables
	   && dev->tables[img->table_id] != NULL)
    fprintf (out, "runs it\n");
  else
    fprintf (out, "cannot run it: another image of these regions was "
	     "loaded instead\n");
}

/* The name of GCC's offload target type TYPE.  */
static const char *
target_name (int type)
{
  switch (type)
    {
    case GT_OFFLOAD_TARGET_NVIDIA_PTX:
      return "nvptx";
    case GT_OFFLOAD_TARGET_GCN:
      return "gcn";
    case GT_OFFLOAD_TARGET_HOST:
      return "host";
    default:
      return "unknown";
    }
}

/* List the registered images, oldest first, and who runs each.  */
static void
report_images (FILE *out, const char *program)
{
  struct gt_registered_image *img, *list[256];
  char buf[1024];
  int i, j, n = 0;

  gt_lock (&gt_registry_lock);
  for (img = gt_images; img && n < 256; img = img->next)
    list[n++] = img;
  gt_unlock (&gt_registry_lock);
  fprintf (out, "Offload images%s%s: %d\n", program ? " of " : "",
	   program ? program : "", n);
  if (n == 0)
    {
      fprintf (out, "  none: %s has no target region built for a device "
	       "(gcc -fopenmp -foffload=...); its regions run on the host\n",
	       program ? program : "this program");
      return;
    }
  for (i = n - 1; i >= 0; i--)
    {
      img = list[i];
      fprintf (out, "  image %d: %s (GCC offload target type %d, library "
	       "version %u), regions' host table %u, %zu function%s\n",
	       n - i, target_name (img->target_type), img->target_type,
	       GT_VERSION_LIB (img->version), img->table_id, img->num_funcs,
	       img->num_funcs == 1 ? "" : "s");
      for (j = 0; j < gt_num_devices; j++)
	if (gt_dev_image_info (&gt_devices[j], &img->image, buf, sizeof buf))
	  {
	    print_lines (out, "    ", buf);
	    break;
	  }
      if (j == gt_num_devices)
	fprintf (out, "    no device of its kind: no plugin that reads it "
		 "found one (see the plugins above)\n");
      for (j = 0; j < gt_num_devices; j++)
	report_verdict (out, &gt_devices[j], img);
    }
  if (gt_icvs.target_offload == GT_OFFLOAD_MANDATORY)
    fprintf (out, "  host fallback: none (OMP_TARGET_OFFLOAD=MANDATORY: a "
	     "region no device runs is an error)\n");
  else
    fprintf (out, "  host fallback: the host runs every region no device "
	     "runs\n");
}

int
GOMPTARGET_info_report (FILE *out, const char *program)
{
  int gpus;

  gt_init_devices ();
  fprintf (out, "gomptarget %s\n", PACKAGE_VERSION);
  gpus = report_plugins (out);
  report_devices (out);
  if (gpus == 0)
    fprintf (out, "No GPU: no plugin found one (why is said above); target "
	     "regions run on %s\n",
	     gt_num_devices ? "the emulated device or the host" : "the host");
  report_images (out, program);
  fflush (out);
  return 0;
}
