/* emul-base.h -- the base both emulated vendor libraries build on (the
   CUDA driver of emul/cuda and the HSA runtime of emul/hsa): diagnostic
   lines, settings read from the environment, fault-injection rule
   counts, the loaded objects and their ELF symbol tables, the device
   side of the C library's console output, and handle tables.  Its
   sources are compiled into each library, which stays one
   self-contained shared object; nothing here is exported.

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

#ifndef EMUL_BASE_H
#define EMUL_BASE_H

#include <elf.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>
#include <time.h>

/* ---- What the library registers, once, from a constructor.  ---- */

struct emul_base
{
  /* The start of each diagnostic line ("hsa-emul: ").  */
  const char *prefix;
  /* The device code (a launch, a dispatch) the calling thread runs, or
     NULL for host code; CALLER is the return address of the interposed
     libc function.  */
  void *(*device) (const void *caller);
  /* Write N bytes of console output of device code DEV.  */
  void (*device_write) (void *dev, const void *buf, size_t n);
  /* EMUL_PUTS_RETURNS_LENGTH: puts in device code returns the length
     written (else 1).  EMUL_WRITE_CONSOLE_ONLY: write () in device code
     on a descriptor other than 1 and 2 fails with EBADF (else it writes
     there).  */
  unsigned flags;
};

#define EMUL_PUTS_RETURNS_LENGTH 1u
#define EMUL_WRITE_CONSOLE_ONLY 2u

void emul_base_init (const struct emul_base *base);
/* Register BASE when the library is loaded (before any call of it).  */
#define EMUL_BASE_REGISTER(base) \
  static void __attribute__ ((constructor)) \
  emul_register_base_ (void) { emul_base_init (&(base)); } \
  struct emul_base_registered_
/* What was registered (NULL before), for the files of the base.  */
extern const struct emul_base *emul_registered_base;

/* ---- report.c: diagnostic lines and settings.  ---- */

/* One line: the prefix (when PREFIXED), the text and a newline, in one
   write to FD, straight to the kernel (not through the interposed
   stdio), so that the lines of several threads do not mix.  */
void emul_vreport (int fd, bool prefixed, const char *fmt, va_list ap)
  __attribute__ ((format (printf, 3, 0)));
/* A prefixed line on stderr.  */
void emul_report (const char *fmt, ...)
  __attribute__ ((format (printf, 1, 2)));

/* "VAR='VALUE': WHAT" on stderr.  */
void emul_bad_setting (const char *var, const char *value, const char *what);

/* A decimal number in [0, MAX] at *P, which is advanced past it.  */
bool emul_parse_number (const char **p, unsigned long max,
			unsigned long *out);
/* S is all one decimal number in [0, MAX].  */
bool emul_number (const char *s, unsigned long max, unsigned long *out);

/* The flag VAR: unset or empty gives DEFLT, else "0" or "1"; false
   after a diagnostic for anything else.  */
bool emul_env_flag (const char *var, bool deflt, bool *out);

/* CLOCK_MONOTONIC in nanoseconds: the clock of the emulators' waits
   (signal wait timeouts, polls).  */
static inline uint64_t
emul_now_ns (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}

/* poll.c: when the threads that wait for work, or for its completion,
   poll before they sleep.  */
enum
{
  EMUL_POLL_AUTO,		/* While processors are to spare.  */
  EMUL_POLL_ALWAYS,
  EMUL_POLL_NEVER
};
/* Read VAR (auto, always or never) into *OUT, DEFLT where unset; false
   after a message when it is something else.  */
bool emul_env_poll (const char *var, int deflt, int *out);
/* Should a thread poll now, under MODE (EMUL_POLL_*)?  */
bool emul_poll_now (int mode);

/* The count of a fault-injection rule "NAME[:N[+]]": cut ITEM at its
   colon and read N (1 to MAX) into *N and whether '+' follows (every
   later call too) into *FROM.  1 when there was a count, 0 when there
   was no colon, -1 when the count is malformed.  */
int emul_rule_count (char *item, unsigned long max, unsigned long *n,
		     bool *from);

/* Count a call (in *CALLS) against a rule that makes call AT fail, and
   every later one too when FROM: true if this call fails.  *N (if not
   NULL) gets the call's number.  */
bool emul_rule_hit (uint64_t *calls, uint64_t at, bool from, uint64_t *n);

