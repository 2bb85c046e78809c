/* gcn-image.c -- GCC's GCN images in the GCN plugin.  An image is what
   mkoffload made: a descriptor pointing to an AMDGPU ELF code object and
   to a record of each kernel.  The descriptor differs between GCC
   versions (read by the registration's version word, see
   plugin/gomptarget-plugin.h): GCC 14 inserted the count of 'declare
   target indirect' functions before the variable count.  Loading checks
   the code object's ISA (e_flags) against the agent's, loads it into an
   HSA executable with the image's device heap, finds the kernels by
   "<name>.kd", the variables in .offload_var_table, the ICV variable,
   builds GCC 14's indirect-function map, and runs the image's
   _init_array kernel; unloading runs _fini_array.

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

#include "plugin-gcn.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EM_AMDGPU 224

/* mkoffload's data, as the plugin sees it (the requires word of GCC 13
   and 14 already skipped by the front end).  */
struct gcn_code_blob
{
  size_t size;
  const void *image;
};

struct gcn_kernel_record
{
  const char *name;
  int oacc_dims[3];
  int sgpr_count;
  int vgpr_count;
};

/* GCC 12 and 13 (library version 1 or 2).  */
struct gcn_desc_gcc12
{
  const struct gcn_code_blob *image;
  unsigned kernel_count;
  const struct gcn_kernel_record *kernel_infos;
  unsigned global_variable_count;
};

/* GCC 14 (library version 3).  */
struct gcn_desc_gcc14
{
  const struct gcn_code_blob *image;
  unsigned kernel_count;
  const struct gcn_kernel_record *kernel_infos;
  unsigned ind_func_count;
  unsigned global_variable_count;
};

_Static_assert (sizeof (struct gcn_kernel_record) == 32, "kernel record");
_Static_assert (offsetof (struct gcn_desc_gcc12, kernel_count) == 8,
		"gcc12 kernel_count");
_Static_assert (offsetof (struct gcn_desc_gcc12, kernel_infos) == 16,
		"gcc12 kernel_infos");
_Static_assert (offsetof (struct gcn_desc_gcc12, global_variable_count)
		== 24, "gcc12 global_variable_count");
_Static_assert (offsetof (struct gcn_desc_gcc14, ind_func_count) == 24,
		"gcc14 ind_func_count");
_Static_assert (offsetof (struct gcn_desc_gcc14, global_variable_count)
		== 28, "gcc14 global_variable_count");

/* A descriptor of either layout, decoded.  */
struct desc
{
  const unsigned char *elf;
  size_t size;
  const struct gcn_kernel_record *kernels;
  unsigned nkernels;
  unsigned nind;
  unsigned nvars;
  enum gcn_abi abi;
  int mach;			/* The code object's EF_AMDGPU_MACH.  */
};

static inline uint32_t
read_u16 (const unsigned char *p)
{
  return (uint32_t) p[0] | (uint32_t) p[1] << 8;
}

static inline uint32_t
read_u32 (const unsigned char *p)
{
  return read_u16 (p) | read_u16 (p + 2) << 16;
}

/* Decode G's descriptor into D; false with the reason in WHY.  */
static bool
decode (const struct gt_gcc_image *g, struct desc *d, char *why, size_t n)
{
  unsigned lib = g->version >> 16, devv = g->version & 0xffff;
  const struct gcn_code_blob *blob;

  memset (d, 0, sizeof *d);
  if (devv != 2 && devv != 3)
    {
      snprintf (why, n, "GCN descriptor version %u (this plugin reads 2, "
		"from GCC 12 and 13, and 3, from GCC 14)", devv);
      return false;
    }
  if (lib > 3)
    {
      snprintf (why, n, "offload library version %u is newer than 3", lib);
      return false;
    }
  if (g->target_data == NULL)
    {
      snprintf (why, n, "no target data");
      return false;
    }
  if (lib >= 3)
    {
      const struct gcn_desc_gcc14 *t = g->target_data;
      blob = t->image;
      d->nkernels = t->kernel_count;
      d->kernels = t->kernel_infos;
      d->nind = t->ind_func_count;
      d->nvars = t->global_variable_count;
    }
  else
    {
      const struct gcn_desc_gcc12 *t = g->target_data;
      blob = t->image;
      d->nkernels = t->kernel_count;
      d->kernels = t->kernel_infos;
      d->nvars = t->global_variable_count;
    }
  d->abi = devv == 3 ? GCN_ABI_GCC14 : GCN_ABI_GCC12;
  if (blob == NULL || blob->image == NULL || blob->size < 64)
    {
      snprintf (why, n, "no code object");
      return false;
    }
  if (d->nkernels > 0 && d->kernels == NULL)
    {
      snprintf (why, n, "no kernel records");
      return false;
    }
  d->elf = blob->image;
  d->size = blob->size;
  if (memcmp (d->elf, "\177ELF", 4) != 0 || d->elf[4] != 2 /* 64-bit */
      || d->elf[5] != 1 /* little-endian */
      || read_u16 (d->elf + 18) != EM_AMDGPU)
    {
      snprintf (why, n, "the code object is not a 64-bit AMDGPU ELF file");
      return false;
    }
  d->mach = (int) (read_u32 (d->elf + 48) & 0xff);
  return true;
}

