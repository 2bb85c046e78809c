/* executable.c -- executables of the emulated HSA runtime: loading a code
   object for a GPU agent (its ISA must be the agent's), freezing, and the
   symbols the loader exposes (global variables and <kernel>.kd kernel
   descriptors, plus program variables defined by the application).

   A loaded code object lives in the agent's device memory, relocated.
   What runs and what is shared follows plan contract 4: a kernel
   "F.kd" runs the program's host function F; a variable the program
   declares "declare target" (it is in a host .gnu.offload_vars table)
   resolves to the program's own variable, and so do the entries of the
   image's .offload_var_table, which are rewritten in device memory to
   the host addresses (declare target link entries keep their device
   slot); .offload_func_table and .offload_ind_func_table entries become
   the host functions of the same names.  Everything else, such as the
   device-number ICV (__gomp_device_num of GCC 12, __gomp_additional_icvs
   of GCC 13/14), stays in device memory.

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

#include "emul-hsa.h"

#include <elf.h>
#include <stdlib.h>
#include <string.h>

/* An ancestor region's host function and the device address of its
   device-side ("nohost") function in .offload_func_table.  */
struct emul_rev_fn
{
  uint64_t host;
  uint64_t dev;
};

struct emul_loaded
{
  struct emul_agent *agent;
  unsigned char *base;		/* Device memory.  */
  struct emul_rev_fn *rev;	/* Reverse offload: what the device-side
				   writer sends for a host function.  */
  size_t nrev;
  struct emul_loaded *next;
};

struct emul_executable
{
  struct emul_obj obj;
  bool frozen;
  int busy;			/* Dispatches running its kernels.  */
  struct emul_loaded *loaded;
  struct emul_symbol *symbols;
  struct emul_executable *next_live;
};

static struct emul_pool executable_pool
  = EMUL_POOL_INIT ("executable", struct emul_executable);
static struct emul_pool symbol_pool
  = EMUL_POOL_INIT ("symbol", struct emul_symbol);
static pthread_mutex_t exec_lock = PTHREAD_MUTEX_INITIALIZER;
static struct emul_executable *live_executables;

static struct emul_executable *
exec_get (hsa_executable_t e)
{
  return emul_pool_find (&executable_pool, e.handle);
}

static struct emul_symbol *
symbol_get (hsa_executable_symbol_t s)
{
  struct emul_symbol *sym = emul_pool_find (&symbol_pool, s.handle);

  return sym != NULL && sym->exec != NULL
	 && emul_pool_find (&executable_pool,
			    (uint64_t) (uintptr_t) sym->exec) != NULL
	 ? sym : NULL;
}

hsa_status_t
hsa_executable_create (hsa_profile_t profile,
		       hsa_executable_state_t executable_state,
		       const char *options, hsa_executable_t *executable)
{
  struct emul_executable *e;

  EMUL_ENTER (hsa_executable_create);
  EMUL_CHECK_INIT ();
  (void) options;
  if (executable == NULL
      || (profile != HSA_PROFILE_BASE && profile != HSA_PROFILE_FULL)
      || executable_state != HSA_EXECUTABLE_STATE_UNFROZEN)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  e = emul_pool_get (&executable_pool);
  if (e == NULL)
    return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  pthread_mutex_lock (&exec_lock);
  e->next_live = live_executables;
  live_executables = e;
  pthread_mutex_unlock (&exec_lock);
  executable->handle = (uint64_t) (uintptr_t) e;
  return HSA_STATUS_SUCCESS;
}

