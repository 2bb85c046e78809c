/* The console-ring writer under contention, on the host: threads write
   messages of one and of several slots while the ring wraps many times;
   the reader gets every message whole, each thread's in order.  */

#include <pthread.h>
#include "emul-hsa-test.h"
#include "console.c"

#define THREADS 6
#define MESSAGES 700

static struct gcn_output ring;

static void *
writer (void *arg)
{
  int t = (int) (intptr_t) arg, i;
  char buf[400];

  for (i = 0; i < MESSAGES; i++)
    {
      int n = snprintf (buf, sizeof buf, "<%d:%d:", t, i);
      /* Every seventh message spans two slots.  */
      if (i % 7 == 0)
	{
	  memset (buf + n, '=', 300);
	  n += 300;
	}
      buf[n++] = '>';
      gcn_console_write (&ring, buf, (uint64_t) n);
      if (i % 5 == 0)
	gcn_console_print_int (&ring, "n=", i);
    }
  return NULL;
}

int
main (void)
{
  pthread_t th[THREADS];
  int next[THREADS] = { 0 }, ints = 0, t, i;
  char *p;

  ring.return_value = (int32_t) GCN_EXIT_UNSET;
  for (t = 0; t < THREADS; t++)
    ASSERT (pthread_create (&th[t], NULL, writer, (void *) (intptr_t) t)
	    == 0);
  /* Slots: a message each, one more for every seventh, and the
     numbers.  */
  while (__atomic_load_n (&ring.consumed, __ATOMIC_ACQUIRE)
	 < THREADS * (MESSAGES + (MESSAGES + 6) / 7 + (MESSAGES + 4) / 5))
    test_drain (&ring);
  for (t = 0; t < THREADS; t++)
    ASSERT (pthread_join (th[t], NULL) == 0);
  test_drain (&ring);

  for (p = test_console; *p != '\0';)
    {
      if (strncmp (p, "n=", 2) == 0)
	{
	  p = strchr (p, '\n');
	  ASSERT (p != NULL);
	  p++;
	  ints++;
	  continue;
	}
      ASSERT (sscanf (p, "<%d:%d:", &t, &i) == 2);
      ASSERT (t >= 0 && t < THREADS && i == next[t]);
      next[t]++;
      p = strchr (p, '>');
      ASSERT (p != NULL);
      if (i % 7 == 0)
	ASSERT (p[-1] == '=' && p[-300] == '=');
      p++;
    }
  for (t = 0; t < THREADS; t++)
    ASSERT (next[t] == MESSAGES);
  ASSERT (ints == THREADS * ((MESSAGES + 4) / 5));
  ASSERT (ring.next_output == ring.consumed);
  printf ("\n%u slots\n", ring.consumed);
  return 0;
}

/* { dg-final { gomptarget-output-includes {\n5640 slots} } } */
