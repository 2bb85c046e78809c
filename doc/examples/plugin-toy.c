/* plugin-toy.c -- a plugin of one device that runs the host version of
   each region on memory of its own, through the synchronous entry points
   alone.
   Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   Build: gcc -shared -fPIC -I/usr/local/include plugin-toy.c \
     -o libgomptarget-plugin-toy.so
   Build: gcc -fopenmp -foffload=disable first.c -lgomptarget
   Run: GOMPTARGET_PLUGINS=toy GOMPTARGET_PLUGIN_PATH=.:/usr/local/lib \
     ./a.out  */

#include <gomptarget-plugin.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The OpenMP device number of the one device.  */
static int32_t device_num = -1;

int32_t
__tgt_rtl_number_of_devices (void)
{
  return 1;
}

/* It runs host code: the front end hands it host functions, and needs
   no image.  */
uint32_t
__tgt_rtl_get_capabilities (void)
{
  return GT_CAP_HOST_CODE;
}

int32_t
__tgt_rtl_is_valid_binary (__tgt_device_image *image)
{
  (void) image;
  return 0;
}

int32_t
__tgt_rtl_set_device_number (int32_t id, int32_t num)
{
  (void) id;
  device_num = num;
  return GT_RTL_SUCCESS;
}

int32_t
__tgt_rtl_init_device (int32_t id)
{
  fprintf (stderr, "toy: device %d is OpenMP device %d\n", id, device_num);
  return GT_RTL_SUCCESS;
}

__tgt_target_table *
__tgt_rtl_load_binary (int32_t id, __tgt_device_image *image)
{
  (void) id;
  (void) image;
  return NULL;
}

/* Device memory is memory of its own, never the host object's.  */
void *
__tgt_rtl_data_alloc (int32_t id, int64_t size, void *host_ptr)
{
  (void) id;
  (void) host_ptr;
  return malloc (size > 0 ? (size_t) size : 1);
}

int32_t
__tgt_rtl_data_submit (int32_t id, void *tgt_ptr, void *host_ptr,
		       int64_t size)
{
  (void) id;
  memcpy (tgt_ptr, host_ptr, (size_t) size);
  return GT_RTL_SUCCESS;
}

int32_t
__tgt_rtl_data_retrieve (int32_t id, void *host_ptr, void *tgt_ptr,
			 int64_t size)
{
  (void) id;
  memcpy (host_ptr, tgt_ptr, (size_t) size);
  return GT_RTL_SUCCESS;
}

int32_t
__tgt_rtl_data_delete (int32_t id, void *tgt_ptr)
{
  (void) id;
  free (tgt_ptr);
  return GT_RTL_SUCCESS;
}

/* ENTRY is the region's host function; it takes the array of the device
   addresses of its variables.  The front end runs it as the initial
   thread of the device.  */
int32_t
__tgt_rtl_run_target_team_region (int32_t id, void *entry, void **tgt_vars,
				  ptrdiff_t *offsets, int32_t arg_num,
				  int32_t num_teams, int32_t thread_limit,
				  uint64_t loop_tripcount)
{
  void *args[arg_num > 0 ? arg_num : 1];

  (void) loop_tripcount;
  for (int32_t i = 0; i < arg_num; i++)
    args[i] = (char *) tgt_vars[i] + (offsets ? offsets[i] : 0);
  fprintf (stderr, "toy: device %d runs a region of %d argument(s)\n", id,
	   (int) arg_num);
  GOMPTARGET_PLUGIN_run_host_region (device_num, (void (*) (void *)) entry,
				     args, num_teams, thread_limit);
  return GT_RTL_SUCCESS;
}

int32_t
__tgt_rtl_run_target_region (int32_t id, void *entry, void **tgt_vars,
			     ptrdiff_t *offsets, int32_t arg_num)
{
  return __tgt_rtl_run_target_team_region (id, entry, tgt_vars, offsets,
					   arg_num, 1, 0, 0);
}
