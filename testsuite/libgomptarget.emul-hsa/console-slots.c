/* { dg-set-target-env-var LD_PRELOAD "@PLUGINDIR@/libhsa-runtime64.so.1" } */

/* Every way device code writes to the console puts its text in the ring
   with the slot type GCC's device runtime uses: gomp_print_* types 0, 1
   and 2; printf, puts, putchar, fputs, fprintf, fwrite, fputc and putc
   on stdout and stderr and write (1|2) type 3, 256 bytes a slot; write to another
   descriptor fails, as newlib's does on GCN.  */

#include <unistd.h>
#include "emul-hsa-test.h"
#include "emul-print.h"

void kern_console (void);

void
kern_console (void)
{
  int r[3] = { 0, 0, 0 };
  /* The host's streams, as data.  */
  FILE *streams[2] = { stdout, stderr };
#pragma omp target map(tofrom: r) map(to: streams)
  {
    char big[601];
    /* Not glibc's inline putchar, which uses stdout.  */
    int (*volatile put) (int) = putchar;
    gomp_print_integer ("int=", -42);
    gomp_print_double ("dbl=", 2.5);
    gomp_print_string ("str=", "abc");
    puts ("puts");
    put ('c');
    put ('\n');
    fputs ("fputs-err\n", streams[1]);
    fprintf (streams[1], "fprintf %d\n", 5);
    fwrite ("fwrite\n", 1, 7, streams[0]);
    fputc ('!', streams[0]);
    putc ('\n', streams[1]);
    r[0] = (int) write (1, "write1\n", 7);
    r[1] = (int) write (2, "write2\n", 7);
    r[2] = (int) write (3, "x", 1);
    memset (big, 'x', 599);
    big[599] = '\n';
    big[600] = '\0';
    printf ("%s", big);
  }
}

int
main (void)
{
  int r[3] = { 0, 0, 0 };
  FILE *streams[2] = { stdout, stderr };
  char expect[2048];
  struct test_agent *g;
  hsa_executable_t exec;
  struct test_kernel k;
  struct gcn_kernargs_gcc12 *ka;
  hsa_queue_t *q;
  hsa_signal_t done;
  void *dr, *ds, *vars[2];

  test_init ();
  g = &test_gpus[0];
  exec = test_load (g);
  k = test_kernel (exec, g, "kern_console._omp_fn.0.kd");
  dr = test_device_copy (g, r, sizeof r);
  ds = test_device_copy (g, streams, sizeof streams);
  /* The order of GCC 12's address array (-fdump-tree-ompexp): the map
     clauses last to first.  */
  vars[0] = ds;
  vars[1] = dr;
  ka = test_kernargs (g, test_device_copy (g, vars, sizeof vars));
  CHECK (hsa_queue_create (g->agent, 64, HSA_QUEUE_TYPE_MULTI, NULL, NULL,
			   UINT32_MAX, UINT32_MAX, &q));
  CHECK (hsa_signal_create (1, 0, NULL, &done));
  test_dispatch (q, &k, ka, 1, 1, done);
  test_wait (done, &ka->output_data);
  CHECK (hsa_memory_copy (r, dr, sizeof r));

  ASSERT (r[0] == 7 && r[1] == 7 && r[2] == -1);
  snprintf (expect, sizeof expect, "int=-42\ndbl=2.500000\nstr=abc\nputs\n"
	    "c\nfputs-err\nfprintf 5\nfwrite\n!\nwrite1\nwrite2\n%.*s\n", 599,
	    "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
	    "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
	    "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
	    "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
	    "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
	    "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
	    "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
	    "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
	    "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
	    "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");
  if (strcmp (test_console, expect) != 0)
    test_fail ("console text differs:\n%s", test_console);
  ASSERT (test_slot_types[GCN_CONSOLE_INT] == 1);
  ASSERT (test_slot_types[GCN_CONSOLE_DOUBLE] == 1);
  ASSERT (test_slot_types[GCN_CONSOLE_TEXT] == 1);
  /* Ten calls of one slot each and 600 bytes in three slots.  */
  ASSERT (test_slot_types[GCN_CONSOLE_RAW] == 13);
  ASSERT (ka->output_data.next_output == 16);
  ASSERT (ka->output_data.consumed == 16);
  puts ("ok");
  return 0;
}

/* { dg-final { gomptarget-output-count {^fputs-err$} 1 } } */
/* { dg-final { gomptarget-output-includes {ok} } } */
