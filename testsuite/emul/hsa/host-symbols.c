/* host-symbols.c -- the program's own functions and variables, which the
   emulated HSA runtime uses in place of a code object's kernels and
   declare-target variables (plan contract 4): the symbol tables (.symtab,
   else .dynsym) of the executable and of every loaded shared object, and
   their .gnu.offload_funcs / .gnu.offload_vars tables (GCC's host tables:
   the outlined target functions and the declare-target variables).

   The loaded objects and their files come from emul/common's
   host-objects.c.

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

#include <dlfcn.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>

struct host_object
{
  char *path;
  uintptr_t base;
  struct emul_elf elf;
  const Elf64_Sym *syms;
  size_t nsyms;
  const char *str;
  size_t strsz;
  /* The host tables, as loaded (runtime addresses).  */
  const uintptr_t *funcs;
  size_t nfuncs;
  const uintptr_t *vars;	/* {address, size} pairs.  */
  size_t nvars;
};

static pthread_mutex_t host_lock = PTHREAD_MUTEX_INITIALIZER;
static struct host_object *objects;
static size_t nobjects;

/* The file of a loaded object of dl_iterate_phdr name NAME; NULL for the
   vDSO.  */
static const char *
object_path (const char *name)
{
  if (name[0] == '\0')
    return emul_program_file ();
  if (strstr (name, "linux-vdso") != NULL || strstr (name, "linux-gate"))
    return NULL;
  return name;
}

/* Read the symbol table and host tables of O's file.  */
static bool
open_object (struct host_object *o)
{
  int fd = emul_open_program (o->path);
  const Elf64_Ehdr *eh;
  const Elf64_Shdr *sh, *symsec = NULL;
  const char *shstr;
  unsigned i;

  if (fd < 0 || !emul_elf_map (fd, &o->elf))
    return false;
  eh = o->elf.eh;
  sh = o->elf.sh;
  if (eh->e_shstrndx >= eh->e_shnum
      || sh[eh->e_shstrndx].sh_offset > o->elf.size
      || sh[eh->e_shstrndx].sh_size > o->elf.size
				      - sh[eh->e_shstrndx].sh_offset)
    return false;
  shstr = (const char *) o->elf.map + sh[eh->e_shstrndx].sh_offset;

  for (i = 0; i < eh->e_shnum; i++)
    {
      const char *name;
      if (sh[i].sh_name >= sh[eh->e_shstrndx].sh_size)
	continue;
      name = shstr + sh[i].sh_name;
      if (sh[i].sh_type == SHT_SYMTAB
	  || (sh[i].sh_type == SHT_DYNSYM && symsec == NULL))
	symsec = &sh[i];
      /* The tables are read where the program has them, relocated.  */
      else if (strcmp (name, ".gnu.offload_funcs") == 0
	       && sh[i].sh_type != SHT_NOBITS)
	{
	  o->funcs = (const uintptr_t *) (o->base + sh[i].sh_addr);
	  o->nfuncs = sh[i].sh_size / sizeof (uintptr_t);
	}
      else if (strcmp (name, ".gnu.offload_vars") == 0
	       && sh[i].sh_type != SHT_NOBITS)
	{
	  o->vars = (const uintptr_t *) (o->base + sh[i].sh_addr);
	  o->nvars = sh[i].sh_size / (2 * sizeof (uintptr_t));
	}
    }
  /* A symbol table outside the file leaves O without symbols.  */
  if (symsec != NULL)
    emul_elf_symbols (&o->elf, symsec, &o->syms, &o->nsyms, &o->str,
		      &o->strsz);
  return true;
}

static void
drop_objects (void)
{
  size_t i;

  for (i = 0; i < nobjects; i++)
    {
      emul_elf_unmap (&objects[i].elf);
      free (objects[i].path);
    }
  free (objects);
  objects = NULL;
  nobjects = 0;
}

void
emul_host_refresh (void)
{
  struct emul_loaded_object *loaded;
  size_t n = emul_loaded_objects (object_path, &loaded, NULL, NULL);
  Dl_info self;
  size_t i;

  /* This library has nothing to offer.  */
  if (dladdr ((void *) emul_host_refresh, &self) == 0)
    self.dli_fname = NULL;

  pthread_mutex_lock (&host_lock);
  drop_objects ();
  objects = calloc (n + 1, sizeof *objects);
  for (i = 0; i < n; i++)
    {
      struct host_object *o;
      if (objects == NULL || (self.dli_fname != NULL
			      && strcmp (loaded[i].path, self.dli_fname) == 0))
	{
	  free (loaded[i].path);
	  continue;
	}
      o = &objects[nobjects];
      o->path = loaded[i].path;
      o->base = loaded[i].base;
      if (open_object (o))
	nobjects++;
      else
	{
	  emul_elf_unmap (&o->elf);
	  free (o->path);
	  memset (o, 0, sizeof *o);
	}
    }
  pthread_mutex_unlock (&host_lock);
  free (loaded);
}

static bool
listed_function (uintptr_t addr)
{
  size_t i, j;

  for (i = 0; i < nobjects; i++)
    for (j = 0; j < objects[i].nfuncs; j++)
      if (objects[i].funcs[j] == addr)
	return true;
  return false;
}

static bool
listed_variable (uintptr_t addr, uint64_t size)
{
  size_t i, j;

  for (i = 0; i < nobjects; i++)
    for (j = 0; j < objects[i].nvars; j++)
      if (objects[i].vars[2 * j] == addr
	  && (objects[i].vars[2 * j + 1] & (UINTPTR_MAX >> 1)) == size)
	return true;
  return false;
}

/* The best symbol NAME of TYPE: listed in a host table first.  */
static void *
find (const char *name, unsigned type, uint64_t size)
{
  void *first = NULL;
  size_t i, j;

  pthread_mutex_lock (&host_lock);
  for (i = 0; i < nobjects; i++)
    {
      const struct host_object *o = &objects[i];
      for (j = 0; j < o->nsyms; j++)
	{
	  const Elf64_Sym *s = &o->syms[j];
	  uintptr_t addr;
	  if (ELF64_ST_TYPE (s->st_info) != type || s->st_shndx == SHN_UNDEF
	      || s->st_name >= o->strsz
	      || strcmp (o->str + s->st_name, name) != 0)
	    continue;
	  addr = (s->st_shndx == SHN_ABS ? 0 : o->base) + s->st_value;
	  if (type == STT_FUNC ? listed_function (addr)
			       : listed_variable (addr, size))
	    {
	      pthread_mutex_unlock (&host_lock);
	      return (void *) addr;
	    }
	  if (first == NULL && type == STT_FUNC)
	    first = (void *) addr;
	}
    }
  pthread_mutex_unlock (&host_lock);
  return first;
}

void *
emul_host_function (const char *name)
{
  return find (name, STT_FUNC, 0);
}

void *
emul_host_variable (const char *name, uint64_t size)
{
  return find (name, STT_OBJECT, size);
}
