/* Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1

   What the GOMPTARGET_PROFILE and GOMPTARGET_SUMMARY tests share: running
   this program again with a variable set (the records are written at
   exit, so the program checks a run of itself), a strict JSON reader for
   the trace (any syntax error fails the test) and queries on its events.
   C, and C++ for the tests of C++ programs.  */

#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <spawn.h>
#include <sys/auxv.h>
#include <sys/wait.h>
#include <unistd.h>

/* Where the tests write their files.  */
static const char *
tmp_dir (void)
{
  const char *d = getenv ("TMPDIR");
  return d && *d ? d : "/tmp";
}

extern char **environ;

static void
fail (const char *fmt, ...)
{
  va_list ap;

  va_start (ap, fmt);
  fprintf (stderr, "FAIL: ");
  vfprintf (stderr, fmt, ap);
  fprintf (stderr, "\n");
  va_end (ap);
  exit (1);
}

/* Run this program again with argument "child" and VAR=VALUE; its exit
   status must be 0.  Its process id.  */
static pid_t
run_child (const char *var, const char *value)
{
  char *argv[64] = { (char *) "self", (char *) "child", NULL };
  /* The program's file as it was started: under a tool such as valgrind
     /proc/self/exe is the tool's own.  */
  const char *self = (const char *) getauxval (AT_EXECFN);
  static char cmdline[8192], exe[4096];
  ssize_t e = readlink ("/proc/self/exe", exe, sizeof exe - 1);
  const char *base;
  pid_t pid;
  int status;

  exe[e > 0 ? e : 0] = '\0';
  base = strrchr (exe, '/');
  if (self == NULL || access (self, X_OK) != 0)
    self = "/proc/self/exe";
  if (strncmp (base ? base + 1 : exe, "ld-", 3) == 0)
    {
      /* Started by the dynamic loader named as the command (the real-GPU
	 kit's "ld-linux-x86-64.so.2 --library-path DIR PROGRAM"): the
	 same command line, with "child" after it.  */
      FILE *f = fopen ("/proc/self/cmdline", "r");
      size_t n = f ? fread (cmdline, 1, sizeof cmdline - 1, f) : 0;
      int argc = 0;

      if (f)
	fclose (f);
      for (size_t i = 0; i < n && argc < 62; i += strlen (cmdline + i) + 1)
	argv[argc++] = cmdline + i;
      argv[argc++] = (char *) "child";
      argv[argc] = NULL;
      self = exe;
    }
  setenv (var, value, 1);
  if (posix_spawn (&pid, self, NULL, NULL, argv, environ) != 0)
    fail ("cannot run the child");
  unsetenv (var);
  if (waitpid (pid, &status, 0) != pid || !WIFEXITED (status)
      || WEXITSTATUS (status) != 0)
    fail ("the child failed (status %#x)", status);
  return pid;
}

static char *
read_file (const char *path)
{
  FILE *f = fopen (path, "r");
  char *buf;
  long n;

  if (f == NULL)
    fail ("no file %s", path);
  fseek (f, 0, SEEK_END);
  n = ftell (f);
  fseek (f, 0, SEEK_SET);
  buf = (char *) malloc (n + 1);
  if (buf == NULL || fread (buf, 1, n, f) != (size_t) n)
    fail ("cannot read %s", path);
  buf[n] = '\0';
  fclose (f);
  return buf;
}

/* ---- A JSON value.  ---- */

enum jtype { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ };

struct jval
{
  enum jtype type;
  double num;
  char *str;
  int n;			/* Elements or members.  */
  int cap;			/* Room in KEYS and VALS.  */
  char **keys;
  struct jval **vals;
};

static const char *jp;

static void
jws (void)
{
  while (*jp == ' ' || *jp == '\t' || *jp == '\n' || *jp == '\r')
    jp++;
}

static struct jval *jparse (void);

