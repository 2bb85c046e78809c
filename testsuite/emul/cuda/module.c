/* module.c -- the JIT linker and modules of the emulated CUDA driver.
   cuLinkAddData reads a PTX object and checks it can be compiled for the
   target; cuLinkComplete resolves symbols across the objects (multiple
   strong definitions and used but undefined externs are errors) and
   hands out a "cubin" standing for the linked image.  cuModuleLoadData
   takes such a cubin or PTX text, and lays the image out in a context:
   a variable with a counterpart of the same name in the program (its
   own declare-target variables) is that variable; every other one gets
   emulator-owned device memory, filled from its initialiser, addresses
   of symbols included.

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

#include "emul-cuda.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

/* What cuLinkComplete returns: a header naming a linked image of this
   process.  CHECK guards against a copy from elsewhere.  */
#define CUBIN_MAGIC "gomptarget-emul\0"
struct emul_cubin
{
  char magic[16];
  struct emul_image *image;
  uintptr_t check;
};
#define CUBIN_CHECK 0x6a09e667f3bcc908ULL

/* Functions the driver itself provides to PTX code (its "system
   calls").  */
static const char *const builtins[] = {
  "vprintf", "malloc", "free", "__assertfail"
};

static bool
builtin (const char *name)
{
  for (size_t i = 0; i < sizeof builtins / sizeof builtins[0]; i++)
    if (strcmp (name, builtins[i]) == 0)
      return true;
  return false;
}

/* ---- JIT options.  ---- */

struct jit_options
{
  char *info, *error;		/* Log buffers, NULL when none.  */
  size_t info_size, error_size;
  int info_slot, error_slot;	/* Index of the size option, or -1.  */
  int wall_slot;		/* Index of CU_JIT_WALL_TIME, or -1.  */
  int target;			/* CU_JIT_TARGET, or 0: the context's.  */
};

static CUresult
jit_options (unsigned int n, CUjit_option *options, void **values,
	     struct jit_options *o)
{
  memset (o, 0, sizeof *o);
  o->info_slot = o->error_slot = o->wall_slot = -1;
  if (n > 0 && (options == NULL || values == NULL))
    return CUDA_ERROR_INVALID_VALUE;
  for (unsigned int i = 0; i < n; i++)
    {
      uintptr_t v = (uintptr_t) values[i];
      switch (options[i])
	{
	case CU_JIT_INFO_LOG_BUFFER:
	  o->info = values[i];
	  break;
	case CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES:
	  o->info_size = (size_t) v;
	  o->info_slot = (int) i;
	  break;
	case CU_JIT_ERROR_LOG_BUFFER:
	  o->error = values[i];
	  break;
	case CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES:
	  o->error_size = (size_t) v;
	  o->error_slot = (int) i;
	  break;
	case CU_JIT_WALL_TIME:
	  o->wall_slot = (int) i;
	  break;
	case CU_JIT_OPTIMIZATION_LEVEL:
	  if (v > 4)
	    return CUDA_ERROR_INVALID_VALUE;
	  break;
	case CU_JIT_TARGET:
	  if (ptx_min_version_for_sm ((int) v) < 0)
	    return CUDA_ERROR_INVALID_VALUE;
	  o->target = (int) v;
	  break;
	case CU_JIT_MAX_REGISTERS:
	case CU_JIT_THREADS_PER_BLOCK:
	case CU_JIT_TARGET_FROM_CUCONTEXT:
	case CU_JIT_FALLBACK_STRATEGY:
	case CU_JIT_GENERATE_DEBUG_INFO:
	case CU_JIT_LOG_VERBOSE:
	case CU_JIT_GENERATE_LINE_INFO:
	case CU_JIT_CACHE_MODE:
	case CU_JIT_NEW_SM3X_OPT:
	case CU_JIT_FAST_COMPILE:
	  break;
	default:
	  return CUDA_ERROR_INVALID_VALUE;
	}
    }
  return CUDA_SUCCESS;
}

/* ---- Link states.  ---- */

struct CUlinkState_st
{
  struct CUctx_st *ctx;
  int sm;
  struct jit_options opts;
  void **values;		/* The caller's option values (outputs).  */
  struct timespec start;
  struct ptx_object **objs;
  size_t nobjs;
  struct emul_log info, error;
  struct emul_cubin *cubin;
};

