/* emul-cuda-test.h -- helpers of the emulated CUDA driver's own tests:
   the Driver API loaded from libcuda.so.1 as the nvptx plugin loads it
   (dlopen, one pointer per cuda-lib.def entry), result checks, the GCC
   nvptx image the program registers (the program defines
   GOMP_offload_register_ver to keep it), linking it with the JIT linker,
   and a minimal "front end" that turns a target region of the program
   into a launch of its kernel (GOMP_target_ext is defined here too: a
   region is captured, not run).

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

#ifndef EMUL_CUDA_TEST_H
#define EMUL_CUDA_TEST_H

#include "../../plugin/nvptx/cuda-api.h"

#include <dlfcn.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- The Driver API, as the plugin will load it.  ---- */

static struct
{
#define CUDA_ONE_CALL(name) __typeof__ (name) *name;
#include "../../plugin/nvptx/cuda-lib.def"
#undef CUDA_ONE_CALL
} cu;

static void
fail (const char *fmt, ...) __attribute__ ((noreturn, format (printf, 1, 2)));

static void
fail (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  fflush (stdout);
  fprintf (stderr, "FAIL: ");
  vfprintf (stderr, fmt, ap);
  fprintf (stderr, "\n");
  va_end (ap);
  abort ();
}

static void
load_cuda (void)
{
  void *h = dlopen ("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (h == NULL)
    fail ("dlopen libcuda.so.1: %s", dlerror ());
#define CUDA_ONE_CALL(name) \
  if ((*(void **) &cu.name = dlsym (h, #name)) == NULL) \
    fail ("libcuda.so.1 has no %s", #name);
#include "../../plugin/nvptx/cuda-lib.def"
#undef CUDA_ONE_CALL
}

static const char *
result_name (CUresult r)
{
  const char *s = NULL;
  if (cu.cuGetErrorName (r, &s) != CUDA_SUCCESS || s == NULL)
    return "(unknown CUresult)";
  return s;
}

/* CALL must return EXPECTED.  */
#define EXPECT(expected, call) \
  do { CUresult r_ = (call); \
       if (r_ != (expected)) \
	 fail ("%s:%d: %s returned %s (%d), expected %s", __FILE__, __LINE__, \
	       #call, result_name (r_), (int) r_, #expected); } while (0)
#define CHECK(call) EXPECT (CUDA_SUCCESS, call)

/* cuInit, and device ORDINAL's primary context made current.  */
static CUcontext
setup_device (int ordinal)
{
  CUdevice dev;
  CUcontext ctx;
  CHECK (cu.cuDeviceGet (&dev, ordinal));
  CHECK (cu.cuDevicePrimaryCtxRetain (&ctx, dev));
  CHECK (cu.cuCtxSetCurrent (ctx));
  return ctx;
}

static CUcontext
setup (void)
{
  load_cuda ();
  CHECK (cu.cuInit (0));
  return setup_device (0);
}

/* ---- The program's nvptx image.  ---- */

struct ptx_obj { const char *code; size_t size; };
struct nvptx_fn { const char *name; unsigned short dim[3]; };
struct nvptx_image
{
  const struct ptx_obj *objs;
  unsigned nobjs;
  const char *const *vars;
  unsigned nvars;
  const struct nvptx_fn *fns;
  unsigned nfns;
};

static const struct nvptx_image *image;
static void *const *host_funcs, *const *host_funcs_end;

void GOMP_offload_register_ver (unsigned, const void *, int, const void *);
void GOMP_offload_unregister_ver (unsigned, const void *, int, const void *);

void
GOMP_offload_register_ver (unsigned version, const void *host_table,
			   int target_type, const void *data)
{
  if (target_type != 5)		/* GOMP_DEVICE_NVIDIA_PTX */
    return;
  if ((version >> 16) >= 3)
    data = (const char *) data + sizeof (void *);  /* requires mask */
  image = data;
  void *const *t = host_table;
  host_funcs = t[0];
  host_funcs_end = t[1];
}

void
GOMP_offload_unregister_ver (unsigned version, const void *host_table,
			     int target_type, const void *data)
{
  (void) version;
  (void) host_table;
  (void) target_type;
  (void) data;
}

static char link_errors[8192];

/* Link every PTX object of the image with the JIT linker, as GCC's
   plugin does, and load the result.  */
static CUmodule
load_image (void)
{
  if (image == NULL)
    fail ("the program registered no nvptx image");
  if (image->nobjs < 2)
    fail ("an nvptx image of %u PTX object(s): expected the program's "
	  "and the device libraries'", image->nobjs);
  CUjit_option opts[] = { CU_JIT_ERROR_LOG_BUFFER,
			  CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES };
  void *vals[] = { link_errors, (void *) (uintptr_t) sizeof link_errors };
  CUlinkState st;
  CHECK (cu.cuLinkCreate_v2 (2, opts, vals, &st));
  for (unsigned i = 0; i < image->nobjs; i++)
    {
      char name[32];
      snprintf (name, sizeof name, "ptx object %u", i);
      CUresult r = cu.cuLinkAddData_v2 (st, CU_JIT_INPUT_PTX,
					(void *) image->objs[i].code,
					image->objs[i].size, name, 0, NULL,
					NULL);
      if (r != CUDA_SUCCESS)
	fail ("cuLinkAddData of %s: %s\n%s", name, result_name (r),
	      link_errors);
    }
  void *cubin;
  size_t size;
  CUresult r = cu.cuLinkComplete (st, &cubin, &size);
  if (r != CUDA_SUCCESS)
    fail ("cuLinkComplete: %s\n%s", result_name (r), link_errors);
  CUmodule mod;
  CHECK (cu.cuModuleLoadData (&mod, cubin));
  CHECK (cu.cuLinkDestroy (st));
  return mod;
}

/* ---- Target regions turned into launches.  ---- */

/* A target region the program reached (GOMP_target_ext records it).  */
struct region
{
  void (*fn) (void *);
  size_t mapnum;
  void **hostaddrs;
  size_t *sizes;
  unsigned short *kinds;
};

static struct region last_region;

void GOMP_target_ext (int, void (*) (void *), size_t, void **, size_t *,
		      unsigned short *, unsigned int, void **, void **);

void
GOMP_target_ext (int device, void (*fn) (void *), size_t mapnum,
		 void **hostaddrs, size_t *sizes, unsigned short *kinds,
		 unsigned int flags, void **depend, void **args)
{
  (void) device;
  (void) flags;
  (void) depend;
  (void) args;
  struct region *r = &last_region;
  free (r->hostaddrs);
  free (r->sizes);
  free (r->kinds);
  r->fn = fn;
  r->mapnum = mapnum;
  r->hostaddrs = malloc ((mapnum + 1) * sizeof (void *));
  r->sizes = malloc ((mapnum + 1) * sizeof (size_t));
  r->kinds = malloc ((mapnum + 1) * sizeof (unsigned short));
  memcpy (r->hostaddrs, hostaddrs, mapnum * sizeof (void *));
  memcpy (r->sizes, sizes, mapnum * sizeof (size_t));
  memcpy (r->kinds, kinds, mapnum * sizeof (unsigned short));
}

/* The kernel of host function FN: host and device tables are in the
   same order.  */
static CUfunction
kernel_of (CUmodule mod, void (*fn) (void *))
{
  for (void *const *p = host_funcs; p < host_funcs_end; p++)
    if (*p == (void *) fn)
      {
	CUfunction f;
	const char *name = image->fns[p - host_funcs].name;
	CHECK (cu.cuModuleGetFunction (&f, mod, name));
	return f;
      }
  fail ("no kernel for host function %p", (void *) fn);
}

/* A region laid out on the device.  */
#define MAX_MAPS 16
struct launch
{
  CUfunction kernel;
  CUdeviceptr vars;		/* The address array.  */
  CUdeviceptr dev[MAX_MAPS];	/* Device copy of each mapping, or 0.  */
  CUdeviceptr stacks;
  size_t stacksize;
  unsigned teams, warps;
};

static unsigned
map_kind (unsigned short k)
{
  unsigned kind = k & 0xff;
  if ((kind & 0x60) == 0x60)
    kind &= ~0x60u;		/* GOMP_MAP_IMPLICIT */
  return kind;
}

/* Copy R's data to the device (synchronously) and build its address
   array and soft stacks, for TEAMS teams of WARPS warps.  */
static struct launch
prepare (CUmodule mod, const struct region *r, unsigned teams, unsigned warps)
{
  struct launch l;
  memset (&l, 0, sizeof l);
  if (r->mapnum > MAX_MAPS)
    fail ("a region with %zu mappings", r->mapnum);
  l.kernel = kernel_of (mod, r->fn);
  void **addrs = calloc (r->mapnum + 1, sizeof *addrs);
  for (size_t i = 0; i < r->mapnum; i++)
    {
      unsigned kind = map_kind (r->kinds[i]);
      if (kind == 0x0d)		/* FIRSTPRIVATE_INT: the value.  */
	addrs[i] = r->hostaddrs[i];
      else if (r->sizes[i] == 0)
	addrs[i] = NULL;
      else
	{
	  CHECK (cu.cuMemAlloc_v2 (&l.dev[i], r->sizes[i]));
	  if (kind & 1 || kind == 0x0c)	/* TO, TOFROM, FIRSTPRIVATE */
	    CHECK (cu.cuMemcpyHtoD_v2 (l.dev[i], r->hostaddrs[i],
				       r->sizes[i]));
	  addrs[i] = (void *) (uintptr_t) l.dev[i];
	}
    }
  CHECK (cu.cuMemAlloc_v2 (&l.vars, (r->mapnum + 1) * sizeof (void *)));
  CHECK (cu.cuMemcpyHtoD_v2 (l.vars, addrs, (r->mapnum + 1) * sizeof (void *)));
  free (addrs);
  l.teams = teams;
  l.warps = warps;
  l.stacksize = 128 * 1024;
  CHECK (cu.cuMemAlloc_v2 (&l.stacks, l.stacksize * teams * warps));
  return l;
}

/* Launch L on STREAM with GCC's kernel ABI.  */
static CUresult
launch (const struct launch *l, CUstream stream)
{
  struct { uint64_t vars, stack, size; } kargs
    = { l->vars, l->stacks, l->stacksize };
  size_t size = sizeof kargs;
  void *extra[] = { CU_LAUNCH_PARAM_BUFFER_POINTER, &kargs,
		    CU_LAUNCH_PARAM_BUFFER_SIZE, &size, CU_LAUNCH_PARAM_END };
  return cu.cuLaunchKernel (l->kernel, l->teams, 1, 1, 32, l->warps, 1, 0,
			    stream, NULL, extra);
}

/* Copy R's FROM data back (synchronously).  */
static void
finish (const struct launch *l, const struct region *r)
{
  for (size_t i = 0; i < r->mapnum; i++)
    if (l->dev[i] && (map_kind (r->kinds[i]) & 2)
	&& map_kind (r->kinds[i]) != 0x0c)
      CHECK (cu.cuMemcpyDtoH_v2 (r->hostaddrs[i], l->dev[i], r->sizes[i]));
}

/* Run the region captured last, of MOD's image, on a stream of its own
   with TEAMS teams of WARPS warps, and copy its FROM data back.  */
static void __attribute__ ((unused))
run_last_region (CUmodule mod, unsigned teams, unsigned warps)
{
  struct launch l = prepare (mod, &last_region, teams, warps);
  CUstream s;

  CHECK (cu.cuStreamCreate (&s, CU_STREAM_NON_BLOCKING));
  CHECK (launch (&l, s));
  CHECK (cu.cuStreamSynchronize (s));
  finish (&l, &last_region);
  CHECK (cu.cuStreamDestroy_v2 (s));
}

#endif /* EMUL_CUDA_TEST_H */