hsa_status_t
hsa_executable_destroy (hsa_executable_t executable)
{
  struct emul_executable *e, **p;
  struct emul_loaded *l;
  struct emul_symbol *s;

  EMUL_ENTER (hsa_executable_destroy);
  EMUL_CHECK_INIT ();
  pthread_mutex_lock (&exec_lock);
  e = exec_get (executable);
  if (e == NULL)
    {
      pthread_mutex_unlock (&exec_lock);
      emul_report ("hsa_executable_destroy: 0x%llx is not a live executable",
		   (unsigned long long) executable.handle);
      return HSA_STATUS_ERROR_INVALID_EXECUTABLE;
    }
  if (__atomic_load_n (&e->busy, __ATOMIC_ACQUIRE) > 0)
    {
      pthread_mutex_unlock (&exec_lock);
      emul_report ("hsa_executable_destroy: a kernel of executable 0x%llx is "
		   "running", (unsigned long long) executable.handle);
      return HSA_STATUS_ERROR_RESOURCE_FREE;
    }
  for (p = &live_executables; *p != NULL; p = &(*p)->next_live)
    if (*p == e)
      {
	*p = e->next_live;
	break;
      }
  pthread_mutex_unlock (&exec_lock);

  while ((s = e->symbols) != NULL)
    {
      e->symbols = s->next;
      free (s->name);
      free (s->host_name);
      emul_pool_put (&symbol_pool, s);
    }
  while ((l = e->loaded) != NULL)
    {
      e->loaded = l->next;
      emul_mem_free (l->base, "hsa_executable_destroy");
      free (l->rev);
      free (l);
    }
  emul_pool_put (&executable_pool, e);
  return HSA_STATUS_SUCCESS;
}

static struct emul_symbol *
new_symbol (struct emul_executable *e, const char *name,
	    hsa_symbol_kind_t kind, struct emul_agent *agent)
{
  struct emul_symbol *s = emul_pool_get (&symbol_pool);

  if (s == NULL)
    return NULL;
  s->name = strdup (name);
  if (s->name == NULL)
    {
      emul_pool_put (&symbol_pool, s);
      return NULL;
    }
  s->exec = e;
  s->kind = kind;
  s->agent = agent;
  s->next = e->symbols;
  e->symbols = s;
  return s;
}

static struct emul_symbol *
lookup (struct emul_executable *e, const char *name,
	const struct emul_agent *agent)
{
  struct emul_symbol *s;

  for (s = e->symbols; s != NULL; s = s->next)
    if (strcmp (s->name, name) == 0
	&& (s->agent == NULL || agent == NULL || s->agent == agent))
      return s;
  return NULL;
}

/* The names of the image's symbols at image offset VALUE of TYPE.  */
static const struct emul_elf_symbol *
symbol_at (const struct emul_code_object *co, uint64_t value,
	   unsigned type, size_t *from)
{
  for (; *from < co->nsyms; (*from)++)
    {
      const struct emul_elf_symbol *s = &co->syms[*from];
      if (s->value == value && s->type == type && s->name[0] != '\0'
	  && s->shndx != SHN_UNDEF)
	{
	  (*from)++;
	  return s;
	}
    }
  return NULL;
}

/* Rewrite the entries of the offload table NAME (ENTRY bytes each, the
   address first) to host addresses.  Return how many were.  */
static size_t
patch_table (const struct emul_code_object *co, unsigned char *base,
	     const char *name, unsigned entry, unsigned type)
{
  const struct emul_elf_symbol *table = NULL;
  uint64_t end, off, count = 0, resolved = 0;
  size_t i;

  for (i = 0; i < co->nsyms; i++)
    if (strcmp (co->syms[i].name, name) == 0
	&& co->syms[i].shndx != SHN_UNDEF)
      {
	table = &co->syms[i];
	if (table->bind != STB_LOCAL)
	  break;
      }
  if (table == NULL)
    return 0;
  if (table->size != 0)
    end = table->value + table->size;
  else if (!emul_code_object_section_end (co, table->value, &end))
    return 0;
  for (off = table->value; off + entry <= end; off += entry, count++)
    {
      uint64_t dev, size = 0, x;
      const struct emul_elf_symbol *s;
      size_t from = 0;
      void *host = NULL;

      memcpy (&dev, base + off, 8);
      if (entry == 16)
	memcpy (&size, base + off + 8, 8);
      if (dev < (uint64_t) (uintptr_t) base
	  || dev - (uint64_t) (uintptr_t) base >= co->load_size)
	continue;
      /* Declare target link: the device keeps a pointer slot.  */
      if (entry == 16 && (size >> 63) != 0)
	continue;
      x = dev - (uint64_t) (uintptr_t) base;
      while (host == NULL && (s = symbol_at (co, x, type, &from)) != NULL)
	host = type == STT_FUNC ? emul_host_function (s->name)
				: emul_host_variable (s->name, size);
      if (host != NULL)
	{
	  uint64_t h = (uint64_t) (uintptr_t) host;
	  memcpy (base + off, &h, 8);
	  resolved++;
	}
      else
	emul_trace ("%s entry %llu: no host counterpart, kept in device "
		    "memory", name, (unsigned long long) count);
    }
  emul_trace ("%s: %llu of %llu entries are the program's own", name,
	      (unsigned long long) resolved, (unsigned long long) count);
  return (size_t) resolved;
}

