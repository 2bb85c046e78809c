/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   The disk a GOMPTARGET_PROFILE trace takes (the recorder allocates the
   file's blocks ahead of its writes, a megabyte at a time, keeping its
   size): a program that writes some 4 MB of trace and ends must leave a
   file whose blocks are no more than its size needs, and valid JSON
   (twice, with 4.1 and 4.6 MB or so: what a file would keep allocated
   beyond its end is more than the slack of file systems in one of the
   two at least); one that stops without exit's work, as a crash does,
   once 2 MB are written, a file of its size, valid JSON up to its last
   event (which the writer thread may have been writing as the process
   ended: an exit cuts a write short) with its closing "]" added, and at
   most a megabyte more allocated beyond its end.  On the emulated host
   device.  */

#include "trace-check.h"

#include <sys/stat.h>
#include <sys/vfs.h>

#define REGIONS 6000
#define CRASH_BYTES (2L << 20)
/* What a file system may round a file's blocks up to, beyond its size.  */
#define SLACK (128L << 10)
#define STEP (1L << 20)

/* The trace's size and the bytes of its blocks.  */
static void
file_use (const char *path, long *size, long *blocks)
{
  struct stat st;

  if (stat (path, &st) != 0)
    fail ("no trace %s", path);
  *size = (long) st.st_size;
  *blocks = (long) st.st_blocks * 512;
}

/* Whether PATH's file system allocates a file's blocks as its writes
   and fallocate ask, no more: ext4's or tmpfs's.  */
static bool
fs_exact (const char *path)
{
  struct statfs sf;

  return statfs (path, &sf) == 0
	 && (sf.f_type == 0xEF53 || sf.f_type == 0x01021994);
}

/* Where the last event of TEXT begins (its ",\n{"), or NULL.  */
static char *
strrstr_event (char *text)
{
  char *last = NULL;

  for (char *p = strstr (text, ",\n{"); p; p = strstr (p + 1, ",\n{"))
    last = p;
  return last;
}

/* The child: as many regions as the trace's name says ("-nN-"), or, in
   a name with "-crash-", regions until 2 MB of trace are written.  */
static int
child (void)
{
  const char *path = getenv ("GOMPTARGET_PROFILE");
  const char *tag = path ? strstr (path, "-n") : NULL;
  bool crash = path && strstr (path, "-crash-") != NULL;
  long regions = tag ? atol (tag + 2) : 0;
  int x = 0;

  for (long i = 0; i < (crash ? 100 * REGIONS : regions); i++)
    {
#pragma omp target map(tofrom: x)
      x++;
      if (crash && i % 1000 == 999)
	{
	  long size, blocks;

	  file_use (path, &size, &blocks);
	  if (size >= CRASH_BYTES)
	    /* No exit handlers, no destructors: what the writer thread
	       wrote so far is all the file gets.  */
	    _exit (0);
	}
    }
  return crash ? 1 : x == regions ? 0 : 1;
}

/* A run of N regions, traced: its file's blocks no more than its size
   needs.  */
static void
whole_run (long regions)
{
  char path[512];
  long size, blocks, n;
  struct jval *t;

  snprintf (path, sizeof path, "%s/gt-profile-blocks-n%ld-%d.json",
	    tmp_dir (), regions, (int) getpid ());
  run_child ("GOMPTARGET_PROFILE", path);
  file_use (path, &size, &blocks);
  t = json_file (path);
  unlink (path);
  check_events (t);
  if ((n = count_spans (t, "region", NULL)) != regions)
    fail ("%ld region spans, not %ld", n, regions);
  if (blocks > size + SLACK)
    fail ("the trace of %ld bytes takes %ld bytes of disk after exit",
	  size, blocks);
  printf ("%ld regions: %ld bytes, %ld of disk\n", regions, size, blocks);
  jfree (t);
}

int
main (int argc, char **argv)
{
  char path[512];
  long size, blocks;
  struct jval *t;
  char *text, *last;

  (void) argv;
  if (argc > 1)
    return child ();

  whole_run (REGIONS);
  whole_run (REGIONS + REGIONS / 9);

  /* A run stopped short.  */
  snprintf (path, sizeof path, "%s/gt-profile-blocks-crash-%d.json",
	    tmp_dir (), (int) getpid ());
  run_child ("GOMPTARGET_PROFILE", path);
  file_use (path, &size, &blocks);
  if (size < CRASH_BYTES)
    fail ("the trace stopped short has %ld bytes, not %ld or more", size,
	  CRASH_BYTES);
  /* Where the file system allocates no more of its own beyond a file's
     end (XFS, say, allocates ahead of a file that grows, and may keep
     it after a crash): ext4 and tmpfs.  */
  if (fs_exact (path) && blocks > size + STEP + SLACK)
    fail ("the trace stopped short, of %ld bytes, takes %ld bytes of disk",
	  size, blocks);
  /* Up to its last event, "]" makes it whole.  */
  text = read_file (path);
  unlink (path);
  if ((long) strlen (text) != size || (last = strrstr_event (text)) == NULL)
    fail ("the trace stopped short is not text of events");
  strcpy (last, "\n]\n");
  t = json_text (text, path);
  check_events (t);
  if (count_spans (t, "region", NULL) == 0)
    fail ("no region span in the trace stopped short");
  printf ("stopped short: %ld bytes, %ld of disk\n", size, blocks);
  jfree (t);
  free (text);
  printf ("file-blocks: ok\n");
  return 0;
}

/* { dg-final { gomptarget-output-includes {file-blocks: ok} } } */