/* Copy the logs to the caller's buffers and report the sizes used.  */
static void
publish_logs (struct CUlinkState_st *st)
{
  struct jit_options *o = &st->opts;
  struct { char *buf; size_t size; int slot; struct emul_log *log; } l[2] = {
    { o->info, o->info_size, o->info_slot, &st->info },
    { o->error, o->error_size, o->error_slot, &st->error }
  };
  for (int i = 0; i < 2; i++)
    {
      if (l[i].buf == NULL || l[i].size == 0)
	continue;
      size_t n = l[i].log->len < l[i].size - 1 ? l[i].log->len
					       : l[i].size - 1;
      if (n)
	memcpy (l[i].buf, l[i].log->text, n);
      l[i].buf[n] = '\0';
      if (l[i].slot >= 0)
	st->values[l[i].slot] = (void *) (uintptr_t) n;
    }
  if (o->wall_slot >= 0)
    {
      struct timespec now;
      clock_gettime (CLOCK_MONOTONIC, &now);
      float ms = (float) ((now.tv_sec - st->start.tv_sec) * 1e3
			  + (now.tv_nsec - st->start.tv_nsec) / 1e6);
      memcpy (&st->values[o->wall_slot], &ms, sizeof ms);
    }
}

static int
device_sm (const struct emul_device *d)
{
  return d->cc_major * 10 + d->cc_minor;
}

CUresult
emul_link_create (unsigned int numOptions, CUjit_option *options,
		 void **optionValues, CUlinkState *stateOut)
{
  struct CUctx_st *ctx;
  CUresult r = emul_ctx_current (&ctx);
  if (r != CUDA_SUCCESS)
    return r;
  if (stateOut == NULL)
    return CUDA_ERROR_INVALID_VALUE;
  struct jit_options o;
  r = jit_options (numOptions, options, optionValues, &o);
  if (r != CUDA_SUCCESS)
    return r;
  struct CUlinkState_st *st = calloc (1, sizeof *st);
  if (st == NULL)
    return CUDA_ERROR_OUT_OF_MEMORY;
  st->ctx = ctx;
  st->opts = o;
  st->values = optionValues;
  st->sm = o.target ? o.target : device_sm (ctx->dev);
  clock_gettime (CLOCK_MONOTONIC, &st->start);
  emul_handle_add (EMUL_H_LINK, st);
  *stateOut = st;
  return CUDA_SUCCESS;
}

EMUL_PUBLIC CUresult
cuLinkCreate_v2 (unsigned int numOptions, CUjit_option *options,
		 void **optionValues, CUlinkState *stateOut)
{
  EMUL_ENTER (cuLinkCreate_v2);
  return emul_link_create (numOptions, options, optionValues, stateOut);
}

CUresult
emul_link_add_data (CUlinkState state, CUjitInputType type, void *data,
		  size_t size, const char *name, unsigned int numOptions,
		  CUjit_option *options, void **optionValues)
{
  if (!emul_handle_valid (EMUL_H_LINK, state))
    return CUDA_ERROR_INVALID_HANDLE;
  struct jit_options o;
  CUresult r = jit_options (numOptions, options, optionValues, &o);
  if (r != CUDA_SUCCESS)
    return r;
  if (data == NULL || size == 0)
    return CUDA_ERROR_INVALID_VALUE;
  if (state->cubin)
    return CUDA_ERROR_ILLEGAL_STATE;
  switch (type)
    {
    case CU_JIT_INPUT_PTX:
      break;
    case CU_JIT_INPUT_CUBIN:
    case CU_JIT_INPUT_FATBINARY:
    case CU_JIT_INPUT_OBJECT:
    case CU_JIT_INPUT_LIBRARY:
      emul_log_printf (&state->error, "%s: error: the emulated driver links "
		       "PTX only", name ? name : "<input>");
      publish_logs (state);
      return CUDA_ERROR_INVALID_IMAGE;
    default:
      return CUDA_ERROR_INVALID_VALUE;
    }
  struct ptx_object *obj;
  r = ptx_parse (data, size, name, &obj, &state->error);
  if (r == CUDA_SUCCESS)
    {
      r = ptx_check_target (obj, state->sm, &state->error);
      if (r != CUDA_SUCCESS)
	ptx_free (obj);
    }
  if (r == CUDA_SUCCESS)
    {
      struct ptx_object **grown
	= realloc (state->objs, (state->nobjs + 1) * sizeof *grown);
      if (grown == NULL)
	{
	  ptx_free (obj);
	  return CUDA_ERROR_OUT_OF_MEMORY;
	}
      state->objs = grown;
      state->objs[state->nobjs++] = obj;
      emul_log_printf (&state->info, "%s: PTX %d.%d for sm_%d, %zu symbols",
		       obj->name, obj->version / 10, obj->version % 10,
		       obj->sm, obj->nsyms);
    }
  else
    emul_log_printf (&state->error, "ptxas fatal   : Ptx assembly aborted "
		     "due to errors");
  publish_logs (state);
  return r;
}

EMUL_PUBLIC CUresult
cuLinkAddData_v2 (CUlinkState state, CUjitInputType type, void *data,
		  size_t size, const char *name, unsigned int numOptions,
		  CUjit_option *options, void **optionValues)
{
  EMUL_ENTER (cuLinkAddData_v2);
  return emul_link_add_data (state, type, data, size, name, numOptions, options,
			     optionValues);
}

