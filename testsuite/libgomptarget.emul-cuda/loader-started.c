/* A program started by running the dynamic loader ("ld.so PROGRAM", as
   the real-GPU kit of contrib/gpu-kit starts its programs) that writes
   over its argv[0], as dirname (argv[0]) does: the emulated driver still
   finds the host version of the program's kernel.  Started that way, the
   program's file is not /proc/self/exe (the loader) and AT_EXECFN points
   at argv[0]'s own string, so the driver has to have taken the name
   before the program ran.  The test starts itself again through the
   loader named in its PT_INTERP.  */

#define _GNU_SOURCE 1
#include "emul-cuda-test.h"

#include <errno.h>
#include <libgen.h>
#include <link.h>
#include <sys/auxv.h>
#include <unistd.h>

#define N 100

static void
region (int *x, int n)
{
#pragma omp target map(tofrom: x[0:n])
  for (int i = 0; i < n; i++)
    x[i] = x[i] * 2 + 1;
}

/* The program's interpreter (its PT_INTERP), from the first object.  */
static int
find_interp (struct dl_phdr_info *info, size_t size, void *data)
{
  (void) size;
  for (int i = 0; i < info->dlpi_phnum; i++)
    if (info->dlpi_phdr[i].p_type == PT_INTERP)
      *(const char **) data
	= (const char *) (info->dlpi_addr + info->dlpi_phdr[i].p_vaddr);
  return 1;
}

int
main (int argc, char **argv)
{
  static int x[N];

  if (argc < 2)
    {
      /* Started as usual: again, by the loader.  */
      const char *interp = NULL;
      char self[4096];
      ssize_t n = readlink ("/proc/self/exe", self, sizeof self - 1);
      if (n <= 0)
	fail ("readlink /proc/self/exe: %s", strerror (errno));
      self[n] = '\0';
      dl_iterate_phdr (find_interp, &interp);
      if (interp == NULL)
	fail ("the program has no PT_INTERP");
      execl (interp, interp, self, "by-the-loader", (char *) NULL);
      fail ("execl %s %s: %s", interp, self, strerror (errno));
    }
  if (getauxval (AT_BASE) != 0)
    fail ("started again by the loader, yet the kernel gave an "
	  "interpreter base");
  /* What dirname does to the string AT_EXECFN points at.  */
  char *slash = strrchr (argv[0], '/');
  if (slash == NULL)
    fail ("argv[0] '%s' has no directory", argv[0]);
  *slash = '\0';

  for (int i = 0; i < N; i++)
    x[i] = i;
  setup ();
  CUmodule mod = load_image ();
  region (x, N);		/* Captured, not run.  */
  run_last_region (mod, 1, 1);
  for (int i = 0; i < N; i++)
    if (x[i] != i * 2 + 1)
      fail ("x[%d] = %d, expected %d", i, x[i], i * 2 + 1);
  CHECK (cu.cuModuleUnload (mod));
  CHECK (cu.cuDevicePrimaryCtxRelease_v2 (0));
  puts ("ok");
  return 0;
}
