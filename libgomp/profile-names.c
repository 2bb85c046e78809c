/* profile-names.c -- the names of the program's functions in the
   records of GOMPTARGET_PROFILE and GOMPTARGET_SUMMARY.  A target region
   is known by its host function (the one GCC outlined, e.g.
   main._omp_fn.0, which the image's host table lists); its name is in
   the dynamic symbol table (dladdr) when exported, else in the symbol
   table of the file that holds it, read here once per file.  C++ names
   are demangled with the C++ runtime's __cxa_demangle: the program's
   when it has one, else libstdc++.so.6's, loaded (only when recording,
   and only for a mangled name, which a C++ program has, built by g++,
   which comes with libstdc++: a C++ program that uses nothing of the
   C++ runtime is linked without it).  Each address is looked up once;
   its name is kept for the process's life.

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

#include "profile.h"
#include "gt-once.h"

#include <dlfcn.h>
#include <elf.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

struct fn_name
{
  const void *fn;
  char *name;
  struct fn_name *next;
};

#define NAME_BUCKETS 256

static struct fn_name *names[NAME_BUCKETS];
static gt_mutex_t names_lock = GT_MUTEX_INITIALIZER;
GT_FORK_LOCK (names_lock);

/* The name of the STT_FUNC symbol of the ELF file PATH, loaded at BASE,
   that holds the address ADDR; a new string, or NULL.  */