/* The host function of device function NAME of an ancestor region: GCC
   names the device side of region F "F.nohost", which offload LTO may
   suffix ("F.nohost.0"); NULL if NAME is not such a function.  */
static void *
rev_host_function (const char *name)
{
  const char *p = name, *q, *found = NULL;
  char *base;
  void *host;

  while ((q = strstr (p, ".nohost")) != NULL)
    {
      const char *t = q + strlen (".nohost");
      if (*t == '.' && t[1] != '\0')
	for (t++; *t >= '0' && *t <= '9'; t++)
	  ;
      if (*t == '\0')
	found = q;
      p = q + 1;
    }
  if (found == NULL || found == name)
    return NULL;
  base = strndup (name, (size_t) (found - name));
  if (base == NULL)
    return NULL;
  host = emul_host_function (base);
  free (base);
  return host;
}

/* GCC 13 and later: .offload_func_table keeps the device addresses of the
   image's functions (the plugin reads it for reverse offload); note, for
   each ancestor region's device-side function, the host function whose
   requests the device-side writer sends with that address.  */
static bool
rev_table (const struct emul_code_object *co, struct emul_loaded *l)
{
  const struct emul_elf_symbol *table = NULL;
  uint64_t base = (uint64_t) (uintptr_t) l->base, end, off;
  size_t i, cap = 0;

  for (i = 0; i < co->nsyms; i++)
    if (strcmp (co->syms[i].name, ".offload_func_table") == 0
	&& co->syms[i].shndx != SHN_UNDEF)
      {
	table = &co->syms[i];
	if (table->bind != STB_LOCAL)
	  break;
      }
  if (table == NULL)
    return true;
  if (table->size != 0)
    end = table->value + table->size;
  else if (!emul_code_object_section_end (co, table->value, &end))
    return true;
  for (off = table->value; off + 8 <= end; off += 8)
    {
      const struct emul_elf_symbol *s;
      uint64_t dev;
      size_t from = 0;
      void *host = NULL;

      memcpy (&dev, l->base + off, 8);
      if (dev < base || dev - base >= co->load_size)
	continue;
      while (host == NULL
	     && (s = symbol_at (co, dev - base, STT_FUNC, &from)) != NULL)
	host = rev_host_function (s->name);
      if (host == NULL)
	continue;
      if (l->nrev == cap)
	{
	  struct emul_rev_fn *r;
	  cap = cap ? 2 * cap : 4;
	  r = realloc (l->rev, cap * sizeof *r);
	  if (r == NULL)
	    return false;
	  l->rev = r;
	}
      l->rev[l->nrev].host = (uint64_t) (uintptr_t) host;
      l->rev[l->nrev].dev = dev;
      l->nrev++;
      emul_trace (".offload_func_table: ancestor function at 0x%llx, host "
		  "function %p", (unsigned long long) dev, host);
    }
  return true;
}

uint64_t
emul_rev_device_fn (const struct emul_symbol *kernel, void (*host_fn) (void *))
{
  uint64_t h = (uint64_t) (uintptr_t) host_fn;
  struct emul_executable *e;
  struct emul_loaded *l;
  size_t i;

  /* The kernel's executable is held while it runs, and its loaded code
     objects do not change once it is frozen.  */
  for (l = kernel->exec->loaded; l != NULL; l = l->next)
    if (l->agent == kernel->agent)
      for (i = 0; i < l->nrev; i++)
	if (l->rev[i].host == h)
	  return l->rev[i].dev;
  /* Another image on the same agent.  */
  pthread_mutex_lock (&exec_lock);
  for (e = live_executables; e != NULL; e = e->next_live)
    if (e->frozen)
      for (l = e->loaded; l != NULL; l = l->next)
	if (l->agent == kernel->agent)
	  for (i = 0; i < l->nrev; i++)
	    if (l->rev[i].host == h)
	      {
		pthread_mutex_unlock (&exec_lock);
		return l->rev[i].dev;
	      }
  pthread_mutex_unlock (&exec_lock);
  return 0;
}

