/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   The body of the test of GOMPTARGET_PROFILE's marks on the copies the
   runtime makes on its own (default device 0 of the folder): the
   program runs itself with GOMPTARGET_PROFILE set and reads the trace.
   Known work: a structure S, with a pointer P to an array A of 16 ints,
   and A entered in the device's data environment; a region that maps
   s.p[0:16], for which the runtime attaches the device's copy of s.p to
   the device's A (a copy of a pointer's bytes it made itself), and
   detaches it after (another); a region with a 96-byte firstprivate
   structure; the first region again, nowait, whose copies are queued on
   every device.  The copies of A's and S's own bytes are the program's
   and carry no mark; those of the device addresses carry "own": true, on
   the host thread's track and on that of the device's queue that ran
   them.  */

#include "trace-check.h"

struct s
{
  int *p;
  long n;
};

struct big
{
  int v[24];
};

static int a[16];
static struct s s;

static void
work (void)
{
  struct big b;
  int sum = 0;

  for (int i = 0; i < 24; i++)
    b.v[i] = i;
  s.p = a;
  s.n = 16;
#pragma omp target enter data map(to: s, a)
#pragma omp target map(tofrom: s.p[0:16])
  for (int i = 0; i < 16; i++)
    s.p[i] = i + 1;
#pragma omp target map(tofrom: s.p[0:16]) nowait
  for (int i = 0; i < 16; i++)
    s.p[i] += 0;
#pragma omp taskwait
#pragma omp target exit data map(from: a) map(release: s)
  for (int i = 0; i < 16; i++)
    if (a[i] != i + 1)
      fail ("a[%d] = %d", i, a[i]);
#pragma omp target firstprivate(b) map(from: sum)
  {
    sum = 0;
    for (int i = 0; i < 24; i++)
      sum += b.v[i];
  }
  if (sum != 276)
    fail ("sum = %d", sum);
}

int
main (int argc, char **argv)
{
  struct jval *t;
  int n;

  (void) argv;
  if (argc > 1)
    {
      work ();
      return 0;
    }
  t = child_trace ("own");
  check_events (t);
  if ((n = count_own_copies (t, "to", sizeof (void *), true)) < 1)
    fail ("%d copies of a device address to the device marked as the "
	  "runtime's own, fewer than 1", n);
  if ((n = count_own_copies (t, "to", sizeof a, false)) != 1
      || (n = count_own_copies (t, "to", sizeof a, true)) != 0)
    fail ("the program's copy of a to the device: %d, or marked as the "
	  "runtime's own", n);
  if ((n = count_own_copies (t, "from", sizeof a, false)) != 1)
    fail ("%d copies of a from the device, not 1", n);
  if ((n = count_own_copies (t, "to", sizeof (struct s), false)) != 1)
    fail ("%d copies of s to the device, not 1", n);
  if ((n = count_own_copies (t, "to", sizeof (struct big), true)) != 1
      || (n = count_own_copies (t, "to", sizeof (struct big), false)) != 0)
    fail ("the firstprivate copy of b: %d, or not marked as the runtime's "
	  "own", n);
  /* The queues' spans of the same copies: those queued, at least the
     nowait region's two (attach, detach), on every device.  */
  if ((n = count_own_ops (t, "queue", "copy to device", sizeof (void *),
			  true)) < 2)
    fail ("%d queue spans of device addresses copied to the device marked "
	  "as the runtime's own, fewer than 2", n);
  if ((n = count_own_ops (t, "queue", "copy to device", sizeof (void *),
			  false)) != 0
      || (n = count_own_ops (t, "queue", "copy to device",
			     sizeof (struct big), false)) != 0)
    fail ("%d queue spans of the runtime's own copies not marked so", n);
  if ((n = count_own_ops (t, "queue", "copy to device", sizeof a, true))
      != 0)
    fail ("%d queue spans of the program's copy of a marked as the "
	  "runtime's own", n);
  printf ("trace: ok\n");
  jfree (t);
  return 0;
}