static char *
jstring (void)
{
  const char *end;
  char *s, *o;

  if (*jp++ != '"')
    fail ("JSON: a string expected at '%.20s'", jp - 1);
  /* Room for the string up to its closing quote, not for the rest of
     the file: a trace has tens of thousands of strings (and under
     ThreadSanitizer every large block is mapped on its own).  An escape
     is no shorter than what it stands for.  */
  for (end = jp; *end != '"' && *end != '\0'; end++)
    if (*end == '\\' && end[1] != '\0')
      end++;
  if ((s = (char *) malloc ((size_t) (end - jp) + 1)) == NULL)
    fail ("JSON: out of memory");
  o = s;
  while (*jp != '"')
    {
      if (*jp == '\0' || (unsigned char) *jp < ' ')
	fail ("JSON: bad string");
      if (*jp == '\\')
	{
	  jp++;
	  if (strchr ("\"\\/bfnrt", *jp))
	    *o++ = *jp++;
	  else if (*jp == 'u' && isxdigit (jp[1]) && isxdigit (jp[2])
		   && isxdigit (jp[3]) && isxdigit (jp[4]))
	    {
	      *o++ = '?';
	      jp += 5;
	    }
	  else
	    fail ("JSON: bad escape");
	}
      else
	*o++ = *jp++;
    }
  jp++;
  *o = '\0';
  return s;
}

static struct jval *
jparse (void)
{
  struct jval *v = (struct jval *) calloc (1, sizeof *v);

  jws ();
  if (*jp == '{' || *jp == '[')
    {
      bool obj = *jp++ == '{';
      v->type = obj ? J_OBJ : J_ARR;
      jws ();
      if (*jp == (obj ? '}' : ']'))
	{
	  jp++;
	  return v;
	}
      for (;;)
	{
	  if (v->n == v->cap)
	    {
	      /* Doubled: a trace holds tens of thousands of events, and a
		 block grown one element at a time is copied as often (and
		 under ThreadSanitizer mapped anew each time it is
		 large).  */
	      v->cap = v->cap ? 2 * v->cap : 8;
	      v->keys = (char **) realloc (v->keys, v->cap * sizeof *v->keys);
	      v->vals = (struct jval **) realloc (v->vals,
						  v->cap * sizeof *v->vals);
	      if (v->keys == NULL || v->vals == NULL)
		fail ("JSON: out of memory");
	    }
	  v->keys[v->n] = NULL;
	  if (obj)
	    {
	      jws ();
	      v->keys[v->n] = jstring ();
	      jws ();
	      if (*jp++ != ':')
		fail ("JSON: ':' expected");
	    }
	  v->vals[v->n++] = jparse ();
	  jws ();
	  if (*jp == ',')
	    {
	      jp++;
	      continue;
	    }
	  if (*jp++ != (obj ? '}' : ']'))
	    fail ("JSON: ',' or end expected at '%.20s'", jp - 1);
	  return v;
	}
    }
  if (*jp == '"')
    {
      v->type = J_STR;
      v->str = jstring ();
      return v;
    }
  if (strncmp (jp, "true", 4) == 0 || strncmp (jp, "false", 5) == 0)
    {
      v->type = J_BOOL;
      v->num = *jp == 't';
      jp += *jp == 't' ? 4 : 5;
      return v;
    }
  if (strncmp (jp, "null", 4) == 0)
    {
      jp += 4;
      return v;
    }
  if (*jp == '-' || isdigit ((unsigned char) *jp))
    {
      char *end;
      /* JSON's numbers: no leading '+', '.', hex, inf or nan.  */
      const char *d = jp + (*jp == '-');
      if (!isdigit ((unsigned char) *d) || (d[0] == '0' && isdigit (d[1])))
	fail ("JSON: bad number at '%.20s'", jp);
      v->type = J_NUM;
      v->num = strtod (jp, &end);
      for (const char *c = jp; c < end; c++)
	if (!strchr ("0123456789-+.eE", *c))
	  fail ("JSON: bad number at '%.20s'", jp);
      jp = end;
      return v;
    }
  fail ("JSON: a value expected at '%.20s'", jp);
  return NULL;
}

/* TEXT as one JSON value, strictly; WHAT names it in a failure.  */
static struct jval *
json_text (const char *text, const char *what)
{
  struct jval *v;

  jp = text;
  v = jparse ();
  jws ();
  if (*jp != '\0')
    fail ("JSON: text after the value in %s: '%.20s'", what, jp);
  return v;
}

/* Read the whole of PATH as one JSON value, strictly.  */
static struct jval *
json_file (const char *path)
{
  char *text = read_file (path);
  struct jval *v = json_text (text, path);

  free (text);
  return v;
}