static hsa_status_t
load (struct emul_executable *e, struct emul_agent *agent,
      struct emul_code_object *co)
{
  struct emul_loaded *l;
  const int32_t *icv = NULL;
  unsigned char *base;
  struct emul_symbol *s;
  hsa_status_t status;
  size_t i, nkernels = 0, nvars = 0, nhost = 0;

  if (e->frozen)
    return HSA_STATUS_ERROR_FROZEN_EXECUTABLE;
  if (!agent->gpu)
    return HSA_STATUS_ERROR_INVALID_AGENT;
  if (co->mach != agent->mach)
    {
      emul_trace ("code object for %s (e_flags 0x%x) refused by agent %s",
		  emul_mach_name (co->mach), co->e_flags, agent->name);
      return HSA_STATUS_ERROR_INVALID_ISA;
    }
  if (emul_fault (EMUL_FAULT_LOAD))
    return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  l = calloc (1, sizeof *l);
  if (l == NULL)
    return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  status = emul_mem_allocate (agent->regions[0], co->load_size,
			      (void **) &base, "hsa_executable_load_code_object");
  if (status != HSA_STATUS_SUCCESS)
    {
      free (l);
      return status;
    }
  if (!emul_code_object_load (co, base))
    {
      emul_mem_free (base, "hsa_executable_load_code_object");
      free (l);
      return HSA_STATUS_ERROR_INVALID_CODE_OBJECT;
    }
  l->agent = agent;
  l->base = base;
  l->next = e->loaded;
  e->loaded = l;

  emul_host_refresh ();
  for (i = 0; i < co->nsyms; i++)
    if (co->syms[i].shndx != SHN_UNDEF
	&& (strcmp (co->syms[i].name, "__gomp_additional_icvs") == 0
	    || (icv == NULL
		&& strcmp (co->syms[i].name, "__gomp_device_num") == 0)))
      icv = (const int32_t *) (base + co->syms[i].value);

  for (i = 0; i < co->nsyms; i++)
    {
      const struct emul_elf_symbol *es = &co->syms[i];
      size_t len = strlen (es->name);

      if (es->shndx == SHN_UNDEF || es->shndx >= SHN_LORESERVE
	  || es->type != STT_OBJECT || es->bind == STB_LOCAL || len == 0
	  || lookup (e, es->name, agent) != NULL)
	continue;
      if (len > 3 && strcmp (es->name + len - 3, ".kd") == 0)
	{
	  const struct emul_kernel_meta *m = emul_code_object_kernel (co,
								      es->name);
	  uint32_t kd[3];

	  s = new_symbol (e, es->name, HSA_SYMBOL_KIND_KERNEL, agent);
	  if (s == NULL)
	    return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	  s->address = (uint64_t) (uintptr_t) (base + es->value);
	  /* The descriptor: group, private and kernarg sizes first.  */
	  memcpy (kd, base + es->value, sizeof kd);
	  s->group_size = m ? m->group_size : kd[0];
	  s->private_size = m ? m->private_size : kd[1];
	  s->kernarg_size = m ? m->kernarg_size : kd[2] ? kd[2] : 8;
	  s->kernarg_align = m && m->kernarg_align ? m->kernarg_align : 8;
	  s->host_name = strndup (es->name, len - 3);
	  if (s->host_name == NULL)
	    return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	  s->host_fn = (void (*) (void *)) emul_host_function (s->host_name);
	  s->device_num_var = icv;
	  nkernels++;
	  emul_trace ("kernel %s: kernarg %u, group %u, private %u, host "
		      "function %s", s->name, s->kernarg_size, s->group_size,
		      s->private_size, s->host_fn ? "found" : "missing");
	}
      else
	{
	  void *host = emul_host_variable (es->name, es->size);

	  s = new_symbol (e, es->name, HSA_SYMBOL_KIND_VARIABLE, agent);
	  if (s == NULL)
	    return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	  s->address = host ? (uint64_t) (uintptr_t) host
			    : (uint64_t) (uintptr_t) (base + es->value);
	  s->size = (uint32_t) es->size;
	  s->host = host != NULL;
	  nvars++;
	  nhost += host != NULL;
	}
    }
  patch_table (co, base, ".offload_var_table", 16, STT_OBJECT);
  patch_table (co, base, ".offload_ind_func_table", 8, STT_FUNC);
  if (!rev_table (co, l))
    return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  emul_trace ("loaded %s code object for agent %s at %p: %zu kernels, %zu "
	      "variables (%zu the program's own), device-number ICV %s",
	      emul_mach_name (co->mach), agent->name, (void *) base, nkernels,
	      nvars, nhost, icv ? "present" : "absent");
  return HSA_STATUS_SUCCESS;
}

