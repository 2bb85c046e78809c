/* The body of unknown-device.c and unknown-function.c: after a first
   region on device 0, a reverse-offload request for function 0x10 of
   device BAD_REQUEST_DEVICE reaches the front end's service, which must
   end the program with its message instead of returning.

   Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1  */

#include <stdint.h>
#include <stdio.h>

#pragma omp requires reverse_offload

/* From gomptarget-plugin.h.  */
struct gt_rev_copier
{
  int (*dev2host) (void *, void *, uint64_t, uint64_t);
  int (*host2dev) (void *, uint64_t, const void *, uint64_t);
  void *arg;
};
void GOMPTARGET_PLUGIN_target_rev (int32_t, uint64_t, uint64_t, uint64_t,
				   uint64_t, uint64_t,
				   const struct gt_rev_copier *);

static int
no_copy (void *arg, void *host, uint64_t dev, uint64_t size)
{
  (void) arg, (void) host, (void) dev, (void) size;
  return 1;
}

static int
no_copy_back (void *arg, uint64_t dev, const void *host, uint64_t size)
{
  (void) arg, (void) host, (void) dev, (void) size;
  return 1;
}

int
main (void)
{
  static const struct gt_rev_copier copier = { no_copy, no_copy_back, NULL };
  int on_device = 0;

  /* Device 0 is in use, its images loaded.  */
#pragma omp target map(from: on_device)
  on_device = 1;
  GOMPTARGET_PLUGIN_target_rev (BAD_REQUEST_DEVICE, 0x10, 0, 0, 0, 0,
				&copier);
  fprintf (stderr, "returned (%d)\n", on_device);
  return 0;
}
