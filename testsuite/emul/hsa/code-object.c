/* code-object.c -- AMDGPU code objects for the emulated HSA runtime: the
   ELF file GCC's mkoffload embeds (e_machine EM_AMDGPU, OS/ABI AMDGPU_HSA,
   code object v3-v6), checked field by field before anything is read
   through it, its symbols, the kernel metadata of its NT_AMDGPU_METADATA
   notes (MessagePack), and loading: the PT_LOAD segments copied into
   device memory and the dynamic relocations applied.  Also the
   hsa_code_object_* and hsa_code_object_reader_* functions.

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

#define ELFOSABI_AMDGPU_HSA_VALUE 64
#define NT_AMDGPU_METADATA_VALUE 32
#define R_AMDGPU_NONE_VALUE 0
#define R_AMDGPU_ABS32_LO 1
#define R_AMDGPU_ABS32_HI 2
#define R_AMDGPU_ABS64 3
#define R_AMDGPU_ABS32 6
#define R_AMDGPU_RELATIVE64_VALUE 13
/* Loaded images larger than this are refused as malformed.  */
#define MAX_LOAD_SIZE ((uint64_t) 1 << 30)

static struct emul_pool code_object_pool
  = EMUL_POOL_INIT ("code object", struct emul_code_object);

struct emul_code_object *
emul_code_object_get (uint64_t handle, bool reader)
{
  struct emul_code_object *co = emul_pool_find (&code_object_pool, handle);

  return co != NULL && co->reader == reader ? co : NULL;
}

/* Whether [OFF, OFF + LEN) lies in a file of SIZE bytes.  */
static bool
in_file (uint64_t off, uint64_t len, uint64_t size)
{
  return off <= size && len <= size - off;
}

/* MessagePack, as much as the metadata needs.  */

enum mp_kind { MP_BAD, MP_INT, MP_STR, MP_MAP, MP_ARRAY, MP_OTHER };

struct mp
{
  const unsigned char *p, *end;
};

static uint64_t
mp_be (const unsigned char *p, int n)
{
  uint64_t v = 0;
  int i;

  for (i = 0; i < n; i++)
    v = (v << 8) | p[i];
  return v;
}

/* Read one item's header: its kind and its value (integers), length
   (strings, binary) or count (maps: pairs, arrays: items).  */
static enum mp_kind
mp_next (struct mp *m, uint64_t *val, const char **str)
{
  unsigned c;
  int n = 0;
  enum mp_kind kind = MP_OTHER;

  if (m->p >= m->end)
    return MP_BAD;
  c = *m->p++;
  *val = 0;
  if (c <= 0x7f)
    {
      *val = c;
      return MP_INT;
    }
  if (c >= 0xe0)
    {
      *val = (uint64_t) (int64_t) (int8_t) c;
      return MP_INT;
    }
  if (c >= 0x80 && c <= 0x8f)
    {
      *val = c & 0xf;
      return MP_MAP;
    }
  if (c >= 0x90 && c <= 0x9f)
    {
      *val = c & 0xf;
      return MP_ARRAY;
    }
  if (c >= 0xa0 && c <= 0xbf)
    {
      *val = c & 0x1f;
      kind = MP_STR;
    }
  else
    switch (c)
      {
      case 0xc0: case 0xc2: case 0xc3:
	return MP_OTHER;
      case 0xcc: n = 1; kind = MP_INT; break;
      case 0xcd: n = 2; kind = MP_INT; break;
      case 0xce: n = 4; kind = MP_INT; break;
      case 0xcf: n = 8; kind = MP_INT; break;
      case 0xd0: n = 1; kind = MP_INT; break;
      case 0xd1: n = 2; kind = MP_INT; break;
      case 0xd2: n = 4; kind = MP_INT; break;
      case 0xd3: n = 8; kind = MP_INT; break;
      case 0xca: n = 4; kind = MP_OTHER; break;
      case 0xcb: n = 8; kind = MP_OTHER; break;
      case 0xd9: case 0xc4: n = 1; kind = MP_STR; break;
      case 0xda: case 0xc5: n = 2; kind = MP_STR; break;
      case 0xdb: case 0xc6: n = 4; kind = MP_STR; break;
      case 0xdc: n = 2; kind = MP_ARRAY; break;
      case 0xdd: n = 4; kind = MP_ARRAY; break;
      case 0xde: n = 2; kind = MP_MAP; break;
      case 0xdf: n = 4; kind = MP_MAP; break;
      default:
	return MP_BAD;
      }
  if (n > 0)
    {
      if (m->end - m->p < n)
	return MP_BAD;
      *val = mp_be (m->p, n);
      if (c >= 0xd0 && c <= 0xd3 && n < 8
	  && (*val >> (8 * n - 1)) != 0)
	*val |= ~(uint64_t) 0 << (8 * n);
      m->p += n;
    }
  if (kind == MP_STR)
    {
      if ((uint64_t) (m->end - m->p) < *val)
	return MP_BAD;
      *str = (const char *) m->p;
      m->p += *val;
    }
  return kind;
}

