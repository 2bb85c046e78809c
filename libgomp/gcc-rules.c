/* gcc-rules.c -- which GCC built the code of a construct, for the few
   rules where libgomp 12 and libgomp 14 differ and their testsuites check
   each its own (see gcc-rules.h).  The answer is kept per loaded object;
   finding it reads the object's symbol table from its file once, so it is
   asked only on the paths where the rules differ.

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

#include "gcc-rules.h"
#include "registry.h"

#include <dlfcn.h>
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* The symbol that tells GCC 14's objects (libgcc's offloadstuff.c).  */
#define GCC14_SYMBOL "__offload_ind_func_table"

/* Objects already looked at: their load base and the answer.  */
#define MAX_OBJECTS 64
static struct
{
  uintptr_t base;
  bool gcc14;
} objects[MAX_OBJECTS];
static int nobjects;
static gt_mutex_t objects_lock = GT_MUTEX_INITIALIZER;
GT_FORK_LOCK (objects_lock);

/* Does the ELF image MAP (FSIZE bytes) define symbol NAME in its symbol
   tables of TYPE (SHT_SYMTAB or SHT_DYNSYM)?  -1 if it has none.  */
static int
search_symbols (const char *map, size_t fsize, unsigned type,
		const char *name)
{
  const ElfW (Ehdr) *eh = (const void *) map;
  const ElfW (Shdr) *sh = (const void *) (map + eh->e_shoff);
  size_t i, k, n, len = strlen (name);
  int found = -1;

  for (i = 0; i < eh->e_shnum; i++)
    {
      const ElfW (Shdr) *strs;
      const ElfW (Sym) *syms;
      const char *str;

      if (sh[i].sh_type != type || sh[i].sh_link >= eh->e_shnum
	  || sh[i].sh_entsize != sizeof (ElfW (Sym))
	  || sh[i].sh_offset + sh[i].sh_size > fsize)
	continue;
      strs = &sh[sh[i].sh_link];
      if (strs->sh_offset + strs->sh_size > fsize)
	continue;
      syms = (const void *) (map + sh[i].sh_offset);
      str = map + strs->sh_offset;
      n = sh[i].sh_size / sizeof (ElfW (Sym));
      found = 0;
      for (k = 0; k < n; k++)
	if (syms[k].st_name + len < strs->sh_size
	    && syms[k].st_shndx != SHN_UNDEF
	    && memcmp (str + syms[k].st_name, name, len + 1) == 0)
	  return 1;
    }
  return found;
}

/* Does the ELF file PATH define symbol NAME (in .symtab, else .dynsym)?
   -1 when the file cannot be read or has neither table.  */
static int
file_has_symbol (const char *path, const char *name)
{
  int fd = open (path, O_RDONLY | O_CLOEXEC), found = -1;
  struct stat st;
  void *map;
  size_t fsize;

  if (fd < 0)
    return -1;
  if (fstat (fd, &st) != 0 || (size_t) st.st_size < sizeof (ElfW (Ehdr)))
    {
      close (fd);
      return -1;
    }
  fsize = (size_t) st.st_size;
  map = mmap (NULL, fsize, PROT_READ, MAP_PRIVATE, fd, 0);
  close (fd);
  if (map == MAP_FAILED)
    return -1;

  const ElfW (Ehdr) *eh = map;
  if (memcmp (eh->e_ident, ELFMAG, SELFMAG) == 0 && eh->e_shoff != 0
      && eh->e_shentsize == sizeof (ElfW (Shdr))
      && eh->e_shoff + (size_t) eh->e_shnum * sizeof (ElfW (Shdr)) <= fsize)
    {
      found = search_symbols (map, fsize, SHT_SYMTAB, name);
      if (found < 0)
	found = search_symbols (map, fsize, SHT_DYNSYM, name);
    }
  munmap (map, fsize);
  return found;
}

/* The dl_iterate_phdr callback that notes the program's load base (the
   first object); no I/O in it.  */
static int
note_program (struct dl_phdr_info *info, size_t size, void *data)
{
  (void) size;
  *(uintptr_t *) data = info->dlpi_addr;
  return 1;
}

/* Was the object holding CODE (NULL: the program) built by GCC 14?  */
static bool
object_gcc14_p (const void *code)
{
  uintptr_t program = 0, base;
  const char *path;
  Dl_info info;
  int i, has;
  bool gcc14;

  dl_iterate_phdr (note_program, &program);
  if (code == NULL || dladdr (code, &info) == 0)
    {
      base = program;
      path = "/proc/self/exe";
    }
  else
    {
      base = (uintptr_t) info.dli_fbase;
      path = (base == program || info.dli_fname == NULL
	      || info.dli_fname[0] == '\0') ? "/proc/self/exe"
					    : info.dli_fname;
    }

  gt_lock (&objects_lock);
  for (i = 0; i < nobjects; i++)
    if (objects[i].base == base)
      {
	gcc14 = objects[i].gcc14;
	gt_unlock (&objects_lock);
	return gcc14;
      }
  gt_unlock (&objects_lock);

  has = file_has_symbol (path, GCC14_SYMBOL);
  gcc14 = has != 0;
  gt_debug ("%s: %s", path,
	    has < 0 ? "no symbol table; GCC 14's rules"
	    : has ? "built by GCC 14 or later; GCC 14's rules"
	    : "built by GCC 13 or older; GCC 12's rules");

  gt_lock (&objects_lock);
  if (nobjects < MAX_OBJECTS)
    {
      objects[nobjects].base = base;
      objects[nobjects].gcc14 = gcc14;
      nobjects++;
    }
  gt_unlock (&objects_lock);
  return gcc14;
}

bool
gt_gcc14_rules_p (const void *code)
{
  unsigned table_id, version;
  size_t pos;

  if (code != NULL && gt_func_lookup (code, &table_id, &pos)
      && gt_host_table_version (table_id, &version))
    return GT_GCC_VERSION_LIB (version) >= 3;
  return object_gcc14_p (code);
}