/* ---- Linking.  ---- */

/* The definitions that won, by name (a small open hash map).  */
struct link_table
{
  struct { const char *name; size_t obj; const struct ptx_sym *sym; } *slot;
  size_t cap;
};

static size_t
hash_name (const char *s)
{
  size_t h = 5381;
  while (*s)
    h = h * 33 + (unsigned char) *s++;
  return h;
}

static bool
table_init (struct link_table *t, size_t n)
{
  t->cap = 64;
  while (t->cap < 2 * n + 2)
    t->cap *= 2;
  t->slot = calloc (t->cap, sizeof *t->slot);
  return t->slot != NULL;
}

/* The slot of NAME (empty when absent).  */
static size_t
table_slot (const struct link_table *t, const char *name)
{
  size_t i = hash_name (name) & (t->cap - 1);
  while (t->slot[i].name && strcmp (t->slot[i].name, name) != 0)
    i = (i + 1) & (t->cap - 1);
  return i;
}

static const struct ptx_sym *
table_find (const struct link_table *t, const char *name, size_t *obj)
{
  size_t i = table_slot (t, name);
  if (t->slot[i].name == NULL)
    return NULL;
  if (obj)
    *obj = t->slot[i].obj;
  return t->slot[i].sym;
}

static bool
global_linkage (const struct ptx_sym *s)
{
  return s->linkage == PTX_VISIBLE || s->linkage == PTX_WEAK
	 || s->linkage == PTX_COMMON;
}

static void
image_free (struct emul_image *img)
{
  for (size_t i = 0; i < img->nobjs; i++)
    ptx_free (img->objs[i]);
  free (img->objs);
  free (img);
}

static void
image_unref (struct emul_image *img)
{
  if (__atomic_sub_fetch (&img->refs, 1, __ATOMIC_ACQ_REL) == 0)
    {
      emul_handle_remove (img);
      image_free (img);
    }
}

/* Link OBJS (taken over) for sm_SM into *OUT.  */
static CUresult
link_objects (struct ptx_object **objs, size_t nobjs, int sm,
	      struct emul_log *log, struct emul_image **out)
{
  struct emul_image *img = calloc (1, sizeof *img);
  if (img == NULL)
    {
      for (size_t i = 0; i < nobjs; i++)
	ptx_free (objs[i]);
      free (objs);
      return CUDA_ERROR_OUT_OF_MEMORY;
    }
  img->refs = 1;
  img->sm = sm;
  img->objs = objs;
  img->nobjs = nobjs;

  size_t nsyms = 0;
  for (size_t i = 0; i < nobjs; i++)
    nsyms += objs[i]->nsyms;
  struct link_table t;
  if (!table_init (&t, nsyms))
    {
      image_free (img);
      return CUDA_ERROR_OUT_OF_MEMORY;
    }

  bool ok = true;
  for (size_t i = 0; i < nobjs; i++)
    {
      const struct ptx_object *o = objs[i];
      if (o->version > img->ptx_version)
	img->ptx_version = o->version;
      for (size_t j = 0; j < o->nsyms; j++)
	{
	  const struct ptx_sym *s = &o->syms[j];
	  if (!s->defined)
	    continue;
	  if (s->kind == PTX_VAR && s->space == PTX_SHARED)
	    img->shared_size += s->size;
	  if (s->kind == PTX_VAR && s->space == PTX_CONST)
	    img->const_size += s->size;
	  if (!global_linkage (s))
	    continue;
	  size_t k = table_slot (&t, s->name);
	  if (t.slot[k].name == NULL)
	    {
	      t.slot[k].name = s->name;
	      t.slot[k].obj = i;
	      t.slot[k].sym = s;
	      continue;
	    }
	  const struct ptx_sym *first = t.slot[k].sym;
	  if (first->kind != s->kind
	      && !(first->kind != PTX_VAR && s->kind != PTX_VAR))
	    {
	      emul_log_printf (log, "error   : '%s' in '%s' is a different "
			       "kind of symbol than in '%s'", s->name,
			       o->name, objs[t.slot[k].obj]->name);
	      ok = false;
	    }
	  else if (first->linkage == PTX_VISIBLE
		   && s->linkage == PTX_VISIBLE)
	    {
	      emul_log_printf (log, "error   : Multiple definition of '%s' in "
			       "'%s', first defined in '%s'", s->name,
			       o->name, objs[t.slot[k].obj]->name);
	      ok = false;
	    }
	  else if (first->linkage != PTX_VISIBLE
		   && s->linkage == PTX_VISIBLE)
	    {
	      /* A strong definition beats a weak or common one.  */
	      t.slot[k].obj = i;
	      t.slot[k].sym = s;
	    }
	}
    }