hsa_status_t
hsa_executable_load_code_object (hsa_executable_t executable,
				 hsa_agent_t agent,
				 hsa_code_object_t code_object,
				 const char *options)
{
  struct emul_executable *e;
  struct emul_agent *a;
  struct emul_code_object *co;

  EMUL_ENTER (hsa_executable_load_code_object);
  EMUL_CHECK_INIT ();
  (void) options;
  e = exec_get (executable);
  if (e == NULL)
    return HSA_STATUS_ERROR_INVALID_EXECUTABLE;
  a = emul_agent_get (agent);
  if (a == NULL)
    return HSA_STATUS_ERROR_INVALID_AGENT;
  co = emul_code_object_get (code_object.handle, false);
  if (co == NULL)
    return HSA_STATUS_ERROR_INVALID_CODE_OBJECT;
  return load (e, a, co);
}

hsa_status_t
hsa_executable_load_agent_code_object (hsa_executable_t executable,
				       hsa_agent_t agent,
				       hsa_code_object_reader_t reader,
				       const char *options,
				       hsa_loaded_code_object_t
				       *loaded_code_object)
{
  struct emul_executable *e;
  struct emul_agent *a;
  struct emul_code_object *co;
  hsa_status_t status;

  EMUL_ENTER (hsa_executable_load_agent_code_object);
  EMUL_CHECK_INIT ();
  (void) options;
  e = exec_get (executable);
  if (e == NULL)
    return HSA_STATUS_ERROR_INVALID_EXECUTABLE;
  a = emul_agent_get (agent);
  if (a == NULL)
    return HSA_STATUS_ERROR_INVALID_AGENT;
  co = emul_code_object_get (reader.handle, true);
  if (co == NULL)
    return HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER;
  status = load (e, a, co);
  if (status == HSA_STATUS_SUCCESS && loaded_code_object != NULL)
    loaded_code_object->handle = (uint64_t) (uintptr_t) e->loaded;
  return status;
}

hsa_status_t
hsa_executable_freeze (hsa_executable_t executable, const char *options)
{
  struct emul_executable *e;

  EMUL_ENTER (hsa_executable_freeze);
  EMUL_CHECK_INIT ();
  (void) options;
  e = exec_get (executable);
  if (e == NULL)
    return HSA_STATUS_ERROR_INVALID_EXECUTABLE;
  if (e->frozen)
    return HSA_STATUS_ERROR_FROZEN_EXECUTABLE;
  e->frozen = true;
  return HSA_STATUS_SUCCESS;
}

hsa_status_t
hsa_executable_global_variable_define (hsa_executable_t executable,
				       const char *variable_name,
				       void *address)
{
  struct emul_executable *e;
  struct emul_symbol *s;

  EMUL_ENTER (hsa_executable_global_variable_define);
  EMUL_CHECK_INIT ();
  e = exec_get (executable);
  if (e == NULL)
    return HSA_STATUS_ERROR_INVALID_EXECUTABLE;
  if (variable_name == NULL)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  if (e->frozen)
    return HSA_STATUS_ERROR_FROZEN_EXECUTABLE;
  if (lookup (e, variable_name, NULL) != NULL)
    return HSA_STATUS_ERROR_VARIABLE_ALREADY_DEFINED;
  s = new_symbol (e, variable_name, HSA_SYMBOL_KIND_VARIABLE, NULL);
  if (s == NULL)
    return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  s->address = (uint64_t) (uintptr_t) address;
  s->host = true;
  return HSA_STATUS_SUCCESS;
}