static bool
mp_skip (struct mp *m, int depth)
{
  uint64_t n, i;
  const char *s;

  if (depth > 32)
    return false;
  switch (mp_next (m, &n, &s))
    {
    case MP_BAD:
      return false;
    case MP_MAP:
      n *= 2;
      /* Fall through.  */
    case MP_ARRAY:
      for (i = 0; i < n; i++)
	if (!mp_skip (m, depth + 1))
	  return false;
      return true;
    default:
      return true;
    }
}

static bool
mp_key_is (const char *s, uint64_t len, const char *key)
{
  return len == strlen (key) && memcmp (s, key, len) == 0;
}

/* One element of amdhsa.kernels.  */
static bool
parse_kernel (struct mp *m, struct emul_kernel_meta *k)
{
  uint64_t n, i, len, v;
  const char *key, *s;

  /* Cleared first: the caller frees K->symbol when this fails.  */
  memset (k, 0, sizeof *k);
  if (mp_next (m, &n, &s) != MP_MAP)
    return false;
  for (i = 0; i < n; i++)
    {
      if (mp_next (m, &len, &key) != MP_STR)
	return false;
      if (mp_key_is (key, len, ".symbol"))
	{
	  if (mp_next (m, &v, &s) != MP_STR || v == 0 || k->symbol != NULL)
	    return false;
	  k->symbol = strndup (s, v);
	  if (k->symbol == NULL)
	    return false;
	  continue;
	}
      if (mp_key_is (key, len, ".kernarg_segment_size")
	  || mp_key_is (key, len, ".kernarg_segment_align")
	  || mp_key_is (key, len, ".group_segment_fixed_size")
	  || mp_key_is (key, len, ".private_segment_fixed_size"))
	{
	  if (mp_next (m, &v, &s) != MP_INT || v > UINT32_MAX)
	    return false;
	  if (mp_key_is (key, len, ".kernarg_segment_size"))
	    k->kernarg_size = (uint32_t) v;
	  else if (mp_key_is (key, len, ".kernarg_segment_align"))
	    k->kernarg_align = (uint32_t) v;
	  else if (mp_key_is (key, len, ".group_segment_fixed_size"))
	    k->group_size = (uint32_t) v;
	  else
	    k->private_size = (uint32_t) v;
	  continue;
	}
      if (!mp_skip (m, 1))
	return false;
    }
  return k->symbol != NULL;
}

static bool
parse_metadata (struct emul_code_object *co, const unsigned char *desc,
		uint64_t size)
{
  struct mp m = { desc, desc + size };
  uint64_t n, i, len, count, j;
  const char *key;

  if (mp_next (&m, &n, &key) != MP_MAP)
    return false;
  for (i = 0; i < n; i++)
    {
      if (mp_next (&m, &len, &key) != MP_STR)
	return false;
      if (!mp_key_is (key, len, "amdhsa.kernels"))
	{
	  if (!mp_skip (&m, 1))
	    return false;
	  continue;
	}
      if (mp_next (&m, &count, &key) != MP_ARRAY || count > 100000)
	return false;
      for (j = 0; j < count; j++)
	{
	  struct emul_kernel_meta *nk
	    = realloc (co->kernels, (co->nkernels + 1) * sizeof *nk);
	  if (nk == NULL)
	    return false;
	  co->kernels = nk;
	  if (!parse_kernel (&m, &co->kernels[co->nkernels]))
	    {
	      free ((char *) co->kernels[co->nkernels].symbol);
	      return false;
	    }
	  co->nkernels++;
	}
    }
  return true;
}

/* The NT_AMDGPU_METADATA notes of a SHT_NOTE section (one per kernel in
   GCC's code objects).  */
