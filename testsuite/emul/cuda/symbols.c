/* symbols.c -- the program's own symbols, for the emulated CUDA driver:
   kernels run as the host version of the same function and device
   variables resolve to the program's variables of the same name.  The
   symbol tables (.symtab, else .dynsym) of the executable and of every
   loaded shared object are read from their files (emul/common's
   host-objects.c), and the index is rebuilt when objects were loaded
   since.

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

#include <dlfcn.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>

struct hsym
{
  char *name;
  uintptr_t addr;
  size_t size;
  enum emul_sym_kind kind;
  bool system;			/* From a runtime library.  */
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct hsym *table;	/* Open hash map by name.  */
static size_t cap, count;
static unsigned long long seen_adds = ~0ULL, seen_subs;

/* The file of a loaded object of dl_iterate_phdr name NAME; NULL for
   the vDSO and the like, which have none.  */
static const char *
object_path (const char *name)
{
  if (name[0] == '\0')
    return emul_program_file ();
  return name[0] == '/' ? name : NULL;
}

static size_t
hash_name (const char *s)
{
  size_t h = 5381;
  while (*s)
    h = h * 33 + (unsigned char) *s++;
  return h;
}

/* Add NAME unless present (the first object in load order wins).  */
static void
add (const char *name, uintptr_t addr, size_t size, enum emul_sym_kind kind,
     bool system)
{
  if (2 * (count + 1) > cap)
    {
      size_t ncap = cap ? 2 * cap : 4096;
      struct hsym *grown = calloc (ncap, sizeof *grown);
      if (grown == NULL)
	return;
      for (size_t i = 0; i < cap; i++)
	if (table[i].name)
	  {
	    size_t j = hash_name (table[i].name) & (ncap - 1);
	    while (grown[j].name)
	      j = (j + 1) & (ncap - 1);
	    grown[j] = table[i];
	  }
      free (table);
      table = grown;
      cap = ncap;
    }
  size_t j = hash_name (name) & (cap - 1);
  while (table[j].name)
    {
      if (strcmp (table[j].name, name) == 0)
	return;
      j = (j + 1) & (cap - 1);
    }
  table[j].name = strdup (name);
  if (table[j].name == NULL)
    return;
  table[j].addr = addr;
  table[j].size = size;
  table[j].kind = kind;
  table[j].system = system;
  count++;
}

bool
emul_runtime_object (const char *path)
{
  const char *base = strrchr (path, '/');
  base = base ? base + 1 : path;
  static const char *const prefixes[] = {
    "libc.so", "libm.so", "ld-linux", "libgomp.so", "libgomptarget",
    "libcuda.so", "libpthread.so", "libdl.so", "libgcc_s.so",
    "libstdc++.so", "libltdl.so", "libhsa-runtime", "libasan.so",
    "libubsan.so", "libtsan.so"
  };
  for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++)
    if (strncmp (base, prefixes[i], strlen (prefixes[i])) == 0)
      return true;
  return false;
}

/* Read the symbols of the ELF file at PATH loaded at BASE.  */
static void
read_object (const char *path, uintptr_t base)
{
  int fd = emul_open_program (path);
  struct emul_elf elf;
  if (fd < 0 || !emul_elf_map (fd, &elf))
    return;
  bool system = emul_runtime_object (path);
  /* .symtab holds the local symbols (the outlined main._omp_fn.0) too;
     .dynsym is what is left in a stripped object.  */
  for (int want = SHT_SYMTAB; want; want = want == SHT_SYMTAB ? SHT_DYNSYM : 0)
    for (unsigned i = 0; i < elf.eh->e_shnum; i++)
      {
	const Elf64_Sym *syms;
	const char *names;
	size_t n, strsz;
	if (elf.sh[i].sh_type != (Elf64_Word) want
	    || !emul_elf_symbols (&elf, &elf.sh[i], &syms, &n, &names, &strsz))
	  continue;
	for (size_t k = 0; k < n; k++)
	  {
	    unsigned type = ELF64_ST_TYPE (syms[k].st_info);
	    if (syms[k].st_shndx == SHN_UNDEF || syms[k].st_name == 0
		|| syms[k].st_name >= strsz
		|| (type != STT_FUNC && type != STT_OBJECT))
	      continue;
	    const char *name = names + syms[k].st_name;
	    if (memchr (name, '\0', strsz - syms[k].st_name) == NULL)
	      continue;
	    add (name, base + syms[k].st_value, syms[k].st_size,
		 type == STT_FUNC ? EMUL_SYM_FUNC : EMUL_SYM_OBJECT, system);
	  }
      }
  emul_elf_unmap (&elf);
}

/* Rebuild the index when objects were loaded or unloaded.  */
static void
refresh (void)
{
  struct emul_loaded_object *objs;
  unsigned long long adds, subs;
  size_t n = emul_loaded_objects (object_path, &objs, &adds, &subs);
  if (adds != seen_adds || subs != seen_subs)
    {
      for (size_t i = 0; i < cap; i++)
	free (table[i].name);
      free (table);
      table = NULL;
      cap = count = 0;
      for (size_t i = 0; i < n; i++)
	read_object (objs[i].path, objs[i].base);
      seen_adds = adds;
      seen_subs = subs;
      emul_debug ("indexed %zu symbols of %zu loaded objects", count, n);
    }
  emul_loaded_free (objs, n);
}

static const struct hsym *
find (const char *name)
{
  if (cap == 0)
    return NULL;
  for (size_t j = hash_name (name) & (cap - 1); table[j].name;
       j = (j + 1) & (cap - 1))
    if (strcmp (table[j].name, name) == 0)
      return &table[j];
  return NULL;
}

bool
emul_host_symbol (const char *name, enum emul_sym_kind kind, uintptr_t *addr,
		  size_t *size)
{
  pthread_mutex_lock (&lock);
  /* Objects loaded or unloaded since the index was built make it stale:
     a library dlclosed and opened again may sit at another address, and
     its old entries would still be found.  refresh compares the dynamic
     loader's load and unload counts and rebuilds only when they moved.  */
  refresh ();
  const struct hsym *s = find (name);
  bool ok = s != NULL && s->kind == kind
	    && !(kind == EMUL_SYM_OBJECT && s->system);
  if (ok)
    {
      *addr = s->addr;
      *size = s->size;
    }
  pthread_mutex_unlock (&lock);
  return ok;
}

bool
emul_device_code (const void *addr)
{
  Dl_info info;
  if (dladdr (addr, &info) == 0 || info.dli_fname == NULL)
    return true;
  /* A sanitizer's interceptor stands between the caller and us: the
     caller is unknown, take it for device code.  */
  const char *base = strrchr (info.dli_fname, '/');
  base = base ? base + 1 : info.dli_fname;
  if (strncmp (base, "libasan", 7) == 0 || strncmp (base, "libtsan", 7) == 0
      || strncmp (base, "libubsan", 8) == 0
      || strncmp (base, "liblsan", 7) == 0)
    return true;
  return !emul_runtime_object (info.dli_fname);
}

char *
emul_host_name (const char *ptx_name)
{
  char *s = strdup (ptx_name);
  if (s)
    for (char *p = s; *p; p++)
      if (*p == '$')
	*p = '.';
  return s;
}
