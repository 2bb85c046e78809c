/* A shared object with target regions of its own, for late-image.c: the
   program opens it after the GPU has been initialised, so its image is
   registered (by its constructor) with a device that is already running,
   and unregistered by its destructor at dlclose.  Built as
   late-image-lib.so beside the test program by nvptx.exp and by
   contrib/gpu-kit.

   Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1  */

#include <omp.h>

int late_scale = 3;
#pragma omp declare target (late_scale)

/* V times the device's copy of late_scale, computed on device DEV;
   negated if the region ran on the host.  */
int
late_image_region (int dev, int v)
{
  int r = 0, on_device = 0;
#pragma omp target device (dev) map (to: v) map (from: r, on_device)
  {
    r = v * late_scale;
    on_device = !omp_is_initial_device ();
  }
  return on_device ? r : -r;
}

/* Set late_scale on the host and on device DEV.  */
void
late_image_set_scale (int dev, int s)
{
  late_scale = s;
#pragma omp target update device (dev) to (late_scale)
}