  /* Every extern an object uses must be defined somewhere.  */
  for (size_t i = 0; i < nobjs; i++)
    {
      const struct ptx_object *o = objs[i];
      for (size_t j = 0; j < o->nsyms; j++)
	{
	  const struct ptx_sym *s = &o->syms[j];
	  if (s->defined || !ptx_uses (o, s->name))
	    continue;
	  /* An extern .shared array is the kernel's dynamic shared memory
	     (GCC 14's libgomp declares __nvptx_lowlat_pool so): the driver
	     provides it, no object defines it.  */
	  if (s->kind == PTX_VAR && s->space == PTX_SHARED
	      && s->linkage == PTX_EXTERN)
	    continue;
	  if (builtin (s->name))
	    {
	      if (strcmp (s->name, "vprintf") == 0)
		img->uses_printf = true;
	      else if (strcmp (s->name, "__assertfail") != 0)
		img->uses_malloc = true;
	      continue;
	    }
	  if (s->linkage == PTX_EXTERN && table_find (&t, s->name, NULL))
	    continue;
	  emul_log_printf (log, "error   : Undefined reference to '%s' in "
			   "'%s'", s->name, o->name);
	  ok = false;
	}
    }

  /* What exit does on the device: the object that defines _exit tells.  */
  for (size_t i = 0; i < nobjs; i++)
    {
      const struct ptx_sym *s = ptx_find (objs[i], "_exit");
      if (s && s->defined && s->kind == PTX_FUNC
	  && ptx_uses (objs[i], "abort"))
	img->exit_aborts = true;
    }
  free (t.slot);
  if (!ok)
    {
      image_free (img);
      return CUDA_ERROR_UNKNOWN;
    }
  emul_handle_add (EMUL_H_IMAGE, img);
  *out = img;
  return CUDA_SUCCESS;
}

EMUL_PUBLIC CUresult
cuLinkComplete (CUlinkState state, void **cubinOut, size_t *sizeOut)
{
  EMUL_ENTER (cuLinkComplete);
  if (!emul_handle_valid (EMUL_H_LINK, state))
    return CUDA_ERROR_INVALID_HANDLE;
  if (cubinOut == NULL || sizeOut == NULL)
    return CUDA_ERROR_INVALID_VALUE;
  if (state->cubin == NULL)
    {
      if (state->nobjs == 0)
	{
	  emul_log_printf (&state->error, "error   : no input to link");
	  publish_logs (state);
	  return CUDA_ERROR_INVALID_IMAGE;
	}
      struct emul_cubin *cubin = calloc (1, sizeof *cubin);
      if (cubin == NULL)
	return CUDA_ERROR_OUT_OF_MEMORY;
      struct emul_image *img;
      CUresult r = link_objects (state->objs, state->nobjs, state->sm,
				 &state->error, &img);
      state->objs = NULL;
      state->nobjs = 0;
      if (r != CUDA_SUCCESS)
	{
	  free (cubin);
	  publish_logs (state);
	  return r;
	}
      memcpy (cubin->magic, CUBIN_MAGIC, sizeof cubin->magic);
      cubin->image = img;
      cubin->check = (uintptr_t) img ^ CUBIN_CHECK;
      state->cubin = cubin;
      emul_log_printf (&state->info, "linked %zu objects for sm_%d",
		       img->nobjs, img->sm);
    }
  publish_logs (state);
  *cubinOut = state->cubin;
  *sizeOut = sizeof *state->cubin;
  return CUDA_SUCCESS;
}

EMUL_PUBLIC CUresult
cuLinkDestroy (CUlinkState state)
{
  EMUL_ENTER (cuLinkDestroy);
  if (!emul_handle_valid (EMUL_H_LINK, state))
    return CUDA_ERROR_INVALID_HANDLE;
  emul_handle_remove (state);
  for (size_t i = 0; i < state->nobjs; i++)
    ptx_free (state->objs[i]);
  free (state->objs);
  if (state->cubin)
    {
      image_unref (state->cubin->image);
      /* The cubin memory belongs to the state: a later load of it must
	 fail, not read freed memory's leftovers.  */
      memset (state->cubin, 0, sizeof *state->cubin);
      free (state->cubin);
    }
  emul_log_free (&state->info);
  emul_log_free (&state->error);
  free (state);
  return CUDA_SUCCESS;
}

/* ---- Modules.  ---- */

/* Names that are never taken from the program: the device runtime's
   own variables and the compiler's internal symbols.  */
static bool
device_only_name (const char *name)
{
  return strchr (name, '$') != NULL || name[0] == '.'
	 || strncmp (name, "__gomp_", 7) == 0
	 || strncmp (name, "__nvptx_", 8) == 0
	 || strncmp (name, "gomp_", 5) == 0
	 || strncmp (name, "goacc_", 6) == 0
	 || strcmp (name, "__exitval_ptr") == 0;
}

