/* gomptarget-info.c -- "why did it not offload?": print the plugins
   gomptarget looks for and what each found, the devices with their
   properties, and, for a program or shared library given, the offload
   images it carries and which device can run each.  The report is the
   library's own (GOMPTARGET_info_report, libgomp/info.c), made in the
   process whose images it tells: this one for a shared library, which
   is loaded here; for a program, the program itself, started with
   libgomptarget-info-preload.so, which prints the report in place of
   its main (info/info-preload.c).

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

#include "config.h"
#include "info-report.h"

#include <dlfcn.h>
#include <elf.h>
#include <stdbool.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>


static void
usage (FILE *out)
{
  fprintf (out,
	   "Usage: gomptarget-info [OPTION] [PROGRAM | LIBRARY.so]\n"
	   "Tell why OpenMP target regions offload or not: the plugins\n"
	   "gomptarget looks for (GOMPTARGET_PLUGINS, in GOMPTARGET_PLUGIN_PATH\n"
	   "or the library's directory) and what each found (its vendor\n"
	   "library, or why not), the devices with their properties, and,\n"
	   "given a program or shared library built with gcc -fopenmp\n"
	   "-foffload=..., the offload images it carries and which device\n"
	   "can run each.  A program is started without running its main:\n"
	   "its constructors run, as they register its images.\n"
	   "\n"
	   "  -h, --help     print this help and exit\n"
	   "  -V, --version  print the version and exit\n"
	   "\n"
	   "GOMP_DEBUG=1 adds the plugins' trace, which says why an image or\n"
	   "a device was refused.  Exit status: 0 when the report was made,\n"
	   "whether or not there is a GPU; 1 for a PROGRAM that cannot be\n"
	   "inspected; 2 for a bad option.\n");
}

/* What PATH is.  */
enum kind { NOT_ELF, OTHER_MACHINE, STATIC_PROGRAM, PROGRAM, LIBRARY };

/* Read the ELF header of PATH into *EH and classify it; -1 with errno
   when it cannot be read.  */
static int
classify (const char *path, Elf64_Ehdr *eh)
{
  int fd = open (path, O_RDONLY | O_CLOEXEC);
  bool interp = false, dynamic = false;
  int i;

  if (fd < 0)
    return -1;
  if (pread (fd, eh, sizeof *eh, 0) != (ssize_t) sizeof *eh
      || memcmp (eh->e_ident, ELFMAG, SELFMAG) != 0)
    {
      close (fd);
      return NOT_ELF;
    }
  if (eh->e_ident[EI_CLASS] != ELFCLASS64)
    {
      close (fd);
      return OTHER_MACHINE;
    }
  for (i = 0; i < eh->e_phnum; i++)
    {
      Elf64_Phdr ph;
      if (pread (fd, &ph, sizeof ph, (off_t) (eh->e_phoff
					      + (Elf64_Off) i
						* eh->e_phentsize))
	  != (ssize_t) sizeof ph)
	break;
      interp |= ph.p_type == PT_INTERP;
      dynamic |= ph.p_type == PT_DYNAMIC;
    }
  close (fd);
  if (eh->e_type != ET_EXEC && eh->e_type != ET_DYN)
    return NOT_ELF;
  if (!dynamic)
    return STATIC_PROGRAM;
  return interp ? PROGRAM : LIBRARY;
}

/* The directory of libgomptarget.so.1, where the plugins and the
   preloaded helper are installed, in BUF.  */
static bool
library_dir (char *buf, size_t size)
{
  Dl_info info;
  char *slash;

  if (dladdr ((void *) &GOMPTARGET_info_report, &info) == 0
      || info.dli_fname == NULL || strlen (info.dli_fname) >= size)
    return false;
  strcpy (buf, info.dli_fname);
  slash = strrchr (buf, '/');
  if (slash == NULL)
    strcpy (buf, ".");
  else
    *slash = '\0';
  return true;
}

/* Start PROGRAM with the helper preloaded: it prints the report instead
   of running main.  Return the exit status for gomptarget-info.  */
