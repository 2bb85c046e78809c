/* Helpers of the tests of libgomptarget.nvptx: checks, and the emulated
   CUDA driver's trace file (GOMPTARGET_EMUL_CUDA_TRACE), which records
   every launch (grid, block, shared memory), copy, allocation and free.
   The tests also run on real GPUs (contrib/gpu-kit), without a trace:
   the checks of the trace are then left out (see tracing).  */

#include <omp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void __attribute__ ((noreturn, format (printf, 1, 2)))
fail (const char *fmt, ...)
{
  va_list ap;
  fputs ("FAIL: ", stderr);
  va_start (ap, fmt);
  vfprintf (stderr, fmt, ap);
  va_end (ap);
  fputc ('\n', stderr);
  abort ();
}

#define CHECK(cond, ...) \
  do { if (!(cond)) fail (__VA_ARGS__); } while (0)

/* A check of the emulated driver's trace, made only when there is one.  */
#define TRACE_CHECK(cond, ...) \
  do { if (tracing () && !(cond)) fail (__VA_ARGS__); } while (0)

/* Is there a trace to check (the emulated driver), or a real GPU?  */
static int
tracing (void)
{
  return getenv ("GOMPTARGET_EMUL_CUDA_TRACE") != NULL;
}

/* Empty the trace, if any: call before the first construct.  */
static void
trace_reset (void)
{
  const char *f = getenv ("GOMPTARGET_EMUL_CUDA_TRACE");
  if (f != NULL)
    unlink (f);
}

/* Exit status of a test that cannot run here (too few GPUs).  */
#define SKIPPED 77

/* The number of GPUs: the tests run with GOMPTARGET_PLUGINS=nvptx,host,
   which puts the GPUs first and the emulated host device last.  */
static int
gpus (void)
{
  int n = omp_get_num_devices ();
  return n > 0 ? n - 1 : 0;
}

/* Skip (exit status SKIPPED) unless there are N GPUs.  */
static void
need_gpus (int n)
{
  int have = gpus ();
  if (have < n)
    {
      printf ("skipped: needs %d GPUs, has %d\n", n, have);
      exit (SKIPPED);
    }
}

/* The trace so far, as one string (malloc'ed).  */
static char *
trace_read (void)
{
  const char *f = getenv ("GOMPTARGET_EMUL_CUDA_TRACE");
  FILE *fp = f ? fopen (f, "r") : NULL;
  char *text = NULL;
  size_t len = 0, cap = 0, n;
  char buf[4096];

  CHECK (fp != NULL, "cannot read the trace file %s", f ? f : "(unset)");
  while ((n = fread (buf, 1, sizeof buf, fp)) > 0)
    {
      if (len + n + 1 > cap)
	{
	  cap = 2 * (len + n + 1);
	  text = realloc (text, cap);
	  CHECK (text != NULL, "out of memory");
	}
      memcpy (text + len, buf, n);
      len += n;
    }
  fclose (fp);
  if (text == NULL)
    text = calloc (1, 1);
  else
    text[len] = '\0';
  return text;
}

/* How many lines of the trace contain every one of the NULL-terminated
   strings given.  */
static int
trace_count (const char *first, ...)
{
  char *text = trace_read (), *line, *save = NULL;
  int count = 0;

  for (line = strtok_r (text, "\n", &save); line;
       line = strtok_r (NULL, "\n", &save))
    {
      va_list ap;
      const char *s;
      int all = 1;
      va_start (ap, first);
      for (s = first; s && all; s = va_arg (ap, const char *))
	all = strstr (line, s) != NULL;
      va_end (ap);
      count += all;
    }
  free (text);
  return count;
}
