/* mpi-intercept.c -- a program that initialises MPI itself, under the
   MPI plugin.  The plugin starts MPI before main (plugin-mpi.c), and a
   second MPI_Init is an error that Open MPI makes fatal; so, once the
   plugin has started MPI, the program's calls of MPI_Init,
   MPI_Init_thread and MPI_Finalize (and their PMPI_ names) are
   redirected to stand-ins: the first two report success (and
   MPI_THREAD_MULTIPLE, which the plugin asked for), the third does
   nothing, and the plugin finalises MPI when rank 0 exits, after the
   serving ranks are stopped.

   How: the calls of every loaded object but libmpi itself go through its
   relocated slots (.got.plt for calls through the PLT, .got for -fno-plt
   calls and taken addresses), which the dynamic linker filled; those of
   these names are rewritten here to point at the stand-ins (made writable
   for the moment where they are in the object's RELRO segment).  Unlike
   defining the functions in a library of ours, this does not depend on
   the order in which the program links its libraries.  Not covered: an
   object opened with dlopen after main started, a call through a
   pointer taken before (from dlsym), and targets other than x86_64,
   aarch64 and ppc64le (said under GOMP_DEBUG).

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

#include "plugin-mpi.h"

#include <elf.h>
#include <link.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#if defined __x86_64__ && defined __LP64__
# define CALL_RELOC R_X86_64_JUMP_SLOT
# define DATA_RELOC R_X86_64_GLOB_DAT
#elif defined __aarch64__ && defined __LP64__
# define CALL_RELOC R_AARCH64_JUMP_SLOT
# define DATA_RELOC R_AARCH64_GLOB_DAT
#elif defined __powerpc64__ && _CALL_ELF == 2
# define CALL_RELOC R_PPC64_JMP_SLOT
# define DATA_RELOC R_PPC64_GLOB_DAT
#endif

static int
program_init (int *argc, char ***argv)
{
  (void) argc;
  (void) argv;
  return MPI_SUCCESS;
}

static int
program_init_thread (int *argc, char ***argv, int required, int *provided)
{
  (void) argc;
  (void) argv;
  (void) required;
  if (provided != NULL)
    *provided = MPI_THREAD_MULTIPLE;
  return MPI_SUCCESS;
}

static int
program_finalize (void)
{
  return MPI_SUCCESS;
}

#ifdef CALL_RELOC

static const struct
{
  const char *name;
  void *fn;
} stand_ins[] = {
  { "MPI_Init", (void *) program_init },
  { "PMPI_Init", (void *) program_init },
  { "MPI_Init_thread", (void *) program_init_thread },
  { "PMPI_Init_thread", (void *) program_init_thread },
  { "MPI_Finalize", (void *) program_finalize },
  { "PMPI_Finalize", (void *) program_finalize }
};

/* The stand-in for the function named NAME, or NULL.  */
static void *
stand_in (const char *name)
{
  size_t i;

  if (strncmp (name, "MPI_", 4) != 0 && strncmp (name, "PMPI_", 5) != 0)
    return NULL;
  for (i = 0; i < sizeof stand_ins / sizeof *stand_ins; i++)
    if (strcmp (name, stand_ins[i].name) == 0)
      return stand_ins[i].fn;
  return NULL;
}

/* Where an object's dynamic section gives an address: the dynamic
   linker relocated most in place, not all (the vDSO's).  */
static uintptr_t
dyn_address (uintptr_t base, ElfW(Addr) ptr)
{
  return ptr < base ? base + ptr : ptr;
}

struct object
{
  uintptr_t base, relro, relro_end;
  const ElfW(Sym) *symtab;
  const char *strtab;
};

/* Point the slot at ADDR to FN.  */
static bool
rewrite (const struct object *o, uintptr_t addr, void *fn)
{
  long page = sysconf (_SC_PAGESIZE);
  uintptr_t start = addr & ~(uintptr_t) (page - 1);
  bool relro = addr >= o->relro && addr < o->relro_end;

  if (relro && mprotect ((void *) start, (size_t) page,
			 PROT_READ | PROT_WRITE) != 0)
    return false;
  __atomic_store_n ((void **) addr, fn, __ATOMIC_RELEASE);
  if (relro)
    mprotect ((void *) start, (size_t) page, PROT_READ);
  return true;
}