/* The address a function symbol of the image stands for: the program's
   function of the same name, else a handle of the emulator (the address
   of its PTX symbol).  A reverse-offload function "f$nohost$N" is always
   a handle: a device address that only the device-side writer of
   requests (rev.c) maps back to the host function, as the device table
   of such functions ($offload_func_table) holds on a GPU.  */
static uintptr_t
function_address (const struct ptx_sym *sym)
{
  uintptr_t addr;
  size_t size;
  if (strstr (sym->name, "$nohost") != NULL)
    return (uintptr_t) sym;
  char *host = emul_host_name (sym->name);
  if (host == NULL)
    return (uintptr_t) sym;
  bool found = emul_host_symbol (host, EMUL_SYM_FUNC, &addr, &size);
  if (!found)
    {
      /* Drop a trailing ".N" clone number.  */
      char *dot = strrchr (host, '.');
      if (dot && dot[1] >= '0' && dot[1] <= '9'
	  && strspn (dot + 1, "0123456789") == strlen (dot + 1))
	{
	  *dot = '\0';
	  found = emul_host_symbol (host, EMUL_SYM_FUNC, &addr, &size);
	}
    }
  free (host);
  return found ? addr : (uintptr_t) sym;
}

/* The address of symbol NAME as seen from object OBJ of MOD: a static
   of OBJ, else the definition of a global name that won the link.  */
static bool
symbol_address (struct CUmod_st *mod, size_t obj, const char *name,
		uintptr_t *addr)
{
  const struct ptx_sym *s = ptx_find (mod->image->objs[obj], name);
  if (s == NULL || !s->defined || global_linkage (s))
    {
      s = NULL;
      for (size_t i = 0; i < mod->nglobals; i++)
	if (mod->globals[i].sym->linkage != PTX_STATIC
	    && strcmp (mod->globals[i].sym->name, name) == 0)
	  {
	    *addr = mod->globals[i].addr;
	    return true;
	  }
      for (size_t i = 0; i < mod->image->nobjs && s == NULL; i++)
	{
	  const struct ptx_sym *c = ptx_find (mod->image->objs[i], name);
	  if (c && c->defined && global_linkage (c) && c->kind != PTX_VAR)
	    s = c;
	}
      if (s == NULL)
	return false;
    }
  if (s->kind != PTX_VAR)
    {
      *addr = function_address (s);
      return true;
    }
  for (size_t i = 0; i < mod->nglobals; i++)
    if (mod->globals[i].sym == s)
      {
	*addr = mod->globals[i].addr;
	return true;
      }
  return false;
}

/* The reverse-offload functions of MOD: for each "f$nohost$N" the image
   defines, its device address (a handle, see function_address) and the
   program's f, the host version of the ancestor region that host code
   names in its requests.  False when out of memory.  */
static bool
rev_functions (struct CUmod_st *mod)
{
  const struct emul_image *img = mod->image;
  for (size_t i = 0; i < img->nobjs; i++)
    for (size_t j = 0; j < img->objs[i]->nsyms; j++)
      {
	const struct ptx_sym *s = &img->objs[i]->syms[j];
	const char *tag = strstr (s->name, "$nohost");
	if (s->kind != PTX_FUNC || !s->defined || tag == NULL)
	  continue;
	char *ptx = strndup (s->name, (size_t) (tag - s->name));
	char *host = ptx ? emul_host_name (ptx) : NULL;
	uintptr_t addr = 0;
	size_t size;
	free (ptx);
	if (host == NULL)
	  return false;
	if (!emul_host_symbol (host, EMUL_SYM_FUNC, &addr, &size))
	  emul_debug ("reverse-offload function '%s': the program has no "
		      "'%s'", s->name, host);
	free (host);
	if (addr == 0)
	  continue;
	struct emul_rev_fn *grown
	  = realloc (mod->rev_fns, (mod->nrev_fns + 1) * sizeof *grown);
	if (grown == NULL)
	  return false;
	mod->rev_fns = grown;
	grown[mod->nrev_fns].host_fn = addr;
	grown[mod->nrev_fns].dev_fn = function_address (s);
	mod->nrev_fns++;
      }
  return true;
}

static void
module_free (struct CUmod_st *mod)
{
  for (size_t i = 0; i < mod->nglobals; i++)
    if (mod->globals[i].host)
      emul_hostvar_remove (mod->globals[i].addr, mod->globals[i].size);
  free (mod->globals);
  free (mod->rev_fns);
  if (mod->rev_scratch)
    emul_device_memory_free (mod->rev_scratch);
  if (mod->storage)
    emul_device_memory_free (mod->storage);
  while (mod->funcs)
    {
      struct CUfunc_st *f = mod->funcs;
      mod->funcs = f->next;
      emul_handle_remove (f);
      pthread_mutex_destroy (&f->lock);
      free (f);
    }
  image_unref (mod->image);
  free (mod);
}