bool
gcn_image_ok (const struct gt_gcc_image *g)
{
  struct desc d;
  char why[160];

  if (!decode (g, &d, why, sizeof why))
    {
      gt_plugin_debug ("image refused: %s", why);
      return false;
    }
  return true;
}

void
gcn_describe_image (const struct gt_gcc_image *g, char *buf, size_t size)
{
  size_t len = strlen (buf);
  struct desc d;
  char why[160];

  if (!decode (g, &d, why, sizeof why))
    snprintf (buf + len, size - len, "unreadable: %s\n", why);
  else
    {
      const char *isa = gcn_isa_name (d.mach);
      snprintf (buf + len, size - len, "ISA: %s\nkernels: %u\n",
		isa ? isa : "unknown", (unsigned) d.nkernels);
    }
}

/* A symbol of IMG's executable, by name: 0, 1 if the executable has
   none (the runtime says HSA_STATUS_ERROR_INVALID_SYMBOL_NAME), or
   GT_RTL_FAIL, reported, if looking it up failed: an image whose symbols
   cannot be read is not loaded, rather than taken as one without them.  */
static int
symbol (struct gcn_device *dev, struct gcn_image *img, const char *name,
	hsa_executable_symbol_t *sym)
{
  hsa_status_t s = gcn_hsa.hsa_executable_get_symbol (img->exec, NULL, name,
						      dev->agent, 0, sym);

  if (s == HSA_STATUS_SUCCESS)
    return 0;
  if (s == HSA_STATUS_ERROR_INVALID_SYMBOL_NAME)
    return 1;
  gcn_error (s, "device %d: looking up %s", (int) dev->core.number, name);
  return GT_RTL_FAIL;
}

/* The address and size of variable NAME of IMG: 0, 1 if absent, or
   GT_RTL_FAIL (reported), as symbol.  */
static int
variable (struct gcn_device *dev, struct gcn_image *img, const char *name,
	  uint64_t *addr, uint32_t *size)
{
  hsa_executable_symbol_t sym;
  hsa_status_t s;
  int r = symbol (dev, img, name, &sym);

  if (r != 0)
    return r;
  s = gcn_hsa.hsa_executable_symbol_get_info
    (sym, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ADDRESS, addr);
  if (s == HSA_STATUS_SUCCESS && size != NULL)
    s = gcn_hsa.hsa_executable_symbol_get_info
      (sym, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_SIZE, size);
  if (s != HSA_STATUS_SUCCESS)
    {
      gcn_error (s, "device %d: reading symbol %s", (int) dev->core.number,
		 name);
      return GT_RTL_FAIL;
    }
  return 0;
}

/* Find the code of kernel K ("<name>.kd"): 0, 1 if it has none (no
   error: GCC 14's reverse-offload functions are no kernels), or
   GT_RTL_FAIL (reported), as symbol.  */
static int
find_code (struct gcn_device *dev, struct gcn_image *img,
	   struct gcn_kernel *k)
{
  hsa_executable_symbol_t sym;
  size_t len = strlen (k->name);
  char *kd = malloc (len + 4);
  hsa_status_t s;
  int r;

