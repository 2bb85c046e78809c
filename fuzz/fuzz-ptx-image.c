/* fuzz-ptx-image.c -- libFuzzer target: an nvptx offload image as
   mkoffload makes it, with PTX objects of the fuzzer's bytes, checked by
   the nvptx plugin (nvptx_image_ok, the test its loading starts with),
   and each object read by the emulated CUDA driver's JIT the plugin hands
   it to (ptx_parse, as cuLinkAddData does, then the target checked and
   the symbols looked up as cuLinkComplete and cuModuleGetFunction do).

   Input: byte 0, the library version (low 2 bits); byte 1, the number of
   functions; byte 2, the number of variables; the rest, the PTX objects,
   each ending with a NUL byte (the size of each counts its NUL, as
   mkoffload's; a last one without NUL is given as it is).

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

#include "nvptx.h"
#include "emul-cuda.h"

#include <stdlib.h>
#include <string.h>

#define MAX_OBJECTS 8

/* ptx.c reads the PTX ISA the driver accepts from the emulator's
   configuration (config.c, which would bring in the whole driver): its
   default, the newest.  */
struct emul_config emul_config = { .ptx_isa = 87 };

/* mkoffload's records (see plugin/nvptx/nvptx-image.c).  */
struct ptx_obj { const char *code; size_t size; };
struct fn_rec { const char *name; unsigned short dim[3]; };
struct desc
{
  const struct ptx_obj *ptx_objs;
  unsigned ptx_num;
  const char *const *var_names;
  unsigned var_num;
  const struct fn_rec *fn_names;
  unsigned fn_num;
  unsigned ind_fn_num;
};

/* What the driver does with one object.  */
static void
jit (const char *code, size_t size)
{
  struct ptx_object *obj = NULL;
  struct emul_log log = { NULL, 0, 0 };
  size_t i;

  if (ptx_parse (code, size, "fuzz", &obj, &log) == CUDA_SUCCESS)
    {
      ptx_check_target (obj, 80, &log);
      for (i = 0; i < obj->nsyms; i++)
	if (ptx_find (obj, obj->syms[i].name) == NULL)
	  abort ();
      ptx_uses (obj, "main$_omp_fn$0");
      ptx_free (obj);
    }
  emul_log_free (&log);
}

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  struct ptx_obj objs[MAX_OBJECTS];
  char *copy[MAX_OBJECTS];
  struct gt_gcc_image g;
  struct desc d;
  struct fn_rec *fns;
  const char **vars;
  void *host_table[6] = { NULL };
  unsigned n = 0, i;
  size_t off = 3;

  if (size < 3)
    return 0;
  /* Each object in a buffer of its own size, for ASan.  */
  while (off < size && n < MAX_OBJECTS)
    {
      const uint8_t *nul = memchr (data + off, '\0', size - off);
      size_t len = nul ? (size_t) (nul - (data + off)) + 1 : size - off;
      copy[n] = malloc (len);
      memcpy (copy[n], data + off, len);
      objs[n].code = copy[n];
      objs[n].size = len;
      n++;
      off += len;
    }
  fns = calloc (data[1] + 1, sizeof *fns);
  vars = calloc (data[2] + 1, sizeof *vars);
  for (i = 0; i < data[1]; i++)
    fns[i].name = "main$_omp_fn$0";
  for (i = 0; i < data[2]; i++)
    vars[i] = "g";

  d = (struct desc) { objs, n, vars, data[2], fns, data[1], 0 };
  memset (&g, 0, sizeof g);
  g.magic = GT_GCC_IMAGE_MAGIC;
  g.version = (uint32_t) (data[0] & 3) << 16 | 1;
  g.target_type = 5;
  g.num_funcs = data[1];
  g.num_vars = data[2];
  g.host_table = host_table;
  g.target_data = &d;
  nvptx_image_ok (&g);

  for (i = 0; i < n; i++)
    {
      jit (objs[i].code, objs[i].size);
      free (copy[i]);
    }
  free (fns);
  free (vars);
  return 0;
}