/* Lay IMG out in CTX.  */
static CUresult
module_new (struct CUctx_st *ctx, struct emul_image *img,
	    struct CUmod_st **out)
{
  struct CUmod_st *mod = calloc (1, sizeof *mod);
  if (mod == NULL)
    return CUDA_ERROR_OUT_OF_MEMORY;
  mod->ctx = ctx;
  mod->image = img;
  __atomic_add_fetch (&img->refs, 1, __ATOMIC_RELAXED);

  /* The variables: the winning definitions of global names, and every
     static, in .global or .const memory.  */
  size_t n = 0;
  for (size_t i = 0; i < img->nobjs; i++)
    n += img->objs[i]->nsyms;
  mod->globals = calloc (n ? n : 1, sizeof *mod->globals);
  if (mod->globals == NULL)
    {
      module_free (mod);
      return CUDA_ERROR_OUT_OF_MEMORY;
    }
  size_t offset = 0;
  for (size_t i = 0; i < img->nobjs; i++)
    {
      const struct ptx_object *o = img->objs[i];
      for (size_t j = 0; j < o->nsyms; j++)
	{
	  const struct ptx_sym *s = &o->syms[j];
	  if (s->kind != PTX_VAR || !s->defined
	      || (s->space != PTX_GLOBAL && s->space != PTX_CONST))
	    continue;
	  if (global_linkage (s))
	    {
	      /* A weak definition that lost, or a repeated one.  */
	      bool dup = false;
	      for (size_t k = 0; k < mod->nglobals && !dup; k++)
		dup = mod->globals[k].sym->linkage != PTX_STATIC
		      && strcmp (mod->globals[k].sym->name, s->name) == 0;
	      if (dup)
		continue;
	      const struct ptx_sym *best = s;
	      for (size_t k = i + 1; k < img->nobjs; k++)
		{
		  const struct ptx_sym *c = ptx_find (img->objs[k], s->name);
		  if (c && c->defined && c->kind == PTX_VAR
		      && c->linkage == PTX_VISIBLE
		      && best->linkage != PTX_VISIBLE)
		    best = c;
		}
	      s = best;
	    }
	  struct emul_global *g = &mod->globals[mod->nglobals++];
	  g->sym = s;
	  g->obj = i;
	  g->size = s->size;
	  uintptr_t addr;
	  size_t size;
	  if (s->linkage != PTX_STATIC && s->space == PTX_GLOBAL
	      && !device_only_name (s->name)
	      && emul_host_symbol (s->name, EMUL_SYM_OBJECT, &addr, &size))
	    {
	      if (size != s->size)
		emul_debug ("variable '%s': %zu bytes in the program, %zu in "
			    "the PTX", s->name, size, s->size);
	      g->host = true;
	      g->addr = addr;
	      g->size = size;
	      emul_hostvar_add (addr, size);
	      continue;
	    }
	  size_t align = s->align ? s->align : 1;
	  offset = (offset + align - 1) & ~(align - 1);
	  g->addr = offset;	/* Made absolute below.  */
	  offset += s->size ? s->size : 1;
	}
    }
  if (offset)
    {
      mod->storage = emul_device_memory (ctx, offset, EMUL_R_GLOBAL);
      if (mod->storage == NULL)
	{
	  for (size_t i = 0; i < mod->nglobals; i++)
	    if (!mod->globals[i].host)
	      mod->globals[i].addr = 0;
	  module_free (mod);
	  return CUDA_ERROR_OUT_OF_MEMORY;
	}
    }
  for (size_t i = 0; i < mod->nglobals; i++)
    {
      struct emul_global *g = &mod->globals[i];
      if (g->host)
	continue;
      g->addr += (uintptr_t) mod->storage;
      if (g->sym->init)
	memcpy ((void *) g->addr, g->sym->init, g->sym->size);
    }
  /* Addresses of symbols in initialisers.  */
  for (size_t i = 0; i < mod->nglobals; i++)
    {
      struct emul_global *g = &mod->globals[i];
      if (g->host)
	continue;
      for (size_t k = 0; k < g->sym->nrelocs; k++)
	{
	  const struct ptx_reloc *rel = &g->sym->relocs[k];
	  uintptr_t a = 0;
	  if (!symbol_address (mod, g->obj, rel->sym, &a))
	    emul_debug ("'%s': no address for '%s'", g->sym->name, rel->sym);
	  else
	    a += (uintptr_t) rel->addend;
	  if (rel->offset + rel->size <= g->sym->size)
	    memcpy ((char *) g->addr + rel->offset, &a, rel->size);
	}
    }
  mod->device_num_var = emul_module_global (mod, "__gomp_additional_icvs",
					    NULL);
  if (mod->device_num_var == 0)
    mod->device_num_var = emul_module_global (mod, "__gomp_device_num",
					      NULL);
  if (!rev_functions (mod))
    {
      module_free (mod);
      return CUDA_ERROR_OUT_OF_MEMORY;
    }
  emul_handle_add (EMUL_H_MODULE, mod);
  pthread_mutex_lock (&ctx->lock);
  mod->next = ctx->modules;
  ctx->modules = mod;
  pthread_mutex_unlock (&ctx->lock);
  *out = mod;
  return CUDA_SUCCESS;
}