  if (kd == NULL)
    {
      gt_plugin_error ("out of host memory loading an image");
      return GT_RTL_FAIL;
    }
  memcpy (kd, k->name, len);
  memcpy (kd + len, ".kd", 4);
  r = symbol (dev, img, kd, &sym);
  free (kd);
  if (r != 0)
    return r;
  s = gcn_hsa.hsa_executable_symbol_get_info
    (sym, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT, &k->object);
  if (s == HSA_STATUS_SUCCESS)
    s = gcn_hsa.hsa_executable_symbol_get_info
      (sym, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_SIZE,
       &k->kernarg_size);
  if (s == HSA_STATUS_SUCCESS)
    s = gcn_hsa.hsa_executable_symbol_get_info
      (sym, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_GROUP_SEGMENT_SIZE,
       &k->group_size);
  if (s == HSA_STATUS_SUCCESS)
    s = gcn_hsa.hsa_executable_symbol_get_info
      (sym, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_PRIVATE_SEGMENT_SIZE,
       &k->private_size);
  if (s != HSA_STATUS_SUCCESS)
    {
      gcn_error (s, "device %d: reading kernel %s", (int) dev->core.number,
		 k->name);
      k->object = 0;
      return GT_RTL_FAIL;
    }
  if (k->kernarg_size > 8)
    {
      /* A GCC kernel takes one pointer; the rest of the block is read by
	 the device runtime through its own pointers.  */
      gt_plugin_error ("device %d: kernel %s wants %u bytes of arguments: "
		       "not a kernel GCC made for OpenMP", (int)
		       dev->core.number, k->name, k->kernarg_size);
      k->object = 0;
      return 1;
    }
  return 0;
}

/* The image's variables: .offload_var_table, {address, size} each.  */
static int
read_variables (struct gcn_device *dev, struct gcn_image *img, unsigned n)
{
  uint64_t table;
  int r;

  if (n == 0)
    return 0;
  r = variable (dev, img, ".offload_var_table", &table, NULL);
  if (r != 0)
    {
      if (r > 0)
	gt_plugin_error ("device %d: the image has %u variable(s) but no "
			 ".offload_var_table", (int) dev->core.number, n);
      return GT_RTL_FAIL;
    }
  img->vars = malloc (n * sizeof *img->vars);
  if (img->vars == NULL)
    {
      gt_plugin_error ("out of host memory loading an image");
      return GT_RTL_FAIL;
    }
  if (gcn_copy_now (dev, GTC_DEVICE_TO_HOST, img->vars,
		    (const void *) (uintptr_t) table, n * sizeof *img->vars,
		    NULL) != 0)
    return GT_RTL_FAIL;
  img->nvars = n;
  return 0;
}

/* GCC 14's 'declare target indirect' functions: device code finds the
   device address of a host function pointer in a map of {host, device}
   pairs ending with 0, reached through __gomp_indirect_addr_map.  */
static int
indirect_map (struct gcn_device *dev, struct gcn_image *img,
	      const struct desc *d)
{
  const struct gt_gcc_image *g = img->core.gcc;
  void *const *const *host_table = g->host_table;
  uint64_t table, mapvar, *dev_addrs = NULL, *map = NULL;
  size_t n = d->nind, i, host_n;
  int r;
  int err = GT_RTL_FAIL;
  hsa_status_t s;

  if (n == 0)
    return 0;
  host_n = (g->version >> 16) >= 3 && host_table != NULL
	   ? (size_t) (host_table[5] - host_table[4]) : 0;
  if (host_n != n)
    {
      gt_plugin_error ("device %d: the image has %zu indirect function(s), "
		       "the host table %zu", (int) dev->core.number, n,
		       host_n);
      return GT_RTL_FAIL;
    }
  r = variable (dev, img, ".offload_ind_func_table", &table, NULL);
  if (r == 0)
    r = variable (dev, img, "__gomp_indirect_addr_map", &mapvar, NULL);
  if (r != 0)
    {
      if (r > 0)
	gt_plugin_error ("device %d: the image has indirect functions but "
			 "no .offload_ind_func_table or "
			 "__gomp_indirect_addr_map", (int) dev->core.number);
      return GT_RTL_FAIL;
    }
  dev_addrs = malloc (n * sizeof *dev_addrs);
  map = malloc ((2 * n + 1) * sizeof *map);
  if (dev_addrs == NULL || map == NULL)
    {
      gt_plugin_error ("out of host memory loading an image");
      goto out;
    }
  if (gcn_copy_now (dev, GTC_DEVICE_TO_HOST, dev_addrs,
		    (const void *) (uintptr_t) table, n * sizeof *dev_addrs,
		    NULL) != 0)
    goto out;
  for (i = 0; i < n; i++)
    {
      map[2 * i] = (uint64_t) (uintptr_t) host_table[4][i];
      map[2 * i + 1] = dev_addrs[i];
    }
  map[2 * n] = 0;
  s = gcn_hsa.hsa_memory_allocate (dev->data_region,
				   (2 * n + 1) * sizeof *map, &img->ind_map);
  if (s != HSA_STATUS_SUCCESS)
    {
      gcn_error (s, "device %d: allocating the map of %zu indirect "
		 "function(s)", (int) dev->core.number, n);
      img->ind_map = NULL;
      goto out;
    }
  if (gcn_copy_now (dev, GTC_HOST_TO_DEVICE, img->ind_map, map,
		    (2 * n + 1) * sizeof *map, NULL) != 0
      || gcn_copy_now (dev, GTC_HOST_TO_DEVICE, (void *) (uintptr_t) mapvar,
		       &img->ind_map, sizeof img->ind_map, NULL) != 0)
    goto out;
  gt_plugin_debug ("device %d: %zu indirect function(s), map at %p",
		   (int) dev->core.number, n, img->ind_map);
  err = 0;
 out:
  free (dev_addrs);
  free (map);
  return err;
}