/* Rewrite the slots of the SIZE bytes of relocations at RELA.  */
static int
rewrite_relocs (const struct object *o, const ElfW(Rela) *rela, size_t size)
{
  const ElfW(Rela) *end = (const ElfW(Rela) *) ((const char *) rela + size);
  int n = 0;
  void *fn;

  for (; rela != NULL && rela < end; rela++)
    {
      unsigned long type = ELF64_R_TYPE (rela->r_info);
      unsigned long sym = ELF64_R_SYM (rela->r_info);
      if ((type != CALL_RELOC && type != DATA_RELOC) || sym == 0)
	continue;
      fn = stand_in (o->strtab + o->symtab[sym].st_name);
      if (fn != NULL && rewrite (o, o->base + rela->r_offset, fn))
	n++;
    }
  return n;
}

static int
intercept_object (struct dl_phdr_info *info, size_t size, void *data)
{
  struct object o = { info->dlpi_addr, 0, 0, NULL, NULL };
  const ElfW(Dyn) *dyn = NULL, *d;
  const ElfW(Rela) *jmprel = NULL, *rela = NULL;
  size_t jmprel_size = 0, rela_size = 0;
  ElfW(Sxword) pltrel = DT_RELA;
  const char *name = info->dlpi_name ? info->dlpi_name : "";
  const char *slash = strrchr (name, '/');
  int i;

  (void) size;
  /* libmpi's own calls stay its own.  */
  if (strncmp (slash ? slash + 1 : name, "libmpi.so", 9) == 0)
    return 0;
  for (i = 0; i < info->dlpi_phnum; i++)
    if (info->dlpi_phdr[i].p_type == PT_DYNAMIC)
      dyn = (const ElfW(Dyn) *) (o.base + info->dlpi_phdr[i].p_vaddr);
    else if (info->dlpi_phdr[i].p_type == PT_GNU_RELRO)
      {
	o.relro = o.base + info->dlpi_phdr[i].p_vaddr;
	o.relro_end = o.relro + info->dlpi_phdr[i].p_memsz;
      }
  for (d = dyn; d != NULL && d->d_tag != DT_NULL; d++)
    switch (d->d_tag)
      {
      case DT_SYMTAB:
	o.symtab = (const ElfW(Sym) *) dyn_address (o.base, d->d_un.d_ptr);
	break;
      case DT_STRTAB:
	o.strtab = (const char *) dyn_address (o.base, d->d_un.d_ptr);
	break;
      case DT_JMPREL:
	jmprel = (const ElfW(Rela) *) dyn_address (o.base, d->d_un.d_ptr);
	break;
      case DT_PLTRELSZ:
	jmprel_size = d->d_un.d_val;
	break;
      case DT_PLTREL:
	pltrel = d->d_un.d_val;
	break;
      case DT_RELA:
	rela = (const ElfW(Rela) *) dyn_address (o.base, d->d_un.d_ptr);
	break;
      case DT_RELASZ:
	rela_size = d->d_un.d_val;
	break;
      }
  if (o.symtab == NULL || o.strtab == NULL)
    return 0;
  if (pltrel == DT_RELA)
    *(int *) data += rewrite_relocs (&o, jmprel, jmprel_size);
  *(int *) data += rewrite_relocs (&o, rela, rela_size);
  return 0;
}

void
mpidev_intercept_init (void)
{
  int n = 0;

  dl_iterate_phdr (intercept_object, &n);
  gt_plugin_debug ("MPI started before main: %d call(s) of MPI_Init, "
		   "MPI_Init_thread or MPI_Finalize (or PMPI_) in the "
		   "program redirected", n);
}

#else /* !CALL_RELOC */

void
mpidev_intercept_init (void)
{
  (void) program_init;
  (void) program_init_thread;
  (void) program_finalize;
  gt_plugin_debug ("MPI started before main: the program's own MPI_Init "
		   "cannot be redirected on this target and will fail");
}

#endif /* CALL_RELOC */
