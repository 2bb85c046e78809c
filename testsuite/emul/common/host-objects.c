/* host-objects.c -- the objects loaded in the process and their ELF
   files, where the emulators find the program's own functions and
   variables.  dl_iterate_phdr only collects the names and load
   addresses: the files are read afterwards, outside its callback (I/O
   inside the callback deadlocks under ThreadSanitizer).

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

#include "emul-base.h"

#include <fcntl.h>
#include <limits.h>
#include <link.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* The program's file as the kernel named it (AT_EXECFN), made absolute,
   copied when the library is loaded: AT_EXECFN points into the memory
   of the program's argv[0] where the program was started by running the
   dynamic loader ("ld.so PROGRAM", as a self-contained kit does), and a
   program may write there (dirname (argv[0])).  */
static char program_execfn[PATH_MAX];
/* Started by running the dynamic loader: /proc/self/exe is the loader,
   not the program (the kernel then gave no interpreter base).  */
static bool started_by_loader;

static void __attribute__ ((constructor))
note_program_file (void)
{
  const char *execfn = (const char *) getauxval (AT_EXECFN);

  if (execfn == NULL)
    return;
  started_by_loader = getauxval (AT_BASE) == 0;
  if (realpath (execfn, program_execfn) == NULL
      && strlen (execfn) < sizeof program_execfn)
    strcpy (program_execfn, execfn);
}

const char *
emul_program_file (void)
{
  if (started_by_loader && program_execfn[0])
    return program_execfn;
  return "/proc/self/exe";
}

int
emul_open_program (const char *path)
{
  int fd = open (path, O_RDONLY | O_CLOEXEC);

  /* No /proc (a chroot): the file the program was started from.  */
  if (fd < 0 && strcmp (path, "/proc/self/exe") == 0 && program_execfn[0])
    fd = open (program_execfn, O_RDONLY | O_CLOEXEC);
  return fd;
}

struct collect
{
  const char *(*path_of) (const char *name);
  struct emul_loaded_object *objs;
  size_t n, cap;
  unsigned long long adds, subs;
};

static int
collect_cb (struct dl_phdr_info *info, size_t size, void *data)
{
  struct collect *c = data;
  const char *path;

  (void) size;
  c->adds = info->dlpi_adds;
  c->subs = info->dlpi_subs;
  path = c->path_of (info->dlpi_name ? info->dlpi_name : "");
  if (path == NULL)
    return 0;
  if (c->n == c->cap)
    {
      size_t ncap = c->cap ? 2 * c->cap : 32;
      struct emul_loaded_object *grown
	= realloc (c->objs, ncap * sizeof *grown);
      if (grown == NULL)
	return 1;
      c->objs = grown;
      c->cap = ncap;
    }
  c->objs[c->n].path = strdup (path);
  c->objs[c->n].base = info->dlpi_addr;
  if (c->objs[c->n].path == NULL)
    return 1;
  c->n++;
  return 0;
}

size_t
emul_loaded_objects (const char *(*path_of) (const char *name),
		     struct emul_loaded_object **objs, unsigned long long *adds,
		     unsigned long long *subs)
{
  struct collect c = { path_of, NULL, 0, 0, 0, 0 };

  dl_iterate_phdr (collect_cb, &c);
  if (adds)
    *adds = c.adds;
  if (subs)
    *subs = c.subs;
  *objs = c.objs;
  return c.n;
}

void
emul_loaded_free (struct emul_loaded_object *objs, size_t n)
{
  for (size_t i = 0; i < n; i++)
    free (objs[i].path);
  free (objs);
}

bool
emul_elf_map (int fd, struct emul_elf *elf)
{
  struct stat st;
  const Elf64_Ehdr *eh;

  memset (elf, 0, sizeof *elf);
  if (fstat (fd, &st) != 0 || (size_t) st.st_size < sizeof *eh)
    {
      close (fd);
      return false;
    }
  elf->size = (size_t) st.st_size;
  elf->map = mmap (NULL, elf->size, PROT_READ, MAP_PRIVATE, fd, 0);
  close (fd);
  if (elf->map == MAP_FAILED)
    {
      elf->map = NULL;
      return false;
    }
  eh = (const Elf64_Ehdr *) elf->map;
  if (memcmp (eh->e_ident, ELFMAG, SELFMAG) != 0
      || eh->e_ident[EI_CLASS] != ELFCLASS64
      || eh->e_shentsize != sizeof (Elf64_Shdr) || eh->e_shoff == 0
      || eh->e_shoff > elf->size
      || (uint64_t) eh->e_shnum * sizeof (Elf64_Shdr)
	 > elf->size - eh->e_shoff)
    {
      emul_elf_unmap (elf);
      return false;
    }
  elf->eh = eh;
  elf->sh = (const Elf64_Shdr *) (elf->map + eh->e_shoff);
  return true;
}

void
emul_elf_unmap (struct emul_elf *elf)
{
  if (elf->map != NULL)
    munmap ((void *) elf->map, elf->size);
  memset (elf, 0, sizeof *elf);
}

/* Whether section SEC lies in the file.  */
static bool
in_file (const struct emul_elf *elf, const Elf64_Shdr *sec)
{
  return sec->sh_offset <= elf->size
	 && sec->sh_size <= elf->size - sec->sh_offset;
}

bool
emul_elf_symbols (const struct emul_elf *elf, const Elf64_Shdr *sec,
		  const Elf64_Sym **syms, size_t *nsyms, const char **str,
		  size_t *strsz)
{
  const Elf64_Shdr *strs;

  if (sec->sh_entsize != sizeof (Elf64_Sym)
      || sec->sh_link >= elf->eh->e_shnum || !in_file (elf, sec))
    return false;
  strs = &elf->sh[sec->sh_link];
  if (!in_file (elf, strs))
    return false;
  *syms = (const Elf64_Sym *) (elf->map + sec->sh_offset);
  *nsyms = sec->sh_size / sizeof (Elf64_Sym);
  *str = (const char *) elf->map + strs->sh_offset;
  *strsz = strs->sh_size;
  return true;
}