/* The device heap of IMG: GCN_HEAP_SIZE bytes after its size word.  */
static int
make_heap (struct gcn_device *dev, struct gcn_image *img)
{
  int64_t size = (int64_t) gcn_settings.heap_size;
  size_t total = gcn_settings.heap_size + sizeof (struct gcn_heap);
  hsa_status_t s;

  s = gcn_hsa.hsa_memory_allocate (dev->data_region, total, &img->heap);
  if (s != HSA_STATUS_SUCCESS)
    {
      img->heap = NULL;
      gcn_error (s, "device %d: cannot allocate the device heap of %zu "
		 "bytes (GCN_HEAP_SIZE)", (int) dev->core.number,
		 gcn_settings.heap_size);
      return GT_RTL_FAIL;
    }
  s = gcn_hsa.hsa_memory_assign_agent (img->heap, dev->agent,
				       HSA_ACCESS_PERMISSION_RW);
  if (s != HSA_STATUS_SUCCESS)
    {
      gcn_error (s, "device %d: giving the device heap to the device",
		 (int) dev->core.number);
      return GT_RTL_FAIL;
    }
  return gcn_copy_now (dev, GTC_HOST_TO_DEVICE,
		       &((struct gcn_heap *) img->heap)->size, &size,
		       sizeof size, NULL);
}

static void
release (struct gcn_image *img)
{
  if (img->ind_map != NULL)
    gcn_hsa.hsa_memory_free (img->ind_map);
  if (img->heap != NULL)
    gcn_hsa.hsa_memory_free (img->heap);
  if (img->have_exec)
    gcn_hsa.hsa_executable_destroy (img->exec);
  if (img->have_code)
    gcn_hsa.hsa_code_object_destroy (img->code);
  free (img->kernels);
  free (img->funcs);
  free (img->vars);
  img->ind_map = img->heap = NULL;
  img->have_exec = img->have_code = false;
  img->kernels = NULL;
  img->funcs = NULL;
  img->vars = NULL;
}

/* The kernels of IMG from the descriptor's records, and which host
   function each serves.  */
static int
find_kernels (struct gcn_device *dev, struct gcn_image *img,
	      const struct desc *d)
{
  unsigned i, f = 0, nf = img->core.gcc->num_funcs;
  int r;

  img->kernels = calloc (d->nkernels ? d->nkernels : 1,
			 sizeof *img->kernels);
  img->funcs = calloc (nf ? nf : 1, sizeof *img->funcs);
  if (img->kernels == NULL || img->funcs == NULL)
    {
      gt_plugin_error ("out of host memory loading an image");
      return GT_RTL_FAIL;
    }
  img->nkernels = d->nkernels;
  img->nfuncs = nf;
  for (i = 0; i < d->nkernels; i++)
    {
      struct gcn_kernel *k = &img->kernels[i];
      const char *name = d->kernels[i].name;

      k->image = img;
      k->name = name != NULL ? name : "(unnamed)";
      k->vgprs = d->kernels[i].vgpr_count;
      k->init_fini = name != NULL && (strcmp (name, "_init_array") == 0
				      || strcmp (name, "_fini_array") == 0);
      r = find_code (dev, img, k);
      if (r < 0)
	return GT_RTL_FAIL;
      if (k->init_fini)
	{
	  if (r > 0)
	    {
	      gt_plugin_error ("device %d: the image has no %s.kd",
			       (int) dev->core.number, name);
	      return GT_RTL_FAIL;
	    }
	  if (name[1] == 'i')
	    img->init = k;
	  else
	    img->fini = k;
	  continue;
	}
      if (f < nf)
	img->funcs[f] = k;
      f++;
    }
  if (f != nf)
    gt_plugin_debug ("device %d: the image has %u kernel(s) for the %u "
		     "function(s) of the host table", (int) dev->core.number,
		     f, nf);
  return 0;
}