static bool
parse_notes (struct emul_code_object *co, const unsigned char *p,
	     uint64_t size)
{
  uint64_t off = 0;

  while (off < size)
    {
      const Elf64_Nhdr *nh = (const Elf64_Nhdr *) (p + off);
      uint64_t name_off, desc_off, next;

      if (size - off < sizeof *nh)
	return false;
      name_off = off + sizeof *nh;
      desc_off = name_off + (((uint64_t) nh->n_namesz + 3) & ~(uint64_t) 3);
      next = desc_off + (((uint64_t) nh->n_descsz + 3) & ~(uint64_t) 3);
      if (desc_off > size || nh->n_descsz > size - desc_off)
	return false;
      if (nh->n_type == NT_AMDGPU_METADATA_VALUE && nh->n_namesz == 7
	  && memcmp (p + name_off, "AMDGPU", 7) == 0
	  && !parse_metadata (co, p + desc_off, nh->n_descsz))
	return false;
      off = next;
    }
  return true;
}

static void
free_parsed (struct emul_code_object *co)
{
  size_t i;

  for (i = 0; i < co->nkernels; i++)
    free ((char *) co->kernels[i].symbol);
  free (co->kernels);
  free (co->syms);
  free (co->image);
  co->kernels = NULL;
  co->syms = NULL;
  co->image = NULL;
}

#define REJECT(why) do { reason = (why); goto bad; } while (0)