static int
inspect_program (const char *program)
{
  char dir[PATH_MAX], helper[PATH_MAX + 64], preload[3 * PATH_MAX + 2];
  const char *old = getenv ("LD_PRELOAD");
  struct stat st;
  int status;
  pid_t pid;

  if (!library_dir (dir, sizeof dir))
    {
      fprintf (stderr, "gomptarget-info: cannot tell where "
	       "libgomptarget.so.1 is\n");
      return 1;
    }
  /* Installed in the package's own directory below the library's (a
     module without a soname has no place in the library directory
     itself); in a build tree, libtool leaves it beside the library.  */
  snprintf (helper, sizeof helper,
	    "%s/gomptarget/libgomptarget-info-preload.so", dir);
  if (stat (helper, &st) != 0)
    snprintf (helper, sizeof helper, "%s/libgomptarget-info-preload.so",
	      dir);
  if (stat (helper, &st) != 0)
    {
      fprintf (stderr, "gomptarget-info: %s/gomptarget/"
	       "libgomptarget-info-preload.so: %s (gomptarget is not "
	       "installed completely)\n", dir, strerror (errno));
      return 1;
    }
  /* What is preloaded already comes first: a sanitizer's runtime must,
     and an emulated vendor library may.  */
  snprintf (preload, sizeof preload, "%s%s%s/libgomptarget.so.1:%s",
	    old ? old : "", old ? ":" : "", dir, helper);
  fflush (stdout);
  pid = fork ();
  if (pid < 0)
    {
      fprintf (stderr, "gomptarget-info: fork: %s\n", strerror (errno));
      return 1;
    }
  if (pid == 0)
    {
      char *argv[2] = { (char *) program, NULL };
      setenv ("LD_PRELOAD", preload, 1);
      setenv ("GOMPTARGET_INFO_PROGRAM", program, 1);
      execv (program, argv);
      fprintf (stderr, "gomptarget-info: %s: %s\n", program,
	       strerror (errno));
      _exit (127);
    }
  while (waitpid (pid, &status, 0) < 0)
    if (errno != EINTR)
      {
	fprintf (stderr, "gomptarget-info: waitpid: %s\n", strerror (errno));
	return 1;
      }
  if (WIFEXITED (status) && WEXITSTATUS (status) == 0)
    return 0;
  if (WIFSIGNALED (status))
    fprintf (stderr, "gomptarget-info: %s was killed by signal %d before "
	     "its main\n", program, WTERMSIG (status));
  else if (WEXITSTATUS (status) != 127)
    fprintf (stderr, "gomptarget-info: %s exited with status %d before its "
	     "main\n", program, WEXITSTATUS (status));
  return 1;
}

/* Load LIBRARY here, which registers its images, and report.  */
static int
inspect_library (const char *library)
{
  char path[PATH_MAX];

  /* A name without a slash would be searched for as dlopen does.  */
  snprintf (path, sizeof path, "%s%s", strchr (library, '/') ? "" : "./",
	    library);
  if (dlopen (path, RTLD_NOW | RTLD_GLOBAL) == NULL)
    {
      fprintf (stderr, "gomptarget-info: %s\n", dlerror ());
      return 1;
    }
  return GOMPTARGET_info_report (stdout, library) == 0 ? 0 : 1;
}

int
main (int argc, char **argv)
{
  const char *target = NULL;
  Elf64_Ehdr eh, self;
  int i;

  for (i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "-h") == 0 || strcmp (argv[i], "--help") == 0)
	{
	  usage (stdout);
	  return 0;
	}
      if (strcmp (argv[i], "-V") == 0 || strcmp (argv[i], "--version") == 0)
	{
	  printf ("gomptarget-info (gomptarget) %s\n", PACKAGE_VERSION);
	  return 0;
	}
      if (strcmp (argv[i], "--") == 0 && i + 1 < argc && target == NULL)
	target = argv[++i];
      else if (argv[i][0] == '-' || target != NULL)
	{
	  fprintf (stderr, "gomptarget-info: %s '%s'\n",
		   argv[i][0] == '-' ? "unknown option" : "one file at most:",
		   argv[i]);
	  usage (stderr);
	  return 2;
	}
      else
	target = argv[i];
    }
  if (target == NULL)
    return GOMPTARGET_info_report (stdout, NULL) == 0 ? 0 : 1;

  switch (classify (target, &eh))
    {
    case -1:
      fprintf (stderr, "gomptarget-info: %s: %s\n", target,
	       strerror (errno));
      return 1;
    case NOT_ELF:
      fprintf (stderr, "gomptarget-info: %s: not a program or shared "
	       "library (no ELF file)\n", target);
      return 1;
    case OTHER_MACHINE:
      fprintf (stderr, "gomptarget-info: %s: not for this machine\n",
	       target);
      return 1;
    case STATIC_PROGRAM:
      fprintf (stderr, "gomptarget-info: %s: statically linked; "
	       "libgomptarget cannot be preloaded into it\n", target);
      return 1;
    case LIBRARY:
    case PROGRAM:
      break;
    }
  if (classify ("/proc/self/exe", &self) > 0 && eh.e_machine != self.e_machine)
    {
      fprintf (stderr, "gomptarget-info: %s: not for this machine\n",
	       target);
      return 1;
    }
  if (classify (target, &eh) == LIBRARY)
    return inspect_library (target);
  return inspect_program (target);
}