/* One call in N (drawn at random per thread) first sleeps 1 to 100
   microseconds (GOMPTARGET_EMUL_CUDA_JITTER=N).  */
void emul_jitter (unsigned long n);

/* One wait of a device thread for the host, the POLLS-th of this wait
   (from 0): a pause while POLLS < SPIN, a sched_yield while POLLS <
   YIELD, then a sleep of *SLEEP_NS (1 us if 0), which then doubles up to
   MAX_SLEEP_NS.  */
void emul_relax (unsigned polls, unsigned spin, unsigned yield,
		 long *sleep_ns, long max_sleep_ns);

/* ---- host-objects.c: the loaded objects and their ELF files.  ---- */

struct emul_loaded_object
{
  char *path;
  uintptr_t base;
};

/* The objects loaded now, in load order (malloc'ed, with malloc'ed
   paths: emul_loaded_free).  PATH_OF gives the file of an object from
   its dl_iterate_phdr name (the program's is empty), NULL to skip it.
   *ADDS and *SUBS (if not NULL) get dl_iterate_phdr's load and unload
   counts.  */
size_t emul_loaded_objects (const char *(*path_of) (const char *name),
			    struct emul_loaded_object **objs,
			    unsigned long long *adds,
			    unsigned long long *subs);
void emul_loaded_free (struct emul_loaded_object *objs, size_t n);
/* The file of the program, whose dl_iterate_phdr name is empty:
   /proc/self/exe, or the program's own file where the program was
   started by running the dynamic loader.  */
const char *emul_program_file (void);
/* Open the object file PATH for reading (O_CLOEXEC): /proc/self/exe,
   where there is no /proc, as the file the program was started from.
   A descriptor, or -1.  */
int emul_open_program (const char *path);

/* An ELF64 file mapped for reading, with a checked section table.  */
struct emul_elf
{
  const unsigned char *map;
  size_t size;
  const Elf64_Ehdr *eh;
  const Elf64_Shdr *sh;
};

/* Map the file open on FD (closed here); false if it is no ELF64 file
   with a section table inside it.  */
bool emul_elf_map (int fd, struct emul_elf *elf);
void emul_elf_unmap (struct emul_elf *elf);

/* The symbols of symbol-table section SEC of ELF and their string
   table; false if the section does not lie in the file.  */
bool emul_elf_symbols (const struct emul_elf *elf, const Elf64_Shdr *sec,
		       const Elf64_Sym **syms, size_t *nsyms,
		       const char **str, size_t *strsz);

/* ---- device-stdio.c: libc's console output in device code.  ---- */

/* The C library's NAME (the definition after this library's), looked
   up once per call site; the process ends if there is none.  */
void *emul_next_symbol (const char *name);
#define EMUL_NEXT(name) \
  ({ static __typeof__ (&name) next_; \
     __typeof__ (&name) f_ = __atomic_load_n (&next_, __ATOMIC_RELAXED); \
     if (f_ == NULL) \
       { \
	 f_ = (__typeof__ (&name)) emul_next_symbol (#name); \
	 __atomic_store_n (&next_, f_, __ATOMIC_RELAXED); \
       } \
     f_; })

/* ---- handles.c: the set of live handles, each of a KIND (not 0).  */

void emul_handle_add (int kind, const void *p);
void emul_handle_remove (const void *p);
bool emul_handle_valid (int kind, const void *p);

/* ---- pools.c: objects handed out as handles, from slabs that are never
   freed, so that any handle can be checked: it must point into a slab at
   an object boundary and be live.  ---- */

struct emul_obj
{
  uint32_t magic;
  uint32_t live;
  void *next_free;
};

struct emul_pool
{
  const char *what;
  size_t objsize;
  pthread_mutex_t lock;
  char **slabs;
  size_t nslabs;
  struct emul_obj *free_list;
};

#define EMUL_POOL_INIT(what, type) \
  { what, sizeof (type), PTHREAD_MUTEX_INITIALIZER, NULL, 0, NULL }

void *emul_pool_get (struct emul_pool *pool);
void emul_pool_put (struct emul_pool *pool, void *obj);
/* OBJ if it is a live object of POOL, else NULL.  */
void *emul_pool_find (struct emul_pool *pool, uint64_t handle);

#endif /* EMUL_BASE_H */
