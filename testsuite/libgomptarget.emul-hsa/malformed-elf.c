/* { dg-set-target-env-var LD_PRELOAD "@PLUGINDIR@/libhsa-runtime64.so.1" } */

/* Damaged copies of a real GCN code object are refused with
   HSA_STATUS_ERROR_INVALID_CODE_OBJECT (no crash, nothing loaded), an
   empty one with HSA_STATUS_ERROR_INVALID_ARGUMENT; the undamaged copy
   still loads.  */

#include <elf.h>
#include "emul-hsa-test.h"

void kern (void);

void
kern (void)
{
#pragma omp target
  ;
}

static unsigned char *img;

/* A fresh copy of the image.  */
static Elf64_Ehdr *
fresh (void)
{
  memcpy (img, test_image, test_image_size);
  return (Elf64_Ehdr *) img;
}

static Elf64_Shdr *
sections (void)
{
  return (Elf64_Shdr *) (img + ((Elf64_Ehdr *) img)->e_shoff);
}

static Elf64_Shdr *
section_of_type (unsigned type)
{
  Elf64_Ehdr *eh = (Elf64_Ehdr *) img;
  unsigned i;

  for (i = 0; i < eh->e_shnum; i++)
    if (sections ()[i].sh_type == type)
      return &sections ()[i];
  test_fail ("no section of type %u", type);
}

static void
refused (const char *what, size_t size)
{
  hsa_code_object_t co;
  hsa_status_t s = hsa_code_object_deserialize (img, size, NULL, &co);

  if (s != HSA_STATUS_ERROR_INVALID_CODE_OBJECT)
    test_fail ("%s: status 0x%x, expected INVALID_CODE_OBJECT", what,
	       (unsigned) s);
}

int
main (void)
{
  Elf64_Ehdr *eh;
  Elf64_Phdr *ph;
  hsa_code_object_t co;
  int n = 0;

  test_init ();
  ASSERT (test_image != NULL);
  img = malloc (test_image_size);
  ASSERT (img != NULL);

  fresh ();
  EXPECT (hsa_code_object_deserialize (img, 0, NULL, &co),
	  HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT (hsa_code_object_deserialize (NULL, 100, NULL, &co),
	  HSA_STATUS_ERROR_INVALID_ARGUMENT);
  refused ("16 bytes", 16), n++;
  refused ("header only", sizeof (Elf64_Ehdr)), n++;
  refused ("first half", test_image_size / 2), n++;
  fresh ()->e_ident[EI_MAG1] = 'X';
  refused ("magic", test_image_size), n++;
  fresh ()->e_ident[EI_CLASS] = ELFCLASS32;
  refused ("ELF32", test_image_size), n++;
  fresh ()->e_ident[EI_DATA] = ELFDATA2MSB;
  refused ("big-endian", test_image_size), n++;
  fresh ()->e_machine = EM_X86_64;
  refused ("x86_64 machine", test_image_size), n++;
  fresh ()->e_ident[EI_OSABI] = ELFOSABI_SYSV;
  refused ("not HSA", test_image_size), n++;
  fresh ()->e_type = ET_REL;
  refused ("relocatable", test_image_size), n++;
  fresh ()->e_shoff = test_image_size - 8;
  refused ("section headers past the end", test_image_size), n++;
  fresh ()->e_shnum = 0xffff;
  refused ("too many sections", test_image_size), n++;
  eh = fresh ();
  eh->e_shstrndx = eh->e_shnum;
  refused ("section name table index", test_image_size), n++;
  eh = fresh ();
  eh->e_phoff = test_image_size;
  refused ("program headers past the end", test_image_size), n++;
  eh = fresh ();
  ph = (Elf64_Phdr *) (img + eh->e_phoff);
  while (ph->p_type != PT_LOAD)
    ph++;
  ph->p_filesz = test_image_size;
  refused ("PT_LOAD past the end", test_image_size), n++;
  fresh ();
  section_of_type (SHT_SYMTAB)->sh_offset = test_image_size - 4;
  refused ("symbol table past the end", test_image_size), n++;
  fresh ();
  section_of_type (SHT_SYMTAB)->sh_entsize = 7;
  refused ("symbol entry size", test_image_size), n++;
  fresh ();
  section_of_type (SHT_SYMTAB)->sh_link = 0xffff;
  refused ("symbol string table link", test_image_size), n++;
  fresh ();
  {
    Elf64_Shdr *s = section_of_type (SHT_SYMTAB);
    Elf64_Sym *sym = (Elf64_Sym *) (img + s->sh_offset);
    sym[1].st_name = 0x7fffffff;
  }
  refused ("symbol name out of the string table", test_image_size), n++;
  fresh ();
  {
    Elf64_Shdr *s = section_of_type (SHT_NOTE);
    Elf64_Nhdr *nh = (Elf64_Nhdr *) (img + s->sh_offset);
    nh->n_descsz = 0x10000000;
  }
  refused ("metadata note size", test_image_size), n++;
  fresh ();
  {
    /* The first byte of the MessagePack metadata: a reserved code.  */
    Elf64_Shdr *s = section_of_type (SHT_NOTE);
    Elf64_Nhdr *nh = (Elf64_Nhdr *) (img + s->sh_offset);
    img[s->sh_offset + sizeof *nh + ((nh->n_namesz + 3) & ~3u)] = 0xc1;
  }
  refused ("metadata contents", test_image_size), n++;

  /* The undamaged image.  */
  fresh ();
  {
    hsa_executable_t exec;
    CHECK (hsa_code_object_deserialize (img, test_image_size, NULL, &co));
    CHECK (hsa_executable_create (HSA_PROFILE_FULL,
				  HSA_EXECUTABLE_STATE_UNFROZEN, NULL, &exec));
    CHECK (hsa_executable_load_code_object (exec, test_gpus[0].agent, co,
					    NULL));
    CHECK (hsa_code_object_destroy (co));
    EXPECT (hsa_code_object_destroy (co),
	    HSA_STATUS_ERROR_INVALID_CODE_OBJECT);
    EXPECT (hsa_executable_load_code_object (exec, test_gpus[0].agent, co,
					     NULL),
	    HSA_STATUS_ERROR_INVALID_CODE_OBJECT);
  }
  printf ("%d damaged images refused\n", n);
  return 0;
}

/* { dg-final { gomptarget-output-includes {20 damaged images refused} } } */
