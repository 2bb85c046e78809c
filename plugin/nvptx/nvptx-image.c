/* nvptx-image.c -- GCC nvptx images in the nvptx plugin: mkoffload's
   descriptor read by GCC version (GCC 12: library version 1; GCC 13: 2;
   GCC 14: 3, which adds indirect functions), its PTX objects linked with
   the driver's JIT linker (GOMP_NVPTX_JIT sets the optimisation level)
   and loaded as a module, kernels found by their mangled names,
   declare-target variables and the device ICV variable by
   cuModuleGetGlobal, __nvptx_clocktick set, and GCC 14's table of
   indirect functions turned into the map its device code reads.

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

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- mkoffload's descriptor, by GCC version (gomptarget-plugin.h).  ---- */

struct ptx_obj
{
  const char *code;
  size_t size;			/* With the terminating NUL.  */
};

struct fn_rec
{
  const char *name;		/* The PTX name: main$_omp_fn$0.  */
  unsigned short dim[3];	/* OpenACC only.  */
};

/* GCC 12 and 13 (library versions 1 and 2, after the requires word the
   front end skips for 2).  */
struct desc_gcc12
{
  const struct ptx_obj *ptx_objs;
  unsigned ptx_num;
  const char *const *var_names;
  unsigned var_num;
  const struct fn_rec *fn_names;
  unsigned fn_num;
};

/* GCC 14 (library version 3): one more field, in the padding at the end
   of GCC 12's.  */
struct desc_gcc14
{
  const struct ptx_obj *ptx_objs;
  unsigned ptx_num;
  const char *const *var_names;
  unsigned var_num;
  const struct fn_rec *fn_names;
  unsigned fn_num;
  unsigned ind_fn_num;
};

_Static_assert (sizeof (struct ptx_obj) == 16 && sizeof (struct fn_rec) == 16,
		"mkoffload's records are 16 bytes");
_Static_assert (__builtin_offsetof (struct desc_gcc14, ind_fn_num) == 44
		&& __builtin_offsetof (struct desc_gcc14, fn_num)
		   == __builtin_offsetof (struct desc_gcc12, fn_num),
		"GCC 14's descriptor is GCC 12's with ind_fn_num at 44");

/* The device half of the version word of nvptx images.  */
#define NVPTX_DEVICE_VERSION 1
/* The newest library version (GCC 14) whose layout is known.  */
#define NVPTX_LIB_VERSION_MAX 3

#define VERSION_LIB(v) ((uint32_t) (v) >> 16)
#define VERSION_DEV(v) ((uint32_t) (v) & 0xffff)

/* What the plugin reads of an image.  */
struct desc
{
  unsigned lib;
  const struct desc_gcc12 *d;
  unsigned ind_fn_num;
  void *const *host_ind_funcs;	/* From the host table (version 3).  */
};

static void
decode (const struct gt_gcc_image *gcc, struct desc *out)
{
  out->lib = VERSION_LIB (gcc->version);
  out->d = gcc->target_data;
  out->ind_fn_num = 0;
  out->host_ind_funcs = NULL;
  if (out->lib >= 3 && out->d != NULL)
    {
      /* GCC 14's host table has six words, the last two delimiting the
	 host addresses of the indirect functions.  */
      void *const *const *t = gcc->host_table;
      out->ind_fn_num = ((const struct desc_gcc14 *) out->d)->ind_fn_num;
      if (t != NULL && t[5] - t[4] == (ptrdiff_t) out->ind_fn_num)
	out->host_ind_funcs = t[4];
    }
}

bool
nvptx_image_ok (const struct gt_gcc_image *gcc)
{
  struct desc x;

  decode (gcc, &x);
  if (VERSION_DEV (gcc->version) != NVPTX_DEVICE_VERSION
      || x.lib > NVPTX_LIB_VERSION_MAX)
    {
      gt_plugin_debug ("image of version 0x%x not taken: this plugin reads "
		       "nvptx images of versions 1 to %u, device version %u",
		       (unsigned) gcc->version, NVPTX_LIB_VERSION_MAX,
		       NVPTX_DEVICE_VERSION);
      return false;
    }
  if (x.d == NULL || x.d->ptx_num == 0 || x.d->ptx_objs == NULL)
    {
      gt_plugin_debug ("image without PTX code not taken");
      return false;
    }
  if (x.d->fn_num != gcc->num_funcs || x.d->var_num != gcc->num_vars)
    {
      gt_plugin_debug ("image not taken: it has %u function(s) and %u "
		       "variable(s), its host table %u and %u", x.d->fn_num,
		       x.d->var_num, (unsigned) gcc->num_funcs,
		       (unsigned) gcc->num_vars);
      return false;
    }
  if (x.ind_fn_num != 0 && x.host_ind_funcs == NULL)
    {
      gt_plugin_debug ("image not taken: %u indirect function(s), and the "
		       "host table does not list as many", x.ind_fn_num);
      return false;
    }
  return true;
}