/* Does IMAGE start like PTX text (after blanks and comments)?  */
static bool
looks_like_ptx (const char *p)
{
  for (;;)
    {
      while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
	p++;
      if (p[0] == '/' && p[1] == '/')
	{
	  while (*p && *p != '\n')
	    p++;
	  continue;
	}
      if (p[0] == '/' && p[1] == '*')
	{
	  const char *e = strstr (p + 2, "*/");
	  if (e == NULL)
	    return false;
	  p = e + 2;
	  continue;
	}
      return strncmp (p, ".version", 8) == 0;
    }
}

CUresult
emul_module_load_data (CUmodule *module, const void *image)
{
  struct CUctx_st *ctx;
  CUresult r = emul_ctx_current (&ctx);
  if (r != CUDA_SUCCESS)
    return r;
  if (module == NULL || image == NULL)
    return CUDA_ERROR_INVALID_VALUE;
  int sm = device_sm (ctx->dev);
  struct emul_image *img = NULL;
  const struct emul_cubin *cubin = image;
  const unsigned char *bytes = image;

  if (strncmp (image, CUBIN_MAGIC, sizeof cubin->magic) == 0)
    {
      img = cubin->image;
      if (cubin->check != ((uintptr_t) img ^ CUBIN_CHECK)
	  || !emul_handle_valid (EMUL_H_IMAGE, img))
	return CUDA_ERROR_INVALID_IMAGE;
      /* Code for sm_XY runs on devices sm_XZ, Z >= Y.  */
      if (img->sm / 10 != sm / 10 || img->sm > sm)
	{
	  emul_debug ("cuModuleLoadData: image linked for sm_%d, device is "
		      "sm_%d", img->sm, sm);
	  return CUDA_ERROR_NO_BINARY_FOR_GPU;
	}
      __atomic_add_fetch (&img->refs, 1, __ATOMIC_RELAXED);
    }
  else if (bytes[0] == 0x7f && bytes[1] == 'E' && bytes[2] == 'L'
	   && bytes[3] == 'F')
    {
      emul_debug ("cuModuleLoadData: ELF cubins are not emulated");
      return CUDA_ERROR_INVALID_IMAGE;
    }
  else if (!looks_like_ptx (image))
    return CUDA_ERROR_INVALID_IMAGE;
  else
    {
      struct emul_log log = { NULL, 0, 0 };
      struct ptx_object *obj;
      r = ptx_parse (image, strlen (image), "<module>", &obj, &log);
      if (r == CUDA_SUCCESS)
	{
	  r = ptx_check_target (obj, sm, &log);
	  if (r != CUDA_SUCCESS)
	    ptx_free (obj);
	}
      struct ptx_object **objs = NULL;
      if (r == CUDA_SUCCESS)
	{
	  objs = malloc (sizeof *objs);
	  if (objs == NULL)
	    {
	      ptx_free (obj);
	      r = CUDA_ERROR_OUT_OF_MEMORY;
	    }
	  else
	    {
	      objs[0] = obj;
	      r = link_objects (objs, 1, sm, &log, &img);
	    }
	}
      if (r != CUDA_SUCCESS && log.text)
	emul_debug ("cuModuleLoadData: %s", log.text);
      emul_log_free (&log);
      if (r != CUDA_SUCCESS)
	return r;
    }

  struct CUmod_st *mod;
  r = module_new (ctx, img, &mod);
  image_unref (img);
  if (r != CUDA_SUCCESS)
    return r;
  /* Loading a module writes the printf FIFO out, as the driver does.  */
  emul_fifo_flush (ctx);
  emul_trace ("load device=%d objects=%zu variables=%zu", ctx->dev->ordinal,
	      img->nobjs, mod->nglobals);
  *module = mod;
  return CUDA_SUCCESS;
}

EMUL_PUBLIC CUresult
cuModuleLoadData (CUmodule *module, const void *image)
{
  EMUL_ENTER (cuModuleLoadData);
  return emul_module_load_data (module, image);
}

static void
module_unlink (struct CUmod_st *mod)
{
  struct CUctx_st *ctx = mod->ctx;
  pthread_mutex_lock (&ctx->lock);
  for (struct CUmod_st **p = &ctx->modules; *p; p = &(*p)->next)
    if (*p == mod)
      {
	*p = mod->next;
	break;
      }
  pthread_mutex_unlock (&ctx->lock);
}

