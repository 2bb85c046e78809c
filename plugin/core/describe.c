/* describe.c -- what a plugin tells users about its devices and images
   (the entries device_info and image_info, which gomptarget-info
   prints): the vendor's own properties, then those the core knows.

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

#include <stdio.h>
#include <string.h>

int32_t
__tgt_rtl_device_info (int32_t id, char *buf, int32_t size)
{
  struct gtc_device *dev;
  size_t len;

  if (buf == NULL || size <= 0
      || id < 0 || id >= __tgt_rtl_number_of_devices ())
    return GT_RTL_FAIL;
  dev = gtc_device (id);
  if (dev == NULL)
    return GT_RTL_FAIL;
  buf[0] = '\0';
  if (gtc_vendor.describe_device != NULL)
    gtc_vendor.describe_device (dev, buf, (size_t) size);
  len = strlen (buf);
  snprintf (buf + len, (size_t) size - len,
	    "unified memory: %s\n"
	    "runs host code: %s\n"
	    "asynchronous work: yes, on %s (%zu queues)\n",
	    (gtc_vendor.caps & GT_CAP_SHARED_MEMORY)
	    ? "yes (device memory is host memory)"
	    : "no (separate device memory, copies)",
	    (gtc_vendor.caps & GT_CAP_HOST_CODE) ? "yes" : "no",
	    gtc_vendor.hardware_queues ? "the device's queues"
				       : "host threads",
	    gtc_queues_per_device ());
  return GT_RTL_SUCCESS;
}

int32_t
__tgt_rtl_image_info (__tgt_device_image *image, char *buf, int32_t size)
{
  if (buf == NULL || size <= 0 || gtc_vendor.target_type == -1
      || !gt_plugin_gcc_image_p (image, gtc_vendor.target_type))
    return GT_RTL_FAIL;
  buf[0] = '\0';
  if (gtc_vendor.describe_image != NULL)
    gtc_vendor.describe_image (image->ImageStart, buf, (size_t) size);
  return GT_RTL_SUCCESS;
}