/* Run this program again as the child with VAR naming a file of the
   temporary directory (gt-profile-TAG-PID.EXT), and return the file's
   text, the file removed.  */
static char *
child_file (const char *var, const char *tag, const char *ext)
{
  char path[512];
  char *text;

  snprintf (path, sizeof path, "%s/gt-profile-%s-%d.%s", tmp_dir (), tag,
	    (int) getpid (), ext);
  run_child (var, path);
  text = read_file (path);
  unlink (path);
  return text;
}

/* The trace (GOMPTARGET_PROFILE) of this program run as the child.  */
static struct jval *
child_trace (const char *tag)
{
  char path[512];
  struct jval *t;

  snprintf (path, sizeof path, "%s/gt-profile-%s-%d.json", tmp_dir (), tag,
	    (int) getpid ());
  run_child ("GOMPTARGET_PROFILE", path);
  t = json_file (path);
  unlink (path);
  return t;
}

/* The exit summary (GOMPTARGET_SUMMARY) of this program run as the
   child.  */
static char *
child_summary (const char *tag)
{
  return child_file ("GOMPTARGET_SUMMARY", tag, "txt");
}

/* Free V and what it holds.  */
static void
jfree (struct jval *v)
{
  if (v == NULL)
    return;
  for (int i = 0; i < v->n; i++)
    {
      if (v->keys)
	free (v->keys[i]);
      jfree (v->vals[i]);
    }
  free (v->keys);
  free (v->vals);
  free (v->str);
  free (v);
}

static struct jval *
jget (const struct jval *o, const char *key)
{
  if (o == NULL || o->type != J_OBJ)
    return NULL;
  for (int i = 0; i < o->n; i++)
    if (strcmp (o->keys[i], key) == 0)
      return o->vals[i];
  return NULL;
}

static const char *
jstr (const struct jval *o, const char *key)
{
  struct jval *v = jget (o, key);
  return v && v->type == J_STR ? v->str : NULL;
}

static double
jnum (const struct jval *o, const char *key)
{
  struct jval *v = jget (o, key);
  if (v == NULL || v->type != J_NUM)
    return -1;
  return v->num;
}

/* ---- The trace.  ---- */

/* Check that T is a trace: an array of events, each with a phase, a
   process and a thread, a complete event ("X") with a name, a category,
   a start and a duration >= 0.  */
static void
check_events (const struct jval *t)
{
  if (t->type != J_ARR || t->n < 1)
    fail ("the trace is not a non-empty array");
  for (int i = 0; i < t->n; i++)
    {
      const struct jval *e = t->vals[i];
      const char *ph = jstr (e, "ph");
      if (ph == NULL || jnum (e, "pid") < 0 || jnum (e, "tid") < 0)
	fail ("event %d has no ph, pid or tid", i);
      if (strcmp (ph, "X") == 0
	  && (jstr (e, "name") == NULL || jstr (e, "cat") == NULL
	      || jnum (e, "ts") < 0 || jnum (e, "dur") < 0))
	fail ("event %d: a span without name, cat, ts or dur", i);
    }
}

/* Is E a span of category CAT (and name NAME, or name starting with
   NAME when NAME ends with '*'; NULL: any)?  */
static bool
is_span (const struct jval *e, const char *cat, const char *name)
{
  const char *ph = jstr (e, "ph"), *n = jstr (e, "name");
  size_t l;

  if (ph == NULL || strcmp (ph, "X") != 0 || strcmp (jstr (e, "cat"), cat))
    return false;
  if (name == NULL)
    return true;
  l = strlen (name);
  if (l > 0 && name[l - 1] == '*')
    return strncmp (n, name, l - 1) == 0;
  return strcmp (n, name) == 0;
}

/* The number of spans of category CAT named NAME (see is_span).  */
static int
count_spans (const struct jval *t, const char *cat, const char *name)
{
  int n = 0;

  for (int i = 0; i < t->n; i++)
    n += is_span (t->vals[i], cat, name);
  return n;
}

/* qsort's order of spans (pointers to their events) by their starts.  */
static int
by_start (const void *x, const void *y)
{
  double a = jnum (*(struct jval *const *) x, "ts");
  double b = jnum (*(struct jval *const *) y, "ts");

  return (a > b) - (a < b);
}