static hsa_status_t
get_symbol (hsa_executable_t executable, const char *name,
	    const hsa_agent_t *agent, hsa_executable_symbol_t *symbol)
{
  struct emul_executable *e;
  struct emul_agent *a = NULL;
  struct emul_symbol *s;

  EMUL_CHECK_INIT ();
  e = exec_get (executable);
  if (e == NULL)
    return HSA_STATUS_ERROR_INVALID_EXECUTABLE;
  if (name == NULL || symbol == NULL)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  if (agent != NULL && (a = emul_agent_get (*agent)) == NULL)
    return HSA_STATUS_ERROR_INVALID_AGENT;
  s = lookup (e, name, a);
  if (s == NULL)
    return HSA_STATUS_ERROR_INVALID_SYMBOL_NAME;
  symbol->handle = (uint64_t) (uintptr_t) s;
  return HSA_STATUS_SUCCESS;
}

hsa_status_t
hsa_executable_get_symbol (hsa_executable_t executable,
			   const char *module_name, const char *symbol_name,
			   hsa_agent_t agent, int32_t call_convention,
			   hsa_executable_symbol_t *symbol)
{
  EMUL_ENTER (hsa_executable_get_symbol);
  (void) module_name;
  (void) call_convention;
  return get_symbol (executable, symbol_name, &agent, symbol);
}

hsa_status_t
hsa_executable_get_symbol_by_name (hsa_executable_t executable,
				   const char *symbol_name,
				   const hsa_agent_t *agent,
				   hsa_executable_symbol_t *symbol)
{
  EMUL_ENTER (hsa_executable_get_symbol_by_name);
  return get_symbol (executable, symbol_name, agent, symbol);
}

hsa_status_t
hsa_executable_symbol_get_info (hsa_executable_symbol_t executable_symbol,
				hsa_executable_symbol_info_t attribute,
				void *value)
{
  struct emul_symbol *s;
  bool kernel;

  EMUL_ENTER (hsa_executable_symbol_get_info);
  EMUL_CHECK_INIT ();
  s = symbol_get (executable_symbol);
  if (s == NULL)
    return HSA_STATUS_ERROR_INVALID_EXECUTABLE_SYMBOL;
  if (value == NULL)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  kernel = s->kind == HSA_SYMBOL_KIND_KERNEL;
  switch ((int) attribute)
    {
    case HSA_EXECUTABLE_SYMBOL_INFO_TYPE:
      *(hsa_symbol_kind_t *) value = s->kind;
      break;
    case HSA_EXECUTABLE_SYMBOL_INFO_NAME_LENGTH:
      *(uint32_t *) value = (uint32_t) strlen (s->name);
      break;
    case HSA_EXECUTABLE_SYMBOL_INFO_NAME:
      /* Not terminated, as the specification says.  */
      memcpy (value, s->name, strlen (s->name));
      break;
    case HSA_EXECUTABLE_SYMBOL_INFO_MODULE_NAME_LENGTH:
      *(uint32_t *) value = 0;
      break;
    case HSA_EXECUTABLE_SYMBOL_INFO_MODULE_NAME:
      break;
    case HSA_EXECUTABLE_SYMBOL_INFO_LINKAGE:
      *(hsa_symbol_linkage_t *) value = HSA_SYMBOL_LINKAGE_PROGRAM;
      break;
    case HSA_EXECUTABLE_SYMBOL_INFO_AGENT:
      if (s->agent == NULL)
	return HSA_STATUS_ERROR_INVALID_ARGUMENT;
      *(hsa_agent_t *) value = emul_agent_handle (s->agent);
      break;
    case HSA_EXECUTABLE_SYMBOL_INFO_IS_DEFINITION:
      *(bool *) value = true;
      break;
    case HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ADDRESS:
      if (kernel)
	return HSA_STATUS_ERROR_INVALID_ARGUMENT;
      *(uint64_t *) value = s->address;
      break;
    case HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ALLOCATION:
      if (kernel)
	return HSA_STATUS_ERROR_INVALID_ARGUMENT;
      *(hsa_variable_allocation_t *) value
	= s->agent ? HSA_VARIABLE_ALLOCATION_AGENT
		   : HSA_VARIABLE_ALLOCATION_PROGRAM;
      break;
    case HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_SEGMENT:
      if (kernel)
	return HSA_STATUS_ERROR_INVALID_ARGUMENT;
      *(hsa_variable_segment_t *) value = HSA_VARIABLE_SEGMENT_GLOBAL;
      break;
    case HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ALIGNMENT:
      if (kernel)
	return HSA_STATUS_ERROR_INVALID_ARGUMENT;
      *(uint32_t *) value = 8;
      break;
    case HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_SIZE:
      if (kernel)
	return HSA_STATUS_ERROR_INVALID_ARGUMENT;
      *(uint32_t *) value = s->size;
      break;
    case HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_IS_CONST:
      if (kernel)
	return HSA_STATUS_ERROR_INVALID_ARGUMENT;
      *(bool *) value = false;
      break;
    case HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT:
      if (!kernel)
	return HSA_STATUS_ERROR_INVALID_ARGUMENT;
      *(uint64_t *) value = s->address;
      break;
    case HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_SIZE:
      if (!kernel)
	return HSA_STATUS_ERROR_INVALID_ARGUMENT;
      *(uint32_t *) value = s->kernarg_size;
      break;
    case HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_ALIGNMENT:
      if (!kernel)
	return HSA_STATUS_ERROR_INVALID_ARGUMENT;
      *(uint32_t *) value = s->kernarg_align;
      break;
    case HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_GROUP_SEGMENT_SIZE:
      if (!kernel)
	return HSA_STATUS_ERROR_INVALID_ARGUMENT;
      *(uint32_t *) value = s->group_size;
      break;
    case HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_PRIVATE_SEGMENT_SIZE:
      if (!kernel)
	return HSA_STATUS_ERROR_INVALID_ARGUMENT;
      *(uint32_t *) value = s->private_size;
      break;
    case HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_DYNAMIC_CALLSTACK:
      if (!kernel)
	return HSA_STATUS_ERROR_INVALID_ARGUMENT;
      *(bool *) value = false;
      break;
    default:
      return HSA_STATUS_ERROR_INVALID_ARGUMENT;
    }
  return HSA_STATUS_SUCCESS;
}

