/* fuzz-gcn-image.c -- libFuzzer target: a GCN offload image as mkoffload
   makes it, with an AMDGPU code object of the fuzzer's bytes, checked by
   the GCN plugin (gcn_image_ok, the test its loading starts with), and
   the code object read by the emulated HSA runtime the plugin hands it to
   (emul_code_object_parse, as hsa_code_object_deserialize does; then the
   kernels looked up and the segments loaded and relocated, as
   hsa_executable_load_code_object does).

   Input: byte 0, the library version (low 2 bits); byte 1, the device
   version (low 3 bits); byte 2, the number of kernel records; byte 3, the
   number of variables; the rest, the code object.

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

#include "gomptarget-plugin.h"
#include "emul-hsa.h"

#include <stdlib.h>
#include <string.h>

/* plugin/gcn/plugin-gcn.h's, whose console declarations clash with the
   emulator's.  */
bool gcn_image_ok (const struct gt_gcc_image *);

/* mkoffload's records (see plugin/gcn/gcn-image.c).  */
struct blob { size_t size; const void *image; };
struct kernel_record { const char *name; int dims[3]; int sgprs, vgprs; };
struct desc14
{
  const struct blob *image;
  unsigned kernel_count;
  const struct kernel_record *kernels;
  unsigned ind_func_count;
  unsigned var_count;
};
struct desc12
{
  const struct blob *image;
  unsigned kernel_count;
  const struct kernel_record *kernels;
  unsigned var_count;
};

/* What code-object.c and config.c call of the rest of the emulated
   runtime (agents.c, entries.c, which would bring in all of it), from
   functions this target never calls: the hsa_code_object_* entry points
   and the reading of the configuration.  */
bool emul_forked_child;

bool
emul_initialized (void)
{
  abort ();
}

hsa_status_t
emul_enter (enum emul_entry e)
{
  (void) e;
  abort ();
}

bool
emul_fail_parse (const char *spec)
{
  (void) spec;
  abort ();
}

/* The emulated runtime's loading of a parsed code object.  */
static void
load (const struct emul_code_object *co)
{
  unsigned char *base;
  uint64_t end;
  size_t i;

  for (i = 0; i < co->nkernels; i++)
    if (emul_code_object_kernel (co, co->kernels[i].symbol) == NULL)
      abort ();
  for (i = 0; i < co->nsyms; i++)
    emul_code_object_section_end (co, co->syms[i].value, &end);
  /* The runtime allocates load_size bytes of device memory: bounded
     here so that a large one is not an out-of-memory report.  */
  if (co->load_size == 0 || co->load_size > (1u << 24))
    return;
  base = malloc (co->load_size);
  if (base == NULL)
    return;
  emul_code_object_load (co, base);
  free (base);
}

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  struct gt_gcc_image g;
  struct blob b;
  struct kernel_record *k;
  struct desc12 d12;
  struct desc14 d14;
  struct emul_code_object *co;
  hsa_status_t status;
  unsigned lib, nk, i;
  void *elf;

  if (size < 4)
    return 0;
  lib = data[0] & 3;
  nk = data[2];
  /* The code object in a buffer of its own size, for ASan.  */
  b.size = size - 4;
  elf = malloc (b.size ? b.size : 1);
  memcpy (elf, data + 4, b.size);
  b.image = elf;
  k = calloc (nk ? nk : 1, sizeof *k);
  for (i = 0; i < nk; i++)
    k[i].name = i % 2 ? "_init_array" : "main._omp_fn.0";

  memset (&g, 0, sizeof g);
  g.magic = GT_GCC_IMAGE_MAGIC;
  g.version = lib << 16 | (data[1] & 7);
  g.target_type = 8;
  g.num_vars = data[3];
  if (lib >= 3)
    {
      d14 = (struct desc14) { &b, nk, k, 0, data[3] };
      g.target_data = &d14;
    }
  else
    {
      d12 = (struct desc12) { &b, nk, k, data[3] };
      g.target_data = &d12;
    }
  gcn_image_ok (&g);

  co = emul_code_object_parse (elf, b.size, &status);
  if (co != NULL)
    {
      load (co);
      emul_code_object_release (co);
    }
  free (k);
  free (elf);
  return 0;
}