/* Where span E ends, in microseconds.  */
static double __attribute__ ((unused))
span_end (const struct jval *e)
{
  return jnum (e, "ts") + jnum (e, "dur");
}

/* The spans of category CAT named NAME (see is_span), in the order of
   their starts: *N of them, in an array to free.  */
static const struct jval ** __attribute__ ((unused))
spans_by_start (const struct jval *t, const char *cat, const char *name,
		int *n)
{
  const struct jval **s
    = (const struct jval **) malloc ((t->n + 1) * sizeof *s);

  if (s == NULL)
    fail ("out of memory");
  *n = 0;
  for (int i = 0; i < t->n; i++)
    if (is_span (t->vals[i], cat, name))
      s[(*n)++] = t->vals[i];
  qsort (s, *n, sizeof s[0], by_start);
  return s;
}

/* Fail unless each of N regions' copies lie around its kernel: TO[I],
   the copy to the device of region I, ends by the start of KERNELS[I]
   (its kernel by the device's clock) and FROM[I], its copy back, starts
   after the kernel's end, SLACK microseconds either way; where REGIONS
   is not NULL, both copies also lie within REGIONS[I], the region's own
   span (no slack: the same clock).  WHAT starts each message.  */
static void __attribute__ ((unused))
check_copies_around_kernels (const char *what, const struct jval **to,
			     const struct jval **from,
			     const struct jval **kernels,
			     const struct jval **regions, int n, double slack)
{
  for (int i = 0; i < n; i++)
    {
      double k0 = jnum (kernels[i], "ts"), k1 = span_end (kernels[i]);
      double t0 = jnum (to[i], "ts"), t1 = span_end (to[i]);
      double f0 = jnum (from[i], "ts"), f1 = span_end (from[i]);

      if (t1 > k0 + slack || f0 < k1 - slack)
	fail ("%s, region %d: copies from %.3f to %.3f and back from %.3f "
	      "to %.3f, not ending by its kernel's start %.3f and starting "
	      "after its end %.3f", what, i, t0, t1, f0, f1, k0, k1);
      if (regions != NULL
	  && (t0 < jnum (regions[i], "ts") || f1 > span_end (regions[i])))
	fail ("%s, region %d: copies from %.3f to %.3f and back from %.3f "
	      "to %.3f, not within the region from %.3f to %.3f", what, i,
	      t0, t1, f0, f1, jnum (regions[i], "ts"),
	      span_end (regions[i]));
    }
}

/* Fail unless the spans of category CAT named NAME (see is_span) lie one
   after another, none starting before the one before it ends: those of
   one track of a device that runs one operation at a time.  */
static void __attribute__ ((unused))
check_spans_apart (const struct jval *t, const char *cat, const char *name)
{
  int n, i;
  const struct jval **s = spans_by_start (t, cat, name, &n);

  /* Microseconds with three decimals: the same boundary may print 1 ns
     apart.  */
  for (i = 1; i < n; i++)
    if (jnum (s[i], "ts") < span_end (s[i - 1]) - 0.002)
      fail ("%s at %.3f starts before %s at %.3f ends at %.3f",
	    jstr (s[i], "name"), jnum (s[i], "ts"),
	    jstr (s[i - 1], "name"), jnum (s[i - 1], "ts"),
	    span_end (s[i - 1]));
  free (s);
}

/* The number of copies of BYTES bytes in direction DIR.  */
static int
count_copies (const struct jval *t, const char *dir, double bytes)
{
  int n = 0;

  for (int i = 0; i < t->n; i++)
    {
      const struct jval *e = t->vals[i], *a = jget (e, "args");
      if (is_span (e, "copy", NULL) && jstr (a, "direction")
	  && strcmp (jstr (a, "direction"), dir) == 0
	  && jnum (a, "bytes") == bytes)
	n++;
    }
  return n;
}

/* The number of copies of BYTES bytes in direction DIR that are the
   runtime's own ("own": true) when OWN, else the program's.  */
