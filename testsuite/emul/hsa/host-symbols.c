/* host-symbols.c -- the program's own functions and variables, which the
   emulated HSA runtime uses in place of a code object's kernels and
   declare-target variables (plan contract 4): the symbol tables (.symtab,
   else .dynsym) of the executable and of every loaded shared object, and
   their .gnu.offload_funcs / .gnu.offload_vars tables (GCC's host tables:
   the outlined target functions and the declare-target variables).

   dl_iterate_phdr only collects names and load addresses; the files are
   read afterwards, outside its callback (I/O inside the callback
   deadlocks under ThreadSanitizer).

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
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

struct host_object
{
  char *path;
  uintptr_t base;
  void *map;
  size_t map_size;
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

struct collected
{
  char **paths;
  uintptr_t *bases;
  size_t n, cap;
};

static int
collect (struct dl_phdr_info *info, size_t size, void *data)
{
  struct collected *c = data;
  const char *name = info->dlpi_name;

  (void) size;
  if (name == NULL || name[0] == '\0')
    name = "/proc/self/exe";
  if (strstr (name, "linux-vdso") != NULL || strstr (name, "linux-gate"))
    return 0;
  if (c->n == c->cap)
    {
      size_t cap = c->cap ? 2 * c->cap : 16;
      char **p = realloc (c->paths, cap * sizeof *p);
      uintptr_t *b;
      if (p == NULL)
	return 1;
      c->paths = p;
      b = realloc (c->bases, cap * sizeof *b);
      if (b == NULL)
	return 1;
      c->bases = b;
      c->cap = cap;
    }
  c->paths[c->n] = strdup (name);
  if (c->paths[c->n] == NULL)
    return 1;
  c->bases[c->n++] = info->dlpi_addr;
  return 0;
}

/* Read the symbol table and host tables of O's file.  */
static bool
open_object (struct host_object *o)
{
  int fd = open (o->path, O_RDONLY | O_CLOEXEC);
  struct stat st;
  const Elf64_Ehdr *eh;
  const Elf64_Shdr *sh, *symsec = NULL;
  const char *shstr;
  unsigned i;

  if (fd < 0)
    return false;
  if (fstat (fd, &st) != 0 || (size_t) st.st_size < sizeof *eh)
    {
      close (fd);
      return false;
    }
  o->map_size = (size_t) st.st_size;
  o->map = mmap (NULL, o->map_size, PROT_READ, MAP_PRIVATE, fd, 0);
  close (fd);
  if (o->map == MAP_FAILED)
    {
      o->map = NULL;
      return false;
    }
  eh = o->map;
  if (memcmp (eh->e_ident, ELFMAG, SELFMAG) != 0
      || eh->e_ident[EI_CLASS] != ELFCLASS64
      || eh->e_shentsize != sizeof *sh || eh->e_shoff == 0
      || eh->e_shoff > o->map_size
      || (uint64_t) eh->e_shnum * sizeof *sh > o->map_size - eh->e_shoff
      || eh->e_shstrndx >= eh->e_shnum)
    return false;
  sh = (const Elf64_Shdr *) ((const char *) o->map + eh->e_shoff);
  if (sh[eh->e_shstrndx].sh_offset > o->map_size
      || sh[eh->e_shstrndx].sh_size > o->map_size
				      - sh[eh->e_shstrndx].sh_offset)
    return false;
  shstr = (const char *) o->map + sh[eh->e_shstrndx].sh_offset;

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
  if (symsec != NULL && symsec->sh_entsize == sizeof (Elf64_Sym)
      && symsec->sh_link < eh->e_shnum
      && symsec->sh_offset <= o->map_size
      && symsec->sh_size <= o->map_size - symsec->sh_offset
      && sh[symsec->sh_link].sh_offset <= o->map_size
      && sh[symsec->sh_link].sh_size <= o->map_size
					 - sh[symsec->sh_link].sh_offset)
    {
      o->syms = (const Elf64_Sym *) ((const char *) o->map
				     + symsec->sh_offset);
      o->nsyms = symsec->sh_size / sizeof (Elf64_Sym);
      o->str = (const char *) o->map + sh[symsec->sh_link].sh_offset;
      o->strsz = sh[symsec->sh_link].sh_size;
    }
  return true;
}

static void
drop_objects (void)
{
  size_t i;

  for (i = 0; i < nobjects; i++)
    {
      if (objects[i].map != NULL)
	munmap (objects[i].map, objects[i].map_size);
      free (objects[i].path);
    }
  free (objects);
  objects = NULL;
  nobjects = 0;
}

void
emul_host_refresh (void)
{
  struct collected c = { NULL, NULL, 0, 0 };
  Dl_info self;
  size_t i;

  dl_iterate_phdr (collect, &c);
  /* This library has nothing to offer.  */
  if (dladdr ((void *) emul_host_refresh, &self) == 0)
    self.dli_fname = NULL;

  pthread_mutex_lock (&host_lock);
  drop_objects ();
  objects = calloc (c.n + 1, sizeof *objects);
  for (i = 0; i < c.n; i++)
    {
      struct host_object *o;
      if (objects == NULL || (self.dli_fname != NULL
			      && strcmp (c.paths[i], self.dli_fname) == 0))
	{
	  free (c.paths[i]);
	  continue;
	}
      o = &objects[nobjects];
      o->path = c.paths[i];
      o->base = c.bases[i];
      if (open_object (o))
	nobjects++;
      else
	{
	  if (o->map != NULL)
	    munmap (o->map, o->map_size);
	  free (o->path);
	  memset (o, 0, sizeof *o);
	}
    }
  pthread_mutex_unlock (&host_lock);
  free (c.paths);
  free (c.bases);
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