hsa_status_t
hsa_executable_iterate_symbols (hsa_executable_t executable,
				hsa_status_t (*callback)
				  (hsa_executable_t exec,
				   hsa_executable_symbol_t symbol,
				   void *data),
				void *data)
{
  struct emul_executable *e;
  struct emul_symbol *s;

  EMUL_ENTER (hsa_executable_iterate_symbols);
  EMUL_CHECK_INIT ();
  e = exec_get (executable);
  if (e == NULL)
    return HSA_STATUS_ERROR_INVALID_EXECUTABLE;
  if (callback == NULL)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  for (s = e->symbols; s != NULL; s = s->next)
    {
      hsa_executable_symbol_t h = { (uint64_t) (uintptr_t) s };
      hsa_status_t st = callback (executable, h, data);
      if (st != HSA_STATUS_SUCCESS)
	return st;
    }
  return HSA_STATUS_SUCCESS;
}

struct emul_symbol *
emul_kernel_find (uint64_t handle, const struct emul_agent *agent,
		  hsa_status_t *status)
{
  struct emul_executable *e;
  struct emul_symbol *s;

  *status = HSA_STATUS_ERROR_INVALID_ARGUMENT;
  pthread_mutex_lock (&exec_lock);
  for (e = live_executables; e != NULL; e = e->next_live)
    for (s = e->symbols; s != NULL; s = s->next)
      if (s->kind == HSA_SYMBOL_KIND_KERNEL && s->address == handle)
	{
	  if (!e->frozen)
	    *status = HSA_STATUS_ERROR_INVALID_EXECUTABLE;
	  else if (s->agent != agent)
	    *status = HSA_STATUS_ERROR_INVALID_AGENT;
	  else
	    {
	      __atomic_add_fetch (&e->busy, 1, __ATOMIC_ACQ_REL);
	      pthread_mutex_unlock (&exec_lock);
	      return s;
	    }
	}
  pthread_mutex_unlock (&exec_lock);
  return NULL;
}

void
emul_kernel_release (struct emul_symbol *k)
{
  __atomic_sub_fetch (&k->exec->busy, 1, __ATOMIC_ACQ_REL);
}
