/* { dg-set-target-env-var LD_PRELOAD "@PLUGINDIR@/libhsa-runtime64.so.1" } */

/* Signals: values and memory orders, waits that sleep until another
   thread's store or until their timeout (in nanoseconds, the timestamp
   frequency the runtime reports), active waits, every condition,
   asynchronous handlers, and stale handles reported.  */

#include <pthread.h>
#include <time.h>
#include "emul-hsa-test.h"

static hsa_signal_t s;
static int stored;

static void *
waiter (void *arg)
{
  hsa_wait_state_t state = *(hsa_wait_state_t *) arg;
  hsa_signal_value_t v = hsa_signal_wait_scacquire (s, HSA_SIGNAL_CONDITION_EQ,
						    0, UINT64_MAX, state);
  ASSERT (v == 0);
  ASSERT (__atomic_load_n (&stored, __ATOMIC_ACQUIRE) == 1);
  return NULL;
}

static int handled;
static hsa_signal_value_t handled_value;

static bool
handler (hsa_signal_value_t value, void *arg)
{
  ASSERT (arg == &handled);
  handled_value = value;
  __atomic_add_fetch (&handled, 1, __ATOMIC_RELEASE);
  return false;
}

int
main (void)
{
  uint64_t freq, t0, t;
  hsa_signal_t dead;
  pthread_t th;
  struct timespec ts = { 0, 50 * 1000 * 1000 };
  hsa_wait_state_t states[2] = { HSA_WAIT_STATE_BLOCKED,
				 HSA_WAIT_STATE_ACTIVE };
  int i;

  test_init ();
  CHECK (hsa_system_get_info (HSA_SYSTEM_INFO_TIMESTAMP_FREQUENCY, &freq));
  ASSERT (freq == 1000000000u);

  CHECK (hsa_signal_create (5, 1, &test_cpu, &s));
  ASSERT (hsa_signal_load_relaxed (s) == 5);
  hsa_signal_store_release (s, 3);
  ASSERT (hsa_signal_load_acquire (s) == 3);
  hsa_signal_store_screlease (s, 4);
  ASSERT (hsa_signal_load_scacquire (s) == 4);

  /* Conditions already met return at once with the value.  */
  ASSERT (hsa_signal_wait_acquire (s, HSA_SIGNAL_CONDITION_EQ, 4, 0,
				   HSA_WAIT_STATE_BLOCKED) == 4);
  ASSERT (hsa_signal_wait_acquire (s, HSA_SIGNAL_CONDITION_NE, 3, 0,
				   HSA_WAIT_STATE_BLOCKED) == 4);
  ASSERT (hsa_signal_wait_acquire (s, HSA_SIGNAL_CONDITION_GTE, 4, 0,
				   HSA_WAIT_STATE_BLOCKED) == 4);

  /* A condition not met: the wait lasts its timeout.  */
  for (i = 0; i < 2; i++)
    {
      t0 = test_now_ns ();
      ASSERT (hsa_signal_wait_acquire (s, HSA_SIGNAL_CONDITION_LT, 1,
				       50 * 1000 * 1000, states[i]) == 4);
      t = test_now_ns () - t0;
      ASSERT (t >= 45 * 1000 * 1000 && t < 5000ull * 1000 * 1000);
    }

  /* Another thread's store ends a wait without timeout.  */
  for (i = 0; i < 2; i++)
    {
      hsa_signal_store_relaxed (s, 1);
      __atomic_store_n (&stored, 0, __ATOMIC_RELEASE);
      ASSERT (pthread_create (&th, NULL, waiter, &states[i]) == 0);
      nanosleep (&ts, NULL);
      __atomic_store_n (&stored, 1, __ATOMIC_RELEASE);
      hsa_signal_store_screlease (s, 0);
      ASSERT (pthread_join (th, NULL) == 0);
    }

  /* An asynchronous handler, called once the condition holds.  */
  hsa_signal_store_relaxed (s, 2);
  CHECK (hsa_amd_signal_async_handler (s, HSA_SIGNAL_CONDITION_LT, 1,
				       handler, &handled));
  nanosleep (&ts, NULL);
  ASSERT (__atomic_load_n (&handled, __ATOMIC_ACQUIRE) == 0);
  hsa_signal_store_screlease (s, -7);
  while (__atomic_load_n (&handled, __ATOMIC_ACQUIRE) == 0)
    ;
  ASSERT (handled_value == -7);
  nanosleep (&ts, NULL);
  ASSERT (__atomic_load_n (&handled, __ATOMIC_ACQUIRE) == 1);
  EXPECT (hsa_amd_signal_async_handler (s, HSA_SIGNAL_CONDITION_LT, 1, NULL,
					NULL),
	  HSA_STATUS_ERROR_INVALID_ARGUMENT);

  /* Stale handles.  */
  CHECK (hsa_signal_create (1, 0, NULL, &dead));
  CHECK (hsa_signal_destroy (dead));
  EXPECT (hsa_signal_destroy (dead), HSA_STATUS_ERROR_INVALID_SIGNAL);
  ASSERT (hsa_signal_load_relaxed (dead) == 0);
  EXPECT (hsa_signal_create (1, 1, NULL, &dead),
	  HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK (hsa_signal_destroy (s));
  puts ("signals checked");
  return 0;
}

/* { dg-final { gomptarget-output-includes {hsa_signal_destroy: 0x[0-9a-f]+ is not a live signal} } } */
/* { dg-final { gomptarget-output-includes {hsa_signal_load_relaxed: 0x[0-9a-f]+ is not a live signal} } } */
/* { dg-final { gomptarget-output-includes {signals checked} } } */