void
nvptx_describe_image (const struct gt_gcc_image *gcc, char *buf,
		      size_t size)
{
  size_t len = strlen (buf);
  struct desc x;
  unsigned i;

  decode (gcc, &x);
  if (x.d == NULL || x.d->ptx_objs == NULL || x.d->ptx_num == 0)
    {
      snprintf (buf + len, size - len, "PTX: none\n");
      return;
    }
  /* The targets of the PTX objects (the program's, then those of the
     device libraries), each once.  PTX is compiled for the device when
     loaded: a device of that compute capability or later runs it.  */
  snprintf (buf + len, size - len, "PTX objects: %u, for", x.d->ptx_num);
  len += strlen (buf + len);
  for (i = 0; i < x.d->ptx_num && len < size; i++)
    {
      const char *code = x.d->ptx_objs[i].code;
      const char *t = code ? strstr (code, ".target ") : NULL;
      int n = t ? (int) strcspn (t + 8, " ,\n\r") : 7;
      unsigned j;
      bool seen = false;

      t = t ? t + 8 : "unknown";
      for (j = 0; j < i && !seen; j++)
	{
	  const char *c = x.d->ptx_objs[j].code;
	  const char *u = c ? strstr (c, ".target ") : NULL;
	  u = u ? u + 8 : "unknown";
	  seen = strncmp (t, u, n) == 0 && strcspn (u, " ,\n\r") == (size_t) n;
	}
      if (!seen)
	{
	  snprintf (buf + len, size - len, " %.*s", n, t);
	  len += strlen (buf + len);
	}
    }
  snprintf (buf + len, size - len, "\n");
  len += strlen (buf + len);
  snprintf (buf + len, size - len, "kernels: %u\n", x.d->fn_num);
}

/* ---- Linking.  ---- */

/* GOMP_NVPTX_JIT: "-O0" to "-O4" (the last one counts), as GCC's plugin
   reads it; -1 when unset or malformed.  */
static long
jit_level (void)
{
  static long level = -2;
  long v = __atomic_load_n (&level, __ATOMIC_RELAXED);
  const char *s, *p;

  if (v != -2)
    return v;
  v = -1;
  s = getenv ("GOMP_NVPTX_JIT");
  for (p = s; p != NULL && *p != '\0';)
    {
      while (*p == ' ')
	p++;
      if (*p == '\0')
	break;
      if (p[0] == '-' && p[1] == 'O' && p[2] >= '0' && p[2] <= '4'
	  && (p[3] == '\0' || p[3] == ' '))
	{
	  v = p[2] - '0';
	  p += 3;
	  continue;
	}
      gt_plugin_error ("GOMP_NVPTX_JIT='%s': expected options -O0 to -O4; "
		       "ignored", s);
      v = -1;
      break;
    }
  __atomic_store_n (&level, v, __ATOMIC_RELAXED);
  return v;
}

/* GOMP_NVPTX_LOWLAT_POOL: the bytes of shared memory GCC 14's kernels get
   for omp_alloc's low-latency memory (default 8 KiB, as GCC's plugin).  */
static unsigned
lowlat_pool (void)
{
  static long size = -1;
  long v = __atomic_load_n (&size, __ATOMIC_RELAXED);

  if (v < 0)
    {
      v = gt_env_number ("GOMP_NVPTX_LOWLAT_POOL", 8 * 1024, 1L << 30);
      __atomic_store_n (&size, v, __ATOMIC_RELAXED);
    }
  return (unsigned) v;
}

unsigned
nvptx_shared_bytes (const struct nvptx_image *img)
{
  /* GCC 12's kernels know nothing of the pool; its plugin gives none.  */
  return img->lib_version >= 3 ? lowlat_pool () : 0;
}

/* The JIT linker's options: kept alive with the link state, as the
   driver writes the output ones back at each call.  */
struct link_opts
{
  CUjit_option opt[8];
  void *val[8];
  float wall_ms;
  char info[8192];
  char error[8192];
};

