/* host-vars.c -- the declare target variables of the loaded program and
   libraries, found in their .gnu.offload_vars sections, which GCC emits
   even when no offload image is built (-foffload=disable).  A device that
   runs host code (the emulated device) reaches these variables directly
   by their host symbols, so they are entered in its table as mapped onto
   themselves, for good: mapping them copies nothing, and 'target update'
   and omp_target_is_present see them present.

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

#include "mapping.h"
#include "gt-once.h"

#include <elf.h>
#include <fcntl.h>
#include <limits.h>
#include <link.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

struct var_range
{
  uintptr_t addr;
  size_t size;
};

static struct var_range *vars;
static size_t nvars;
static pthread_once_t vars_once = PTHREAD_ONCE_INIT;

/* Find SECTION in the ELF file PATH: its address and size.  */
static bool
find_section (const char *path, const char *section, ElfW (Addr) *addr,
	      size_t *size)
{
  int fd = open (path, O_RDONLY | O_CLOEXEC);
  struct stat st;
  bool found = false;
  void *map;

  if (fd < 0)
    return false;
  if (fstat (fd, &st) != 0 || (size_t) st.st_size < sizeof (ElfW (Ehdr)))
    {
      close (fd);
      return false;
    }
  map = mmap (NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
  close (fd);
  if (map == MAP_FAILED)
    return false;

  const ElfW (Ehdr) *eh = map;
  size_t fsize = st.st_size;
  if (memcmp (eh->e_ident, ELFMAG, SELFMAG) == 0
      && eh->e_shoff != 0 && eh->e_shentsize == sizeof (ElfW (Shdr))
      && eh->e_shoff + (size_t) eh->e_shnum * sizeof (ElfW (Shdr)) <= fsize
      && eh->e_shstrndx < eh->e_shnum)
    {
      const ElfW (Shdr) *sh = (const void *) ((const char *) map
					      + eh->e_shoff);
      const ElfW (Shdr) *strs = &sh[eh->e_shstrndx];
      size_t i, len = strlen (section);
      if (strs->sh_offset + strs->sh_size <= fsize)
	for (i = 0; i < eh->e_shnum && !found; i++)
	  if (sh[i].sh_name + len < strs->sh_size
	      && memcmp ((const char *) map + strs->sh_offset + sh[i].sh_name,
			 section, len + 1) == 0)
	    {
	      *addr = sh[i].sh_addr;
	      *size = sh[i].sh_size;
	      found = true;
	    }
    }
  munmap (map, st.st_size);
  return found;
}

/* A loaded object as dl_iterate_phdr reports it: its load base and its
   file name ("" for the program itself).  */
struct loaded_object
{
  ElfW (Addr) base;
  bool name_too_long;
  char name[PATH_MAX];
};

struct object_list
{
  struct loaded_object *objects;
  size_t capacity;
  /* How many objects dl_iterate_phdr reported, which may exceed
     CAPACITY: then the list is made again, bigger.  */
  size_t count;
};

/* The dl_iterate_phdr callback.  It runs with the dynamic loader's lock
   held, so it only notes the object: no file I/O, no allocation, no call
   into the C library.  Such calls are intercepted by ThreadSanitizer,
   whose interceptors take the runtime's own locks; a thread that holds
   those while it waits for the loader lock (the symbolizer of a race
   report calls dl_iterate_phdr) then deadlocks with this one.  */
static int
note_object (struct dl_phdr_info *info, size_t info_size, void *data)
{
  struct object_list *list = data;
  struct loaded_object *obj;
  const char *name = info->dlpi_name;
  size_t i = 0;

  (void) info_size;
  if (list->count++ >= list->capacity)
    return 0;
  obj = &list->objects[list->count - 1];
  obj->base = info->dlpi_addr;
  obj->name_too_long = false;
  if (name != NULL)
    for (; name[i] != '\0'; i++)
      {
	if (i == sizeof obj->name - 1)
	  {
	    obj->name_too_long = true;
	    break;
	  }
	obj->name[i] = name[i];
      }
  obj->name[i] = '\0';
  return 0;
}

/* Enter the declare target variables of OBJ, from its .gnu.offload_vars
   section, in VARS.  */
static void
collect_object (const struct loaded_object *obj)
{
  const char *path = obj->name[0] != '\0' ? obj->name : "/proc/self/exe";
  ElfW (Addr) addr;
  size_t size, i, n;

  if (obj->name_too_long)
    {
      gt_debug ("file name too long, declare target variables not looked "
		"for: %s...", obj->name);
      return;
    }
  if (strstr (path, "linux-vdso") != NULL
      || !find_section (path, ".gnu.offload_vars", &addr, &size))
    return;
  /* Pairs of {address, size}; the size's top bit marks a link variable.  */
  const uintptr_t *table = (const uintptr_t *) (obj->base + addr);
  n = size / (2 * sizeof (uintptr_t));
  if (n == 0)
    return;
  vars = gt_realloc (vars, (nvars + n) * sizeof *vars);
  for (i = 0; i < n; i++)
    {
      vars[nvars].addr = table[2 * i];
      vars[nvars].size = table[2 * i + 1] & (UINTPTR_MAX >> 1);
      nvars++;
    }
  gt_debug ("%zu declare target variable(s) in %s", n, path);
}

/* List the loaded objects first, then read their files, outside
   dl_iterate_phdr.  */
static void
collect_vars (void)
{
  struct object_list list = { NULL, 0, 0 };
  size_t i, capacity = 16;

  for (;;)
    {
      list.objects = gt_realloc (list.objects,
				 capacity * sizeof *list.objects);
      list.capacity = capacity;
      list.count = 0;
      dl_iterate_phdr (note_object, &list);
      if (list.count <= list.capacity)
	break;
      /* More objects than room: some were loaded meanwhile.  */
      capacity = list.count + 8;
    }
  for (i = 0; i < list.count; i++)
    collect_object (&list.objects[i]);
  free (list.objects);
}

void
gt_map_host_vars_locked (struct gt_device *dev)
{
  size_t i;

  gt_once (&vars_once, NULL, collect_vars);
  for (i = 0; i < nvars; i++)
    if (vars[i].size > 0)
      gt_map_self_locked (dev, vars[i].addr, vars[i].size);
}
