/* fuzz-offload-table.c -- libFuzzer target: the offload tables a GCC
   program registers, as the front end reads them: GOMP_offload_register_
   ver's version word, host table (functions, variables and their sizes
   with the 'declare target link' bit, GCC 14's indirect functions),
   requires word and target type, then GOMP_offload_unregister_ver.  The
   result is checked too: every function of the table found by the index
   launches use, at its position, the table's version kept, the entries
   made for the plugins, and the image gone after unregistering; and the
   requires word named into buffers of every small size.

   No plugin is loaded (GOMPTARGET_PLUGINS empty), so no device loads the
   image: what a device does with one is the other targets' part.  Each
   input is a program of its own: the requires word it registered is
   forgotten after it (two different words in one program are a fatal
   error, tested in libgomptarget.registry).  Library versions above 3
   are a fatal error too (that directory again) and are not generated.

   Input: byte 0, the library version (low 2 bits); bytes 1-2, the device
   version; byte 3, the target type (signed); bytes 4-7, the requires
   word (little-endian); byte 8, the number of functions (0-63); byte 9,
   the number of words of the variable part (0-127: an odd count has a
   dangling address); byte 10, the number of indirect functions (0-63);
   the rest, a byte per variable: its size (low 7 bits) and 'link' bit.

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

#include "gomptarget.h"
#include "devices.h"
#include "entry-points.h"
#include "env.h"
#include "registry.h"
#include "requires.h"

#include <stdlib.h>
#include <string.h>

/* Stand-ins for host functions and variables: distinct addresses.  */
static char host_funcs[64];
static char host_ind_funcs[64];
static char host_vars[64][128];
static char target_data[64];

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  (void) argc;
  (void) argv;
  gt_icvs.plugins = "";
  if (gt_init_devices () != 0)
    abort ();
  return 0;
}

static void
check_requires_name (uint32_t mask)
{
  char buf[80];
  size_t n;

  for (n = 0; n <= sizeof buf - 8; n++)
    {
      memset (buf, 'x', sizeof buf);
      gt_requires_name (buf, n, mask);
      if (n > 0 && memchr (buf, '\0', n) == NULL)
	abort ();
      if (memchr (buf + n, 'x', 1) == NULL)
	abort ();
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  void *funcs[64], *vars[128], *ind[64];
  void *table[6];
  uintptr_t words[2];
  unsigned version, nfuncs, nwords, nind, i, id, v;
  int target_type;
  uint32_t mask;
  struct gt_registered_image *img;
  size_t pos;

  if (size < 11)
    return 0;
  version = (unsigned) (data[0] & 3) << 16 | data[1] | data[2] << 8;
  target_type = (int8_t) data[3];
  mask = data[4] | data[5] << 8 | data[6] << 16 | (uint32_t) data[7] << 24;
  nfuncs = data[8] & 63;
  nwords = data[9] & 127;
  nind = data[10] & 63;
  data += 11;
  size -= 11;
  for (i = 0; i < nfuncs; i++)
    funcs[i] = &host_funcs[i];
  for (i = 0; i < nind; i++)
    ind[i] = &host_ind_funcs[i];
  for (i = 0; i < nwords; i++)
    if (i % 2 == 0)
      vars[i] = host_vars[i / 2];
    else
      {
	uint8_t b = size ? data[(i / 2) % size] : 8;
	vars[i] = (void *) ((uintptr_t) (b & 127)
			    | (uintptr_t) (b >> 7) << (sizeof (void *) * 8
						       - 1));
      }
  table[0] = funcs;
  table[1] = funcs + nfuncs;
  table[2] = vars;
  table[3] = vars + nwords;
  table[4] = ind;
  table[5] = ind + nind;
  /* Library versions 2 and 3: the requires word, then the target's
     data.  */
  words[0] = mask;
  words[1] = (uintptr_t) target_data;
  const void *tdata = (version >> 16) >= 2 ? (const void *) words
					     : (const void *) target_data;

  GOMP_offload_register_ver (version, table, target_type, tdata);
  img = gt_images;
  if (img == NULL || img->host_table != table
      || img->num_funcs != nfuncs
      || img->descriptor.num_vars != nwords / 2
      || (size_t) (img->image.EntriesEnd - img->image.EntriesBegin)
	 != nfuncs + nwords / 2
      || img->descriptor.num_ind_funcs != ((version >> 16) >= 3 ? nind : 0)
      || img->descriptor.requires_mask != ((version >> 16) >= 2 ? mask : 0))
    abort ();
  for (i = 0; i < nfuncs; i++)
    if (!gt_func_lookup (funcs[i], &id, &pos) || id != img->table_id
	|| pos != i)
      abort ();
  if (!gt_host_table_version (img->table_id, &v) || v != version)
    abort ();
  check_requires_name (mask);
  GOMP_offload_unregister_ver (version, table, target_type, tdata);
  for (img = gt_images; img != NULL; img = img->next)
    if (img->host_table == table)
      abort ();
  gt_requires_mask = 0;
  return 0;
}