/* P, the object of D that is the first when FIRST, with the kernels'
   clock (nvptx-clock.c): new PTX of *SIZE bytes, or NULL (then P as
   it is).  */
static char *
clock_ptx (const struct desc_gcc12 *d, const struct ptx_obj *p, bool first,
	   struct nvptx_kernel *kernels, size_t *size)
{
  const char **names = malloc ((d->fn_num ? d->fn_num : 1) * sizeof *names);
  bool *clocked = calloc (d->fn_num ? d->fn_num : 1, sizeof *clocked);
  char *text = NULL;
  unsigned i;

  if (names != NULL && clocked != NULL)
    {
      for (i = 0; i < d->fn_num; i++)
	names[i] = d->fn_names[i].name;
      text = nvptx_clock_rewrite (p->code, p->size, names, d->fn_num,
				  clocked, first, size);
      for (i = 0; text != NULL && i < d->fn_num; i++)
	kernels[i].clocked |= clocked[i];
    }
  free (names);
  free (clocked);
  return text;
}

/* A failure of the linking of an image: an error, or only said under
   GOMP_DEBUG when QUIET (the image is linked once more without the
   kernels' clock).  */
static void
link_report (struct nvptx_device *dev, bool quiet, const char *what,
	     CUresult r)
{
  if (quiet)
    gt_plugin_debug ("device %d: %s with the kernels' clock failed: %s",
		     nvptx_num (dev), what, nvptx_cuda_error (r));
  else
    nvptx_report (dev, what, r);
}

static void
link_says (struct nvptx_device *dev, bool quiet, const char *log)
{
  if (quiet)
    gt_plugin_debug ("device %d: the JIT linker says: %s", nvptx_num (dev),
		     log);
  else
    gt_plugin_error ("device %d: the JIT linker says: %s", nvptx_num (dev),
		     log);
}

/* Link the PTX objects of D into a module of DEV; with CLOCK, the
   kernels' entries rewritten to take their own times (nvptx-clock.c),
   KERNELS[i].clocked set for each that does.  */
static int
link_module (struct nvptx_device *dev, const struct desc_gcc12 *d,
	     CUmodule *module, struct nvptx_kernel *kernels, bool clock)
{
  struct link_opts *o = calloc (1, sizeof *o);
  CUlinkState state;
  void *cubin;
  size_t cubin_size;
  unsigned n = 0, i;
  long level = jit_level ();
  CUresult r;
  int err = -1;

  if (o == NULL)
    {
      gt_plugin_error ("out of host memory linking an image");
      return -1;
    }
  o->opt[n] = CU_JIT_WALL_TIME;
  o->val[n++] = &o->wall_ms;
  o->opt[n] = CU_JIT_INFO_LOG_BUFFER;
  o->val[n++] = o->info;
  o->opt[n] = CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES;
  o->val[n++] = (void *) (uintptr_t) sizeof o->info;
  o->opt[n] = CU_JIT_ERROR_LOG_BUFFER;
  o->val[n++] = o->error;
  o->opt[n] = CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES;
  o->val[n++] = (void *) (uintptr_t) sizeof o->error;
  o->opt[n] = CU_JIT_LOG_VERBOSE;
  o->val[n++] = (void *) (uintptr_t) 1;
  if (level >= 0)
    {
      o->opt[n] = CU_JIT_OPTIMIZATION_LEVEL;
      o->val[n++] = (void *) (uintptr_t) level;
    }
  r = CU (cuLinkCreate_v2) (n, o->opt, o->val, &state);
  if (r != CUDA_SUCCESS)
    {
      link_report (dev, clock, "cuLinkCreate", r);
      free (o);
      return -1;
    }
  for (i = 0; i < d->ptx_num; i++)
    {
      const struct ptx_obj *p = &d->ptx_objs[i];
      char what[64];
      /* The size counts the terminating NUL, which PTX input must have
	 (as GCC's plugin, the whole of it is given).  */
      size_t size = p->size;
      char *clocked = NULL;
      snprintf (what, sizeof what, "cuLinkAddData (PTX object %u of %u)",
		i + 1, d->ptx_num);
      if (clock)
	clocked = clock_ptx (d, p, i == 0, kernels, &size);
      r = CU (cuLinkAddData_v2) (state, CU_JIT_INPUT_PTX,
				 clocked ? clocked : (void *) p->code,
				 size, NULL, 0, NULL, NULL);
      free (clocked);
      if (r != CUDA_SUCCESS)
	{
	  link_report (dev, clock, what, r);
	  if (o->error[0])
	    link_says (dev, clock, o->error);
	  goto out;
	}
    }
  r = CU (cuLinkComplete) (state, &cubin, &cubin_size);
  if (r != CUDA_SUCCESS)
    {
      link_report (dev, clock, "cuLinkComplete", r);
      if (o->error[0])
	link_says (dev, clock, o->error);
      goto out;
    }
  if (level >= 0)
    gt_plugin_debug ("device %d: linked %u PTX object(s) in %.1f ms "
		     "(GOMP_NVPTX_JIT: -O%ld)", nvptx_num (dev), d->ptx_num,
		     (double) o->wall_ms, level);
  else
    gt_plugin_debug ("device %d: linked %u PTX object(s) in %.1f ms",
		     nvptx_num (dev), d->ptx_num, (double) o->wall_ms);
  if (o->info[0])
    gt_plugin_debug ("device %d: the JIT linker says: %s", nvptx_num (dev),
		     o->info);
  r = CU (cuModuleLoadData) (module, cubin);
  if (r != CUDA_SUCCESS)
    {
      link_report (dev, clock, "cuModuleLoadData", r);
      goto out;
    }
  err = 0;
 out:
  r = CU (cuLinkDestroy) (state);
  if (r != CUDA_SUCCESS)
    nvptx_report (dev, "cuLinkDestroy", r);
  free (o);
  return err;
}

