/* { dg-set-target-env-var LD_PRELOAD "@PLUGINDIR@/libhsa-runtime64.so.1" } */
/* { dg-set-target-env-var GOMPTARGET_EMUL_HSA_POLL "1" } */

/* A GOMPTARGET_EMUL_HSA_POLL other than auto, always or never makes
   hsa_init fail with a message; with each of those, a blocked wait sees
   a signal that another thread sets, and one that times out returns
   the signal's value.
   Copyright (C) 2026 The gomptarget authors.
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1  */

#include "emul-hsa-test.h"

#include <pthread.h>
#include <unistd.h>

static void *
set_later (void *arg)
{
  hsa_signal_t *s = arg;

  usleep (2000);
  hsa_signal_store_screlease (*s, 0);
  return NULL;
}

int
main (void)
{
  static const char *const modes[] = { "auto", "always", "never" };
  hsa_signal_t s;
  pthread_t t;

  EXPECT (hsa_init (), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++)
    {
      setenv ("GOMPTARGET_EMUL_HSA_POLL", modes[i], 1);
      CHECK (hsa_init ());
      CHECK (hsa_signal_create (1, 0, NULL, &s));
      if (hsa_signal_wait_scacquire (s, HSA_SIGNAL_CONDITION_EQ, 0, 100000,
				     HSA_WAIT_STATE_BLOCKED) != 1)
	{
	  printf ("%s: a wait that timed out did not return 1\n", modes[i]);
	  return 1;
	}
      pthread_create (&t, NULL, set_later, &s);
      if (hsa_signal_wait_scacquire (s, HSA_SIGNAL_CONDITION_EQ, 0,
				     UINT64_MAX, HSA_WAIT_STATE_BLOCKED) != 0)
	{
	  printf ("%s: the wait did not see the signal set\n", modes[i]);
	  return 1;
	}
      pthread_join (t, NULL);
      CHECK (hsa_signal_destroy (s));
      CHECK (hsa_shut_down ());
    }
  puts ("polls");
  return 0;
}

/* { dg-final { gomptarget-output-includes {hsa-emul: GOMPTARGET_EMUL_HSA_POLL='1': expected auto, always or never} } } */
/* { dg-final { gomptarget-output-includes {polls} } } */