int
gcn_load_image (struct gtc_device *d, struct gtc_image *gi)
{
  struct gcn_device *dev = gcn_device_of (d);
  struct gcn_image *img = (struct gcn_image *) gi;
  const char *iname;
  struct desc de;
  char why[160];
  hsa_status_t s;
  int r;

  if (!decode (gi->gcc, &de, why, sizeof why))
    {
      gt_plugin_error ("device %d: image refused: %s", (int) d->number, why);
      return GT_RTL_FAIL;
    }
  img->abi = de.abi;

  /* The code object must be for the agent's ISA.  */
  iname = gcn_isa_name (de.mach);
  if (de.mach != dev->mach || dev->mach == 0)
    {
      char buf[32];
      if (iname == NULL)
	{
	  snprintf (buf, sizeof buf, "EF_AMDGPU_MACH 0x%x", de.mach);
	  iname = buf;
	}
      gt_plugin_error ("device %d: image is %s, device is %.*s: not loaded "
		       "(build with -foffload-options=amdgcn-amdhsa="
		       "-march=%.*s)", (int) d->number, iname,
		       (int) strcspn (dev->name, ":"), dev->name,
		       (int) strcspn (dev->name, ":"), dev->name);
      return GT_RTL_FAIL;
    }
  if (gi->gcc->num_vars != de.nvars)
    {
      gt_plugin_error ("device %d: the image has %u variable(s), the host "
		       "table %u", (int) d->number, de.nvars,
		       (unsigned) gi->gcc->num_vars);
      return GT_RTL_FAIL;
    }

  s = gcn_hsa.hsa_code_object_deserialize ((void *) de.elf, de.size, NULL,
					   &img->code);
  if (s != HSA_STATUS_SUCCESS)
    {
      gcn_error (s, "device %d: reading the image's code object",
		 (int) d->number);
      goto fail;
    }
  img->have_code = true;
  s = gcn_hsa.hsa_executable_create (HSA_PROFILE_FULL,
				     HSA_EXECUTABLE_STATE_UNFROZEN, "",
				     &img->exec);
  if (s != HSA_STATUS_SUCCESS)
    {
      gcn_error (s, "device %d: creating an executable", (int) d->number);
      goto fail;
    }
  img->have_exec = true;
  s = gcn_hsa.hsa_executable_load_code_object (img->exec, dev->agent,
					       img->code, "");
  if (s != HSA_STATUS_SUCCESS)
    {
      gcn_error (s, "device %d: loading the image's %s code object",
		 (int) d->number, iname);
      goto fail;
    }
  if (make_heap (dev, img) != 0)
    goto fail;
  s = gcn_hsa.hsa_executable_freeze (img->exec, "");
  if (s != HSA_STATUS_SUCCESS)
    {
      gcn_error (s, "device %d: freezing the executable", (int) d->number);
      goto fail;
    }
  if (find_kernels (dev, img, &de) != 0
      || read_variables (dev, img, de.nvars) != 0
      || indirect_map (dev, img, &de) != 0)
    goto fail;
  r = variable (dev, img, "__gomp_additional_icvs", &img->icvs,
		&img->icvs_size);
  if (r > 0)
    r = variable (dev, img, "__gomp_device_num", &img->icvs,
		  &img->icvs_size);
  if (r < 0)
    goto fail;
  if (r > 0)
    img->icvs = 0;
  gt_plugin_debug ("device %d: loaded a %s image of GCC %s: %u kernel(s), "
		   "%u variable(s), heap of %zu bytes at %p", (int) d->number,
		   iname, img->abi == GCN_ABI_GCC14 ? "14" : "12/13",
		   img->nkernels, img->nvars, gcn_settings.heap_size,
		   img->heap);
  if (img->init != NULL && gcn_run_service_kernel (dev, img->init) != 0)
    goto fail;
  return 0;

 fail:
  release (img);
  return GT_RTL_FAIL;
}

