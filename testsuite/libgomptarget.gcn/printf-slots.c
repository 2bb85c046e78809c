/* { dg-set-target-env-var GOMP_DEBUG "0" } */

/* Every type of console slot the device fills is printed by the plugin,
   in order, on the host's stdout: numbers (type 0), doubles (type 1),
   strings with a newline (type 2) from GCC's device print routines, and
   write () text (type 3: printf, puts, fwrite ...), 256 bytes a slot, so
   that long lines come out whole.  */

#include <string.h>
#include "gcn-test.h"
#include "emul-print.h"

int
main (void)
{
  FILE *out[1] = { stdout };

  printf ("host before\n");
  fflush (stdout);
#pragma omp target map(to: out)
  {
    char big[601];
    gomp_print_integer ("int=", -42);
    gomp_print_double ("dbl=", 2.5);
    gomp_print_string ("str=", "abc");
    printf ("printf %d %s\n", 7, "seven");
    puts ("puts");
    fwrite ("fwrite\n", 1, 7, out[0]);
    memset (big, 'x', 599);
    big[599] = '\n';
    big[600] = '\0';
    printf ("%s", big);
    printf ("no newline, ");
    printf ("then one\n");
  }
  printf ("host after\n");
  return 0;
}

/* { dg-output "host before\n" } */
/* { dg-output "int=-42\n" } */
/* { dg-output "dbl=2.500000\n" } */
/* { dg-output "str=abc\n" } */
/* { dg-output "printf 7 seven\n" } */
/* { dg-output "puts\n" } */
/* { dg-output "fwrite\n" } */
/* { dg-output "x{200}x{200}x{199}\n" } */
/* { dg-output "no newline, then one\n" } */
/* { dg-output "host after" } */