struct emul_code_object *
emul_code_object_parse (const void *image, size_t size, hsa_status_t *status)
{
  struct emul_code_object *co;
  const Elf64_Ehdr *eh;
  const Elf64_Shdr *sh;
  const char *shstr;
  const char *reason = NULL;
  const Elf64_Shdr *symsec = NULL;
  uint64_t shstrsz;
  unsigned i;

  if (image == NULL || size == 0)
    {
      *status = HSA_STATUS_ERROR_INVALID_ARGUMENT;
      return NULL;
    }
  co = emul_pool_get (&code_object_pool);
  if (co == NULL || (co->image = malloc (size)) == NULL)
    {
      if (co != NULL)
	emul_pool_put (&code_object_pool, co);
      *status = HSA_STATUS_ERROR_OUT_OF_RESOURCES;
      return NULL;
    }
  memcpy (co->image, image, size);
  co->size = size;
  eh = (const Elf64_Ehdr *) co->image;

  if (size < sizeof *eh || memcmp (eh->e_ident, ELFMAG, SELFMAG) != 0)
    REJECT ("not an ELF file");
  if (eh->e_ident[EI_CLASS] != ELFCLASS64
      || eh->e_ident[EI_DATA] != ELFDATA2LSB
      || eh->e_ident[EI_VERSION] != EV_CURRENT
      || eh->e_version != EV_CURRENT)
    REJECT ("not a little-endian ELF64 file of version 1");
  if (eh->e_machine != EM_AMDGPU)
    REJECT ("e_machine is not EM_AMDGPU (224)");
  if (eh->e_ident[EI_OSABI] != ELFOSABI_AMDGPU_HSA_VALUE
      || eh->e_ident[EI_ABIVERSION] < 1 || eh->e_ident[EI_ABIVERSION] > 4)
    REJECT ("not an AMD HSA code object of version 3 to 6");
  if (eh->e_type != ET_DYN && eh->e_type != ET_EXEC)
    REJECT ("not a loadable (ET_DYN) code object");
  if (eh->e_ehsize != sizeof *eh)
    REJECT ("bad e_ehsize");
  if (eh->e_shoff == 0 || eh->e_shnum == 0
      || eh->e_shentsize != sizeof (Elf64_Shdr)
      || !in_file (eh->e_shoff, (uint64_t) eh->e_shnum * sizeof *sh, size)
      || eh->e_shoff % 8 != 0)
    REJECT ("section header table out of the file");
  if (eh->e_shstrndx >= eh->e_shnum)
    REJECT ("bad e_shstrndx");
  if (eh->e_phnum == 0 || eh->e_phentsize != sizeof (Elf64_Phdr)
      || !in_file (eh->e_phoff, (uint64_t) eh->e_phnum * sizeof (Elf64_Phdr),
		   size)
      || eh->e_phoff % 8 != 0)
    REJECT ("program header table missing or out of the file");

  sh = (const Elf64_Shdr *) (co->image + eh->e_shoff);
  for (i = 0; i < eh->e_shnum; i++)
    {
      if (sh[i].sh_type != SHT_NOBITS && sh[i].sh_type != SHT_NULL
	  && !in_file (sh[i].sh_offset, sh[i].sh_size, size))
	REJECT ("a section lies outside the file");
      if (sh[i].sh_link >= eh->e_shnum)
	REJECT ("a section links to a section that does not exist");
    }
  if (sh[eh->e_shstrndx].sh_type != SHT_STRTAB
      || sh[eh->e_shstrndx].sh_size == 0)
    REJECT ("the section name table is not a string table");
  shstr = (const char *) co->image + sh[eh->e_shstrndx].sh_offset;
  shstrsz = sh[eh->e_shstrndx].sh_size;
  if (shstr[shstrsz - 1] != '\0')
    REJECT ("unterminated section name table");
  for (i = 0; i < eh->e_shnum; i++)
    if (sh[i].sh_name >= shstrsz)
      REJECT ("a section name is out of the name table");

  co->e_flags = eh->e_flags;
  co->mach = eh->e_flags & 0xff;
  {
    const Elf64_Phdr *ph = (const Elf64_Phdr *) (co->image + eh->e_phoff);
    bool any = false;
    for (i = 0; i < eh->e_phnum; i++)
      {
	if (ph[i].p_type != PT_LOAD)
	  continue;
	if (!in_file (ph[i].p_offset, ph[i].p_filesz, size)
	    || ph[i].p_filesz > ph[i].p_memsz
	    || ph[i].p_vaddr > MAX_LOAD_SIZE
	    || ph[i].p_memsz > MAX_LOAD_SIZE - ph[i].p_vaddr)
	  REJECT ("a PT_LOAD segment lies outside the file or memory");
	if (ph[i].p_vaddr + ph[i].p_memsz > co->load_size)
	  co->load_size = ph[i].p_vaddr + ph[i].p_memsz;
	any = true;
      }
    if (!any || co->load_size == 0)
      REJECT ("no PT_LOAD segment");
  }

  /* Symbols: .symtab, or .dynsym if stripped.  */
  for (i = 0; i < eh->e_shnum; i++)
    if (sh[i].sh_type == SHT_SYMTAB)
      symsec = &sh[i];
  if (symsec == NULL)
    for (i = 0; i < eh->e_shnum; i++)
      if (sh[i].sh_type == SHT_DYNSYM)
	symsec = &sh[i];
  if (symsec == NULL)
    REJECT ("no symbol table");
  {
    const Elf64_Shdr *strsec = &sh[symsec->sh_link];
    const Elf64_Sym *sym = (const Elf64_Sym *) (co->image
						 + symsec->sh_offset);
    const char *str;
    size_t n;

    if (symsec->sh_entsize != sizeof (Elf64_Sym)
	|| symsec->sh_size % sizeof (Elf64_Sym) != 0
	|| symsec->sh_offset % 8 != 0)
      REJECT ("bad symbol table entry size");
    /* Only then is its offset known to lie in the file.  */
    if (strsec->sh_type != SHT_STRTAB || strsec->sh_size == 0)
      REJECT ("the symbol table's string table is not a string table");
    str = (const char *) co->image + strsec->sh_offset;
    if (str[strsec->sh_size - 1] != '\0')
      REJECT ("the symbol table's string table is not a string table");
    n = symsec->sh_size / sizeof (Elf64_Sym);
    co->syms = calloc (n + 1, sizeof *co->syms);
    if (co->syms == NULL)
      {
	free_parsed (co);
	emul_pool_put (&code_object_pool, co);
	*status = HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	return NULL;
      }
    for (i = 0; i < n; i++)
      {
	struct emul_elf_symbol *s = &co->syms[co->nsyms];
	if (sym[i].st_name >= strsec->sh_size)
	  REJECT ("a symbol name is out of the string table");
	if (sym[i].st_shndx != SHN_UNDEF && sym[i].st_shndx < SHN_LORESERVE
	    && sym[i].st_shndx >= eh->e_shnum)
	  REJECT ("a symbol is in a section that does not exist");
	if (sym[i].st_shndx != SHN_UNDEF && sym[i].st_shndx < SHN_LORESERVE
	    && (sh[sym[i].st_shndx].sh_flags & SHF_ALLOC)
	    && (sym[i].st_value > co->load_size
		|| sym[i].st_size > co->load_size - sym[i].st_value))
	  REJECT ("a symbol lies outside the loaded image");
	s->name = str + sym[i].st_name;
	s->value = sym[i].st_value;
	s->size = sym[i].st_size;
	s->type = ELF64_ST_TYPE (sym[i].st_info);
	s->bind = ELF64_ST_BIND (sym[i].st_info);
	s->shndx = sym[i].st_shndx;
	co->nsyms++;
      }
  }

  for (i = 0; i < eh->e_shnum; i++)
    if (sh[i].sh_type == SHT_NOTE
	&& (sh[i].sh_offset % 4 != 0
	    || !parse_notes (co, co->image + sh[i].sh_offset,
			     sh[i].sh_size)))
      REJECT ("malformed NT_AMDGPU_METADATA note");

  emul_trace ("code object: %zu bytes, %s (e_flags 0x%x), %zu symbols, "
	      "%zu kernels in the metadata", size, emul_mach_name (co->mach),
	      co->e_flags, co->nsyms, co->nkernels);
  *status = HSA_STATUS_SUCCESS;
  return co;

 bad:
  emul_trace ("code object rejected: %s", reason);
  free_parsed (co);
  emul_pool_put (&code_object_pool, co);
  *status = HSA_STATUS_ERROR_INVALID_CODE_OBJECT;
  return NULL;
}