/* ---- Loading.  ---- */

/* The address and size of NAME in IMG's module: 0, or 1 when it has no
   NAME (said unless REQUIRED is false), or -1 when the driver failed
   (said).  */
static int
find_global (struct nvptx_device *dev, struct nvptx_image *img,
	     const char *name, CUdeviceptr *addr, size_t *size, bool required)
{
  CUresult r = CU (cuModuleGetGlobal_v2) (addr, size, img->module, name);

  if (r == CUDA_SUCCESS)
    return 0;
  if (required || r != CUDA_ERROR_NOT_FOUND)
    {
      char what[256];
      snprintf (what, sizeof what, "cuModuleGetGlobal (%s)", name);
      nvptx_report (dev, what, r);
    }
  return r == CUDA_ERROR_NOT_FOUND ? 1 : -1;
}

/* find_global, true when found.  */
static bool
module_global (struct nvptx_device *dev, struct nvptx_image *img,
	       const char *name, CUdeviceptr *addr, size_t *size,
	       bool required)
{
  return find_global (dev, img, name, addr, size, required) == 0;
}

/* Write SIZE bytes at SRC to DST in IMG's module.  */
static int
write_global (struct nvptx_device *dev, CUdeviceptr dst, const void *src,
	      size_t size, const char *name)
{
  CUresult r = CU (cuMemcpyHtoD_v2) (dst, src, size);

  if (r != CUDA_SUCCESS)
    {
      char what[256];
      snprintf (what, sizeof what, "cuMemcpyHtoD (%s)", name);
      nvptx_report (dev, what, r);
      return -1;
    }
  return 0;
}

/* GCC 14's indirect functions: the device address of each is in
   $offload_ind_func_table, in the order of the host table's; the device
   code looks host addresses up in the map whose address is in
   __gomp_indirect_addr_map: {host, device} pairs, then a 0.  */