int
gcn_find_kernel (struct gtc_device *d, struct gtc_image *gi, size_t index,
		 struct gtc_kernel *k)
{
  struct gcn_image *img = (struct gcn_image *) gi;
  struct gcn_kernel *kernel;

  (void) d;
  if (index >= img->nfuncs || (kernel = img->funcs[index]) == NULL
      || kernel->object == 0)
    return 1;
  k->handle = kernel;
  k->name = kernel->name;
  return 0;
}

int
gcn_find_variable (struct gtc_device *d, struct gtc_image *gi, size_t index,
		   void **addr, size_t *size)
{
  struct gcn_image *img = (struct gcn_image *) gi;

  (void) d;
  if (index >= img->nvars)
    return 1;
  *addr = (void *) (uintptr_t) img->vars[index][0];
  /* The top bit of a host size marks 'declare target link'.  */
  *size = (size_t) (img->vars[index][1] & ~(UINT64_C (1) << 63));
  return 0;
}

int
gcn_find_icvs (struct gtc_device *d, struct gtc_image *gi, void **addr,
	       size_t *size)
{
  struct gcn_image *img = (struct gcn_image *) gi;

  (void) d;
  if (img->icvs == 0)
    return 1;
  *addr = (void *) (uintptr_t) img->icvs;
  *size = img->icvs_size;
  return 0;
}

/* GCC 13 and later: .offload_func_table holds the device address of the
   function of every kernel record but _init_array and _fini_array, in
   the order of the host function table.  The device side of an ancestor
   region (its "nohost" function) is the one such function that is not a
   kernel (no "<name>.kd"); a reverse-offload request names it by that
   address.  */
int
gcn_rev_fn_table (struct gtc_device *d, struct gtc_image *gi, uint64_t *out,
		  size_t count)
{
  struct gcn_device *dev = gcn_device_of (d);
  struct gcn_image *img = (struct gcn_image *) gi;
  size_t n = count < img->nfuncs ? count : img->nfuncs, i, found = 0;
  uint64_t table, *addrs;
  int r;

  for (i = 0; i < n; i++)
    if (img->funcs[i] != NULL && img->funcs[i]->object == 0)
      break;
  if (i == n)
    return 0;
  r = variable (dev, img, ".offload_func_table", &table, NULL);
  if (r != 0)
    {
      if (r > 0)
	gt_plugin_error ("device %d: the image has functions that are not "
			 "kernels but no .offload_func_table: its reverse-"
			 "offload regions cannot be served",
			 (int) d->number);
      return GT_RTL_FAIL;
    }
  addrs = malloc (n * sizeof *addrs);
  if (addrs == NULL)
    {
      gt_plugin_error ("out of host memory reading .offload_func_table");
      return GT_RTL_FAIL;
    }
  if (gcn_copy_now (dev, GTC_DEVICE_TO_HOST, addrs,
		    (const void *) (uintptr_t) table, n * sizeof *addrs,
		    NULL) != 0)
    {
      free (addrs);
      return GT_RTL_FAIL;
    }
  for (i = 0; i < n; i++)
    if (img->funcs[i] != NULL && img->funcs[i]->object == 0
	&& addrs[i] != 0)
      {
	out[i] = addrs[i];
	found++;
	gt_plugin_debug ("device %d: reverse-offload function %zu, %s, at "
			 "0x%" PRIx64, (int) d->number, i,
			 img->funcs[i]->name, addrs[i]);
      }
  free (addrs);
  gt_plugin_debug ("device %d: .offload_func_table: %zu of %zu function(s) "
		   "served by reverse offload", (int) d->number, found, n);
  return 0;
}

void
gcn_unload_image (struct gtc_device *d, struct gtc_image *gi)
{
  struct gcn_device *dev = gcn_device_of (d);
  struct gcn_image *img = (struct gcn_image *) gi;

  /* Not while a device is ending the program: the runtime is left
     alone then.  */
  if (gtc_is_ending ())
    return;
  if (img->fini != NULL)
    gcn_run_service_kernel (dev, img->fini);
  release (img);
}