void
emul_code_object_release (struct emul_code_object *co)
{
  free_parsed (co);
  emul_pool_put (&code_object_pool, co);
}

const struct emul_kernel_meta *
emul_code_object_kernel (const struct emul_code_object *co,
			 const char *symbol)
{
  size_t i;

  for (i = 0; i < co->nkernels; i++)
    if (strcmp (co->kernels[i].symbol, symbol) == 0)
      return &co->kernels[i];
  return NULL;
}

bool
emul_code_object_section_end (const struct emul_code_object *co,
			      uint64_t value, uint64_t *end)
{
  const Elf64_Ehdr *eh = (const Elf64_Ehdr *) co->image;
  const Elf64_Shdr *sh = (const Elf64_Shdr *) (co->image + eh->e_shoff);
  unsigned i;

  for (i = 0; i < eh->e_shnum; i++)
    if ((sh[i].sh_flags & SHF_ALLOC) && value >= sh[i].sh_addr
	&& value - sh[i].sh_addr < sh[i].sh_size)
      {
	*end = sh[i].sh_addr + sh[i].sh_size;
	if (*end > co->load_size)
	  *end = co->load_size;
	return true;
      }
  return false;
}

bool
emul_code_object_load (const struct emul_code_object *co, unsigned char *base)
{
  const Elf64_Ehdr *eh = (const Elf64_Ehdr *) co->image;
  const Elf64_Phdr *ph = (const Elf64_Phdr *) (co->image + eh->e_phoff);
  const Elf64_Shdr *sh = (const Elf64_Shdr *) (co->image + eh->e_shoff);
  unsigned i;

  memset (base, 0, co->load_size);
  for (i = 0; i < eh->e_phnum; i++)
    if (ph[i].p_type == PT_LOAD)
      memcpy (base + ph[i].p_vaddr, co->image + ph[i].p_offset,
	      ph[i].p_filesz);

  /* The dynamic relocations (SHF_ALLOC SHT_RELA sections).  */
  for (i = 0; i < eh->e_shnum; i++)
    {
      const Elf64_Rela *r;
      const Elf64_Shdr *symsec;
      size_t n, j, nsyms;

      if (sh[i].sh_type != SHT_RELA || !(sh[i].sh_flags & SHF_ALLOC))
	continue;
      if (sh[i].sh_entsize != sizeof (Elf64_Rela)
	  || sh[i].sh_size % sizeof (Elf64_Rela) != 0
	  || sh[i].sh_offset % 8 != 0)
	{
	  emul_trace ("code object: bad relocation section %u", i);
	  return false;
	}
      symsec = &sh[sh[i].sh_link];
      nsyms = (symsec->sh_type == SHT_DYNSYM || symsec->sh_type == SHT_SYMTAB)
	      && symsec->sh_entsize == sizeof (Elf64_Sym)
	      && symsec->sh_offset % 8 == 0
	      ? symsec->sh_size / sizeof (Elf64_Sym) : 0;
      r = (const Elf64_Rela *) (co->image + sh[i].sh_offset);
      n = sh[i].sh_size / sizeof (Elf64_Rela);
      for (j = 0; j < n; j++)
	{
	  uint32_t type = ELF64_R_TYPE (r[j].r_info);
	  uint32_t symi = ELF64_R_SYM (r[j].r_info);
	  uint64_t s = 0, v;
	  unsigned width = type == R_AMDGPU_ABS64
			   || type == R_AMDGPU_RELATIVE64_VALUE ? 8 : 4;

	  if (type == R_AMDGPU_NONE_VALUE)
	    continue;
	  if (r[j].r_offset > co->load_size
	      || co->load_size - r[j].r_offset < width)
	    {
	      emul_trace ("code object: relocation %zu out of the image", j);
	      return false;
	    }
	  if (symi != 0)
	    {
	      const Elf64_Sym *sym;
	      if (symi >= nsyms)
		{
		  emul_trace ("code object: relocation %zu names symbol %u "
			      "of %zu", j, symi, nsyms);
		  return false;
		}
	      sym = (const Elf64_Sym *) (co->image + symsec->sh_offset) + symi;
	      if (sym->st_shndx != SHN_UNDEF)
		s = (uint64_t) (uintptr_t) base + sym->st_value;
	    }
	  switch (type)
	    {
	    case R_AMDGPU_RELATIVE64_VALUE:
	      v = (uint64_t) (uintptr_t) base + (uint64_t) r[j].r_addend;
	      memcpy (base + r[j].r_offset, &v, 8);
	      break;
	    case R_AMDGPU_ABS64:
	      v = s + (uint64_t) r[j].r_addend;
	      memcpy (base + r[j].r_offset, &v, 8);
	      break;
	    case R_AMDGPU_ABS32:
	    case R_AMDGPU_ABS32_LO:
	    case R_AMDGPU_ABS32_HI:
	      {
		uint64_t full = s + (uint64_t) r[j].r_addend;
		uint32_t w = (uint32_t) (type == R_AMDGPU_ABS32_HI
					 ? full >> 32 : full);
		memcpy (base + r[j].r_offset, &w, 4);
	      }
	      break;
	    default:
	      /* Code relocations: the code never runs here.  */
	      emul_trace ("code object: relocation type %u ignored", type);
	      break;
	    }
	}
    }
  return true;
}