static char *
symtab_name (const char *path, uintptr_t base, uintptr_t addr)
{
  int fd = open (path, O_RDONLY | O_CLOEXEC);
  struct stat st;
  char *found = NULL;
  const unsigned char *map;

  if (fd < 0)
    return NULL;
  if (fstat (fd, &st) != 0 || (size_t) st.st_size < sizeof (Elf64_Ehdr))
    {
      close (fd);
      return NULL;
    }
  map = mmap (NULL, (size_t) st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
  close (fd);
  if (map == MAP_FAILED)
    return NULL;

  const Elf64_Ehdr *eh = (const Elf64_Ehdr *) map;
  size_t size = (size_t) st.st_size;
  if (memcmp (eh->e_ident, ELFMAG, SELFMAG) != 0
      || eh->e_ident[EI_CLASS] != ELFCLASS64
      || eh->e_shoff == 0 || eh->e_shentsize != sizeof (Elf64_Shdr)
      || eh->e_shoff + (uint64_t) eh->e_shnum * sizeof (Elf64_Shdr) > size)
    goto out;

  uintptr_t off = eh->e_type == ET_DYN ? addr - base : addr;
  const Elf64_Shdr *sh = (const Elf64_Shdr *) (map + eh->e_shoff);
  for (unsigned i = 0; i < eh->e_shnum && found == NULL; i++)
    {
      if (sh[i].sh_type != SHT_SYMTAB || sh[i].sh_link >= eh->e_shnum)
	continue;
      const Elf64_Shdr *str = &sh[sh[i].sh_link];
      if (sh[i].sh_offset + sh[i].sh_size > size
	  || str->sh_offset + str->sh_size > size)
	continue;
      const Elf64_Sym *sym = (const Elf64_Sym *) (map + sh[i].sh_offset);
      size_t n = sh[i].sh_size / sizeof (Elf64_Sym);
      for (size_t j = 0; j < n; j++)
	if (ELF64_ST_TYPE (sym[j].st_info) == STT_FUNC
	    && sym[j].st_value <= off
	    && (off < sym[j].st_value + sym[j].st_size
		|| (sym[j].st_size == 0 && off == sym[j].st_value))
	    && sym[j].st_name < str->sh_size)
	  {
	    const char *s = (const char *) map + str->sh_offset
			    + sym[j].st_name;
	    if (memchr (s, '\0', str->sh_size - sym[j].st_name) != NULL)
	      found = strdup (s);
	    break;
	  }
    }
 out:
  munmap ((void *) map, size);
  return found;
}

/* The C++ runtime's demangler, found once: NULL when there is none.  */
typedef char *demangle_fn (const char *, char *, size_t *, int *);
static demangle_fn *demangler;
static pthread_once_t demangler_once = PTHREAD_ONCE_INIT;
static bool demangler_known;

static void
find_demangler (void)
{
  void *lib;

  demangler = (demangle_fn *) dlsym (RTLD_DEFAULT, "__cxa_demangle");
  if (demangler == NULL
      && (lib = dlopen ("libstdc++.so.6", RTLD_LAZY | RTLD_LOCAL)) != NULL)
    /* Kept loaded: its names are used until the end.  */
    demangler = (demangle_fn *) dlsym (lib, "__cxa_demangle");
}

/* NAME demangled when it is a C++ name and the C++ runtime's demangler
   is there; NAME itself otherwise.  Takes NAME.  */
static char *
demangle (char *name)
{
  char *d;
  int status = -1;

  if (name == NULL || strncmp (name, "_Z", 2) != 0)
    return name;
  gt_once (&demangler_once, &demangler_known, find_demangler);
  if (demangler == NULL)
    return name;
  d = demangler (name, NULL, NULL, &status);
  if (status != 0 || d == NULL)
    return name;
  free (name);
  return d;
}

/* Make NAME safe inside a JSON string: no quote, backslash or control
   character (a demangled name has none but is not trusted).  */
void
gt_profile_json_safe (char *name)
{
  for (char *c = name; *c; c++)
    if (*c == '"' || *c == '\\' || (unsigned char) *c < ' ')
      *c = '?';
}

static char *
look_up (const void *fn)
{
  Dl_info info;
  char *name = NULL;

  if (dladdr (fn, &info) != 0)
    {
      if (info.dli_sname != NULL && info.dli_saddr == fn)
	name = strdup (info.dli_sname);
      else
	{
	  /* The main program is named by its argv[0] (or ""): read it
	     where the kernel says it is.  Other files are named by the
	     path they were loaded from.  */
	  const char *path = info.dli_fname;
	  if (path == NULL || path[0] != '/')
	    path = "/proc/self/exe";
	  name = symtab_name (path, (uintptr_t) info.dli_fbase,
			      (uintptr_t) fn);
	}
    }
  name = demangle (name);
  if (name == NULL)
    {
      name = malloc (2 + 2 * sizeof (void *) + 1);
      if (name != NULL)
	sprintf (name, "%p", fn);
    }
  else
    gt_profile_json_safe (name);
  return name;
}

void
gt_profile_names_after_fork (void)
{
  names_lock.word = 0;
}

/* Kernels' names as the records give them, by the address of the name
   in its image, with a copy of the name (an image may be unloaded and
   another loaded at its address): converted once per kernel rather than
   on every launch.  Under NAMES_LOCK; never freed.  */
struct kernel_name
{
  const char *key;
  char *raw, *name;
  struct kernel_name *next;
};

static struct kernel_name *kernel_names[NAME_BUCKETS];

/* The entry the calling thread found or made last: a thread's launches
   come back to the same kernels (a traced launch asks twice, for the
   queue's record and the device's), and entries stay.  */
static GT_TLS struct kernel_name *last_kernel;

const char *
gt_profile_kernel_name (const char *name, char *buf, size_t size)
{
  size_t h = ((uintptr_t) name >> 3) % NAME_BUCKETS;
  struct kernel_name *e = last_kernel;
  char *d;

  if (e != NULL && e->key == name && strcmp (e->raw, name) == 0)
    return e->name;
  gt_mutex_acquire (&names_lock);
  for (e = kernel_names[h]; e != NULL; e = e->next)
    if (e->key == name && strcmp (e->raw, name) == 0)
      break;
  gt_mutex_release (&names_lock);
  if (e != NULL)
    {
      last_kernel = e;
      return e->name;
    }
  d = demangle (strdup (name));
  snprintf (buf, size, "%s", d ? d : name);
  free (d);
  gt_profile_json_safe (buf);
  /* Two threads may both convert NAME: both entries are right.  */
  if ((e = malloc (sizeof *e)) == NULL)
    return buf;
  e->key = name;
  e->raw = strdup (name);
  e->name = strdup (buf);
  if (e->raw == NULL || e->name == NULL)
    {
      free (e->raw);
      free (e->name);
      free (e);
      return buf;
    }
  gt_mutex_acquire (&names_lock);
  e->next = kernel_names[h];
  kernel_names[h] = e;
  gt_mutex_release (&names_lock);
  last_kernel = e;
  return e->name;
}

const char *
gt_profile_fn_name (const void *fn)
{
  size_t h = ((uintptr_t) fn >> 4) % NAME_BUCKETS;
  struct fn_name *e;
  char *name;

  gt_mutex_acquire (&names_lock);
  for (e = names[h]; e != NULL; e = e->next)
    if (e->fn == fn)
      break;
  gt_mutex_release (&names_lock);
  if (e != NULL)
    return e->name;
  /* Looked up without the lock (it reads files); two threads may both
     look FN up, and the first one's entry stays.  */
  name = look_up (fn);
  e = malloc (sizeof *e);
  if (e == NULL || name == NULL)
    {
      free (e);
      free (name);
      return "?";
    }
  e->fn = fn;
  e->name = name;
  gt_mutex_acquire (&names_lock);
  for (struct fn_name *o = names[h]; o != NULL; o = o->next)
    if (o->fn == fn)
      {
	gt_mutex_release (&names_lock);
	free (name);
	free (e);
	return o->name;
      }
  e->next = names[h];
  names[h] = e;
  gt_mutex_release (&names_lock);
  return name;
}