static int
count_own_copies (const struct jval *t, const char *dir, double bytes,
		  bool own)
{
  int n = 0;

  for (int i = 0; i < t->n; i++)
    {
      const struct jval *e = t->vals[i], *a = jget (e, "args");
      const struct jval *o = jget (a, "own");
      if (is_span (e, "copy", NULL) && jstr (a, "direction")
	  && strcmp (jstr (a, "direction"), dir) == 0
	  && jnum (a, "bytes") == bytes
	  && (o != NULL && o->type == J_BOOL && o->num != 0) == own)
	n++;
    }
  return n;
}

/* The number of spans of category CAT named NAME (a plugin's queue
   spans of copies: "queue") of BYTES, marked as the runtime's own or
   not (OWN).  */
static int
count_own_ops (const struct jval *t, const char *cat, const char *name,
	       double bytes, bool own)
{
  int n = 0;

  for (int i = 0; i < t->n; i++)
    {
      const struct jval *e = t->vals[i], *a = jget (e, "args");
      const struct jval *o = jget (a, "own");
      if (is_span (e, cat, name) && jnum (a, "bytes") == bytes
	  && (o != NULL && o->type == J_BOOL && o->num != 0) == own)
	n++;
    }
  return n;
}

/* The number of distinct threads with spans of category CAT named NAME;
   each must have a thread_name record.  */
static int
count_tracks (const struct jval *t, const char *cat, const char *name)
{
  double tids[64];
  int n = 0;

  for (int i = 0; i < t->n; i++)
    {
      const struct jval *e = t->vals[i];
      double tid = jnum (e, "tid");
      int j;
      if (!is_span (e, cat, name))
	continue;
      for (j = 0; j < n; j++)
	if (tids[j] == tid)
	  break;
      if (j < n || n == 64)
	continue;
      tids[n++] = tid;
      for (j = 0; j < t->n; j++)
	if (jnum (t->vals[j], "tid") == tid
	    && jstr (t->vals[j], "name")
	    && strcmp (jstr (t->vals[j], "name"), "thread_name") == 0)
	  break;
      if (j == t->n)
	fail ("thread %.0f has no thread_name record", tid);
    }
  return n;
}

/* Whether member KEY of E is true.  */
static bool
jtrue (const struct jval *e, const char *key)
{
  const struct jval *v = jget (e, key);

  return v != NULL && v->type == J_BOOL && v->num != 0;
}

/* Whether the flow id ID is one both viewers read: "0x" and hexadecimal
   digits, within 64 bits.  */
static bool
flow_id_ok (const char *id)
{
  size_t n = id != NULL ? strlen (id) : 0;

  if (n < 3 || n > 18 || id[0] != '0' || id[1] != 'x')
    return false;
  return strspn (id + 2, "0123456789abcdef") == n - 2;
}

/* The number of arrows of the spans of category TO (the queues',
   "queue"; the device's times, "device") bound to the span they start
   from by Chrome's flow members of version 2 (the same "bind_id",
   "flow_out" at the start, "flow_in" at the end, both on a span that the
   arrow goes on from): each such span must have one start with its id
   no later than itself, on another track where OTHER_TRACK, that is a
   host thread's span for a queue's, a queue's for the device's.  */
static int
count_bound_flows (const struct jval *t, const char *to, bool other_track)
{
  int n = 0;

  for (int i = 0; i < t->n; i++)
    {
      const struct jval *f = t->vals[i];
      const char *id = jstr (f, "bind_id");
      int starts = 0;
      if (id == NULL || !is_span (f, to, NULL) || !jtrue (f, "flow_in"))
	continue;
      if (!flow_id_ok (id))
	fail ("flow id %s: not \"0x\" and up to 16 hexadecimal digits", id);
      for (int j = 0; j < t->n; j++)
	{
	  const struct jval *s = t->vals[j];
	  const char *sid = jstr (s, "bind_id");
	  bool from_host = jnum (s, "tid") < 0x40000000;
	  if (j == i || sid == NULL || strcmp (sid, id) != 0
	      || !jtrue (s, "flow_out") || jnum (s, "ts") > jnum (f, "ts")
	      || (other_track && jnum (s, "tid") == jnum (f, "tid")))
	    continue;
	  if (strcmp (to, "queue") == 0 ? from_host && !jtrue (s, "flow_in")
	      : is_span (s, "queue", NULL))
	    starts++;
	}
      if (starts != 1)
	fail ("flow %s: %d start(s) of the arrow to a %s span", id, starts,
	      to);
      n++;
    }
  return n;
}