static int
map_indirect_functions (struct nvptx_device *dev, struct nvptx_image *img,
			const struct desc *x)
{
  CUdeviceptr table, var;
  size_t size, var_size, i, n = x->ind_fn_num;
  uint64_t *dev_addrs = NULL, *map = NULL;
  CUresult r;
  int err = -1;

  if (n == 0)
    return 0;
  if (!module_global (dev, img, "$offload_ind_func_table", &table, &size,
		      true)
      || !module_global (dev, img, "__gomp_indirect_addr_map", &var,
			 &var_size, true))
    return -1;
  if (size != n * sizeof (uint64_t) || var_size != sizeof (uint64_t))
    {
      gt_plugin_error ("device %d: the image's indirect-function table has "
		       "%zu bytes for %zu function(s)", nvptx_num (dev), size,
		       n);
      return -1;
    }
  dev_addrs = malloc (size);
  map = malloc ((2 * n + 1) * sizeof *map);
  if (dev_addrs == NULL || map == NULL)
    {
      gt_plugin_error ("out of host memory loading an image");
      goto out;
    }
  r = CU (cuMemcpyDtoH_v2) (dev_addrs, table, size);
  if (r != CUDA_SUCCESS)
    {
      nvptx_report (dev, "cuMemcpyDtoH ($offload_ind_func_table)",
		    r);
      goto out;
    }
  for (i = 0; i < n; i++)
    {
      map[2 * i] = (uint64_t) (uintptr_t) x->host_ind_funcs[i];
      map[2 * i + 1] = dev_addrs[i];
    }
  map[2 * n] = 0;
  r = CU (cuMemAlloc_v2) (&img->ind_map, (2 * n + 1) * sizeof *map);
  if (r != CUDA_SUCCESS)
    {
      img->ind_map = 0;
      nvptx_report (dev, "cuMemAlloc (indirect-function map)",
		    r);
      goto out;
    }
  if (write_global (dev, img->ind_map, map, (2 * n + 1) * sizeof *map,
		    "the indirect-function map") != 0
      || write_global (dev, var, &img->ind_map, sizeof (uint64_t),
		       "__gomp_indirect_addr_map") != 0)
    goto out;
  gt_plugin_debug ("device %d: %zu indirect function(s) mapped",
		   nvptx_num (dev), n);
  err = 0;
 out:
  free (dev_addrs);
  free (map);
  return err;
}

int
nvptx_load_image (struct gtc_device *gdev, struct gtc_image *gimg)
{
  struct nvptx_device *dev = (struct nvptx_device *) gdev;
  struct nvptx_image *img = (struct nvptx_image *) gimg;
  struct desc x;
  CUdeviceptr addr;
  size_t size;

  decode (gimg->gcc, &x);
  img->lib_version = x.lib;
  img->kernels = calloc (x.d->fn_num ? x.d->fn_num : 1,
			 sizeof *img->kernels);
  if (img->kernels == NULL)
    {
      gt_plugin_error ("out of host memory loading an image");
      return -1;
    }
  if (nvptx_use (dev) != 0)
    goto fail;
  /* Under GOMPTARGET_PROFILE, the kernels take their own times, where the
     device can write to host memory; if the driver refuses the PTX so
     rewritten, the image is linked as it is.  */
  if (gtc_profile_device_times () && dev->can_map_host
      && link_module (dev, x.d, &img->module, img->kernels, true) == 0)
    nvptx_clock_calibrate (dev, img->module);
  else
    {
      for (unsigned i = 0; i < x.d->fn_num; i++)
	img->kernels[i].clocked = false;
      if (link_module (dev, x.d, &img->module, img->kernels, false) != 0)
	goto fail;
    }

  /* GCC's device code reads the clock rate from here (omp_get_wtick).  */
  if (module_global (dev, img, "__nvptx_clocktick", &addr, &size, false)
      && size == sizeof (double))
    {
      double tick = 1e-3 / (dev->clock_khz > 0 ? dev->clock_khz : 1);
      if (write_global (dev, addr, &tick, sizeof tick, "__nvptx_clocktick"))
	goto fail;
    }
  if (map_indirect_functions (dev, img, &x) != 0
      || nvptx_exit_setup (dev, img->module, x.lib) != 0)
    goto fail;
  gt_plugin_debug ("device %d: loaded a GCC nvptx image (library version "
		   "%u): %u kernel(s), %u variable(s), %u indirect "
		   "function(s)", nvptx_num (dev), x.lib, x.d->fn_num,
		   x.d->var_num, x.ind_fn_num);
  return 0;

 fail:
  nvptx_unload_image (gdev, gimg);
  return -1;
}

void
nvptx_unload_image (struct gtc_device *gdev, struct gtc_image *gimg)
{
  struct nvptx_device *dev = (struct nvptx_device *) gdev;
  struct nvptx_image *img = (struct nvptx_image *) gimg;
  const struct desc_gcc12 *d = gimg->gcc->target_data;
  CUresult r;
  size_t i;

  nvptx_rev_unload (dev, img);
  if ((img->module || img->ind_map) && nvptx_use (dev) == 0)
    {
      if (img->ind_map)
	{
	  r = CU (cuMemFree_v2) (img->ind_map);
	  if (r != CUDA_SUCCESS)
	    nvptx_report (dev, "cuMemFree (indirect-function map)",
			  r);
	}
      /* Kernels of the module may still be queued: the driver waits.  */
      if (img->module)
	{
	  r = CU (cuModuleUnload) (img->module);
	  if (r != CUDA_SUCCESS)
	    nvptx_report (dev, "cuModuleUnload", r);
	}
    }
  img->ind_map = 0;
  img->module = NULL;
  if (img->kernels)
    for (i = 0; i < d->fn_num; i++)
      free (img->kernels[i].name);
  free (img->kernels);
  img->kernels = NULL;
}

