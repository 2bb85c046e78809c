/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   The body of the test of the names of a C++ program's regions in
   GOMPTARGET_PROFILE's trace and GOMPTARGET_SUMMARY's table (default
   device 0 of the folder): the program, built by g++ and using nothing
   of the C++ runtime (so linked without libstdc++), runs itself with
   both set and reads them.  Known work: the region of the function
   template ns::scale<int> twice, whose outlined function is
   _ZN2ns5scaleIiEEvPT_i._omp_fn.0: the trace and the summary name it
   demangled, "void ns::scale<int>(int*, int) [clone ._omp_fn.0]", and
   never by its mangled name.  */

#include "trace-check.h"

namespace ns
{
template <typename T> void
scale (T *a, int n)
{
#pragma omp target map(tofrom: a[0:n])
  for (int i = 0; i < n; i++)
    a[i] *= 2;
}
}

#define DEMANGLED "void ns::scale<int>(int*, int) [clone ._omp_fn.0]"

static void
work (void)
{
  int a[4] = { 1, 2, 3, 4 };

  ns::scale (a, 4);
  ns::scale (a, 4);
  for (int i = 0; i < 4; i++)
    if (a[i] != 4 * (i + 1))
      fail ("a[%d] = %d", i, a[i]);
}

int
main (int argc, char **argv)
{
  char path[512], sum[512];
  struct jval *t;
  const char *s;
  char *text;
  int n;

  (void) argv;
  if (argc > 1)
    {
      work ();
      return 0;
    }
  snprintf (path, sizeof path, "%s/gt-profile-cxx-%d.json", tmp_dir (),
	    (int) getpid ());
  snprintf (sum, sizeof sum, "%s/gt-profile-cxx-%d.txt", tmp_dir (),
	    (int) getpid ());
  setenv ("GOMPTARGET_SUMMARY", sum, 1);
  run_child ("GOMPTARGET_PROFILE", path);
  unsetenv ("GOMPTARGET_SUMMARY");
  t = json_file (path);
  text = read_file (sum);
  unlink (path);
  unlink (sum);
  check_events (t);
  if ((n = count_spans (t, "region", DEMANGLED)) != 2)
    fail ("%d spans of region " DEMANGLED ", not 2", n);
  if ((n = count_spans (t, "region", "_Z*")) != 0)
    fail ("%d spans of a region by its mangled name", n);
  if ((s = summary_line (text, NULL, DEMANGLED)) == NULL)
    fail ("no line of " DEMANGLED " in the summary:\n%s", text);
  if (strstr (text, "_ZN2ns") != NULL)
    fail ("a mangled name in the summary:\n%s", text);
  printf ("trace: ok\n");
  jfree (t);
  free (text);
  return 0;
}