/* The number of flow arrows named NAME: "queued", from where an
   operation was queued to the queue's span of it, and "executed", from
   there to the device's times of it, bound to their spans (see
   count_bound_flows); "depend", an "f" event whose id has one "s"
   event before it (by time), on another track where OTHER_TRACK; each
   id ends once.  */
static int
count_flows (const struct jval *t, const char *name, bool other_track)
{
  int n = 0;

  if (strcmp (name, "queued") == 0)
    return count_bound_flows (t, "queue", other_track);
  if (strcmp (name, "executed") == 0)
    return count_bound_flows (t, "device", other_track);
  for (int i = 0; i < t->n; i++)
    {
      const struct jval *f = t->vals[i];
      const char *ph = jstr (f, "ph"), *id = jstr (f, "id");
      int starts = 0, ends = 0;
      if (ph == NULL || strcmp (ph, "f") != 0 || id == NULL
	  || strcmp (jstr (f, "name"), name) != 0)
	continue;
      if (!flow_id_ok (id))
	fail ("flow id %s: not \"0x\" and up to 16 hexadecimal digits", id);
      for (int j = 0; j < t->n; j++)
	{
	  const struct jval *s = t->vals[j];
	  const char *sph = jstr (s, "ph"), *sid = jstr (s, "id");
	  if (sph == NULL || sid == NULL || strcmp (sid, id) != 0)
	    continue;
	  if (strcmp (sph, "f") == 0)
	    ends++;
	  else if (strcmp (sph, "s") == 0 && jnum (s, "ts") <= jnum (f, "ts")
		   && (!other_track || jnum (s, "tid") != jnum (f, "tid")))
	    starts++;
	}
      if (ends != 1 || starts != 1)
	fail ("flow %s: %d start(s), %d end(s)", id, starts, ends);
      n++;
    }
  return n;
}

/* The sum of the argument KEY of the spans of category CAT named NAME.  */
static double
sum_arg (const struct jval *t, const char *cat, const char *name,
	 const char *key)
{
  double sum = 0;

  for (int i = 0; i < t->n; i++)
    if (is_span (t->vals[i], cat, name))
      sum += jnum (jget (t->vals[i], "args"), key);
  return sum;
}

/* The number of spans of category CAT named NAME that lie inside a span
   of category IN_CAT named IN_NAME (give or take SLACK microseconds).  */
static int
count_inside (const struct jval *t, const char *cat, const char *name,
	      const char *in_cat, const char *in_name, double slack)
{
  int n = 0;

  for (int i = 0; i < t->n; i++)
    {
      const struct jval *e = t->vals[i];
      double ts = jnum (e, "ts"), end = span_end (e);
      if (!is_span (e, cat, name))
	continue;
      for (int j = 0; j < t->n; j++)
	{
	  const struct jval *o = t->vals[j];
	  double ots = jnum (o, "ts"), oend = span_end (o);
	  if (is_span (o, in_cat, in_name) && ts >= ots - slack
	      && end <= oend + slack)
	    {
	      n++;
	      break;
	    }
	}
    }
  return n;
}

/* ---- The summary.  ---- */

/* The line of summary S whose last field is NAME (a region), or that
   starts with "gomptarget: " and then, after blanks, PREFIX.  */
static const char *
summary_line (const char *s, const char *prefix, const char *region)
{
  for (const char *l = s; l && *l; l = strchr (l, '\n'), l = l ? l + 1 : l)
    {
      const char *e = strchr (l, '\n');
      size_t len = e ? (size_t) (e - l) : strlen (l);
      if (strncmp (l, "gomptarget: ", 12) != 0)
	continue;
      if (region != NULL)
	{
	  size_t r = strlen (region);
	  if (len > r + 2 && strncmp (l + len - r - 2, "  ", 2) == 0
	      && strncmp (l + len - r, region, r) == 0)
	    return l + 12;
	  continue;
	}
      const char *p = l + 12;
      while (*p == ' ')
	p++;
      if (strncmp (p, prefix, strlen (prefix)) == 0)
	return p;
    }
  return NULL;
}