/* ---- What the front end asks of a loaded image.  ---- */

int
nvptx_find_kernel (struct gtc_device *gdev, struct gtc_image *gimg,
		   size_t index, struct gtc_kernel *k)
{
  struct nvptx_device *dev = (struct nvptx_device *) gdev;
  struct nvptx_image *img = (struct nvptx_image *) gimg;
  const struct desc_gcc12 *d = gimg->gcc->target_data;
  struct nvptx_kernel *nk = &img->kernels[index];
  const char *ptx_name = d->fn_names[index].name;
  CUresult r;
  char *p;

  if (nvptx_use (dev) != 0)
    return -1;
  r = CU (cuModuleGetFunction) (&nk->fn, img->module, ptx_name);
  if (r != CUDA_SUCCESS)
    {
      /* GCC 14 lists its reverse-offload functions, which are no kernels,
	 and a driver may not find them.  */
      if (strstr (ptx_name, "$nohost") != NULL && r == CUDA_ERROR_NOT_FOUND)
	return 1;
      char what[256];
      snprintf (what, sizeof what, "cuModuleGetFunction (%s)", ptx_name);
      nvptx_report (dev, what, r);
      return -1;
    }
  if (CU (cuFuncGetAttribute) (&nk->max_threads,
			       CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
			       nk->fn) != CUDA_SUCCESS
      || CU (cuFuncGetAttribute) (&nk->regs, CU_FUNC_ATTRIBUTE_NUM_REGS,
				  nk->fn) != CUDA_SUCCESS)
    {
      /* A function, not a kernel.  */
      gt_plugin_debug ("device %d: %s is no kernel", nvptx_num (dev),
		       ptx_name);
      return 1;
    }
  nk->ptx_name = ptx_name;
  nk->name = strdup (ptx_name);
  if (nk->name == NULL)
    {
      gt_plugin_error ("out of host memory loading an image");
      return -1;
    }
  /* PTX names spell GCC's '.' as '$'.  */
  for (p = nk->name; *p; p++)
    if (*p == '$')
      *p = '.';
  k->handle = nk;
  k->name = nk->name;
  gt_plugin_debug ("device %d: kernel %s (%s): up to %d threads per block, "
		   "%d registers per thread", nvptx_num (dev), nk->name,
		   ptx_name, nk->max_threads, nk->regs);
  return 0;
}

int
nvptx_find_variable (struct gtc_device *gdev, struct gtc_image *gimg,
		     size_t index, void **addr, size_t *size)
{
  struct nvptx_device *dev = (struct nvptx_device *) gdev;
  struct nvptx_image *img = (struct nvptx_image *) gimg;
  const struct desc_gcc12 *d = gimg->gcc->target_data;
  CUdeviceptr p;

  if (nvptx_use (dev) != 0
      || !module_global (dev, img, d->var_names[index], &p, size, true))
    return -1;
  *addr = (void *) (uintptr_t) p;
  return 0;
}

int
nvptx_find_icvs (struct gtc_device *gdev, struct gtc_image *gimg,
		 void **addr, size_t *size)
{
  struct nvptx_device *dev = (struct nvptx_device *) gdev;
  struct nvptx_image *img = (struct nvptx_image *) gimg;
  CUdeviceptr p;
  int32_t num = (int32_t) dev->core.number;
  int r;

  if (nvptx_use (dev) != 0)
    return -1;
  /* GCC 13 and later; GCC 12.  */
  r = find_global (dev, img, "__gomp_additional_icvs", &p, size, false);
  if (r > 0)
    r = find_global (dev, img, "__gomp_device_num", &p, size, false);
  if (r != 0)
    return r;
  /* Both start with the device number.  The plugin writes it at once, so
     that it is right whatever the front end does with the entry; the
     front end then fills the whole variable.  Without it the image's
     code would take the device for another: it is not loaded.  */
  if (*size >= sizeof num
      && write_global (dev, p, &num, sizeof num, "the device ICVs") != 0)
    return -1;
  *addr = (void *) (uintptr_t) p;
  return 0;
}