hsa_status_t
hsa_code_object_deserialize (void *serialized_code_object,
			     size_t serialized_code_object_size,
			     const char *options,
			     hsa_code_object_t *code_object)
{
  struct emul_code_object *co;
  hsa_status_t status;

  EMUL_ENTER (hsa_code_object_deserialize);
  EMUL_CHECK_INIT ();
  (void) options;
  if (code_object == NULL)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  co = emul_code_object_parse (serialized_code_object,
			       serialized_code_object_size, &status);
  if (co == NULL)
    return status;
  code_object->handle = (uint64_t) (uintptr_t) co;
  return HSA_STATUS_SUCCESS;
}

hsa_status_t
hsa_code_object_destroy (hsa_code_object_t code_object)
{
  struct emul_code_object *co;

  EMUL_ENTER (hsa_code_object_destroy);
  EMUL_CHECK_INIT ();
  co = emul_code_object_get (code_object.handle, false);
  if (co == NULL)
    {
      emul_report ("hsa_code_object_destroy: 0x%llx is not a live code object",
		   (unsigned long long) code_object.handle);
      return HSA_STATUS_ERROR_INVALID_CODE_OBJECT;
    }
  emul_code_object_release (co);
  return HSA_STATUS_SUCCESS;
}

hsa_status_t
hsa_code_object_reader_create_from_memory (const void *code_object,
					   size_t size,
					   hsa_code_object_reader_t *reader)
{
  struct emul_code_object *co;
  hsa_status_t status;

  EMUL_ENTER (hsa_code_object_reader_create_from_memory);
  EMUL_CHECK_INIT ();
  if (reader == NULL)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  co = emul_code_object_parse (code_object, size, &status);
  if (co == NULL)
    return status;
  co->reader = true;
  reader->handle = (uint64_t) (uintptr_t) co;
  return HSA_STATUS_SUCCESS;
}

hsa_status_t
hsa_code_object_reader_destroy (hsa_code_object_reader_t reader)
{
  struct emul_code_object *co;

  EMUL_ENTER (hsa_code_object_reader_destroy);
  EMUL_CHECK_INIT ();
  co = emul_code_object_get (reader.handle, true);
  if (co == NULL)
    {
      emul_report ("hsa_code_object_reader_destroy: 0x%llx is not a live code "
		   "object reader", (unsigned long long) reader.handle);
      return HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER;
    }
  emul_code_object_release (co);
  return HSA_STATUS_SUCCESS;
}