EMUL_PUBLIC CUresult
cuModuleUnload (CUmodule hmod)
{
  EMUL_ENTER (cuModuleUnload);
  if (!emul_handle_valid (EMUL_H_MODULE, hmod))
    return CUDA_ERROR_INVALID_HANDLE;
  CUresult r = emul_ctx_check (hmod->ctx);
  if (r != CUDA_SUCCESS && r != emul_ctx_sticky (hmod->ctx))
    return r;
  /* Kernels of the module may still be queued.  */
  emul_ctx_wait_all (hmod->ctx);
  emul_fifo_flush (hmod->ctx);
  emul_handle_remove (hmod);
  module_unlink (hmod);
  emul_trace ("unload device=%d", hmod->ctx->dev->ordinal);
  module_free (hmod);
  return r;
}

void
emul_modules_release_ctx (struct CUctx_st *ctx)
{
  for (;;)
    {
      pthread_mutex_lock (&ctx->lock);
      struct CUmod_st *mod = ctx->modules;
      if (mod)
	ctx->modules = mod->next;
      pthread_mutex_unlock (&ctx->lock);
      if (mod == NULL)
	break;
      emul_handle_remove (mod);
      module_free (mod);
    }
}

EMUL_PUBLIC CUresult
cuModuleGetFunction (CUfunction *hfunc, CUmodule hmod, const char *name)
{
  EMUL_ENTER (cuModuleGetFunction);
  if (!emul_handle_valid (EMUL_H_MODULE, hmod))
    return CUDA_ERROR_INVALID_HANDLE;
  CUresult r = emul_ctx_check (hmod->ctx);
  if (r != CUDA_SUCCESS)
    return r;
  if (hfunc == NULL || name == NULL)
    return CUDA_ERROR_INVALID_VALUE;
  /* Kernels, and visible functions (GCC 14 asks for its "$nohost"
     functions, which are .func).  */
  const struct ptx_sym *sym = NULL;
  struct emul_image *img = hmod->image;
  for (size_t i = 0; i < img->nobjs && sym == NULL; i++)
    {
      const struct ptx_sym *s = ptx_find (img->objs[i], name);
      if (s && s->defined
	  && (s->kind == PTX_ENTRY
	      || (s->kind == PTX_FUNC && s->linkage != PTX_STATIC)))
	sym = s;
    }
  if (sym == NULL)
    return CUDA_ERROR_NOT_FOUND;
  pthread_mutex_lock (&hmod->ctx->lock);
  struct CUfunc_st *f;
  for (f = hmod->funcs; f; f = f->next)
    if (f->sym == sym)
      break;
  if (f == NULL)
    {
      f = calloc (1, sizeof *f);
      if (f)
	{
	  f->mod = hmod;
	  f->sym = sym;
	  pthread_mutex_init (&f->lock, NULL);
	  f->next = hmod->funcs;
	  hmod->funcs = f;
	  emul_handle_add (EMUL_H_FUNCTION, f);
	}
    }
  pthread_mutex_unlock (&hmod->ctx->lock);
  if (f == NULL)
    return CUDA_ERROR_OUT_OF_MEMORY;
  *hfunc = f;
  return CUDA_SUCCESS;
}

uintptr_t
emul_module_global (struct CUmod_st *mod, const char *name, size_t *size)
{
  /* A global name first, then a static one.  */
  for (int pass = 0; pass < 2; pass++)
    for (size_t i = 0; i < mod->nglobals; i++)
      {
	const struct emul_global *g = &mod->globals[i];
	if ((g->sym->linkage == PTX_STATIC) == (pass == 1)
	    && strcmp (g->sym->name, name) == 0)
	  {
	    if (size)
	      *size = g->size;
	    return g->addr;
	  }
      }
  return 0;
}

EMUL_PUBLIC CUresult
cuModuleGetGlobal_v2 (CUdeviceptr *dptr, size_t *bytes, CUmodule hmod,
		      const char *name)
{
  EMUL_ENTER (cuModuleGetGlobal_v2);
  if (!emul_handle_valid (EMUL_H_MODULE, hmod))
    return CUDA_ERROR_INVALID_HANDLE;
  CUresult r = emul_ctx_check (hmod->ctx);
  if (r != CUDA_SUCCESS)
    return r;
  if (name == NULL)
    return CUDA_ERROR_INVALID_VALUE;
  size_t size;
  uintptr_t addr = emul_module_global (hmod, name, &size);
  if (addr == 0)
    return CUDA_ERROR_NOT_FOUND;
  if (dptr)
    *dptr = (CUdeviceptr) addr;
  if (bytes)
    *bytes = size;
  return CUDA_SUCCESS;
}
