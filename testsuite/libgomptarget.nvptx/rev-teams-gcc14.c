/* Reverse offload (GCC 14) from every team of a teams region, and from
   every thread of a parallel region at once: the device runtime's lock
   lets one request into the mailbox at a time, and each is served once,
   with its own data (a variable of the calling thread).  */

/* { dg-gomptarget-gcc-min 14 } */
/* { dg-set-target-env-var GOMPTARGET_EMUL_CUDA_TRACE "nvptx-rev-teams-gcc14.trace" } */

#include "nvptx-test.h"

#pragma omp requires reverse_offload

#define TEAMS 16
#define THREADS 8
#define ROUNDS 10

static int calls[TEAMS], thread_calls[THREADS];
static int in_flight, most_in_flight;

static void __attribute__ ((noinline))
on_host (int team, int *value)
{
  int now = __atomic_add_fetch (&in_flight, 1, __ATOMIC_ACQ_REL);
  if (now > most_in_flight)
    most_in_flight = now;
  calls[team]++;
  *value = *value * 10 + team;
  __atomic_sub_fetch (&in_flight, 1, __ATOMIC_ACQ_REL);
}

static void __attribute__ ((noinline))
on_host_thread (int thread, int *value)
{
  int now = __atomic_add_fetch (&in_flight, 1, __ATOMIC_ACQ_REL);
  if (now > most_in_flight)
    most_in_flight = now;
  thread_calls[thread]++;
  *value += thread;
  __atomic_sub_fetch (&in_flight, 1, __ATOMIC_ACQ_REL);
}

int
main (void)
{
  int values[TEAMS], teams = 0;

  trace_reset ();
#pragma omp target teams num_teams(TEAMS) map(from: values, teams)
  {
    /* Each team runs one iteration.  */
#pragma omp distribute
    for (int i = 0; i < TEAMS; i++)
      {
	int t = omp_get_team_num (), v = t + 1;
	if (t == 0)
	  teams = omp_get_num_teams ();
#pragma omp target device(ancestor: 1) map(tofrom: v) firstprivate(t)
	on_host (t, &v);
	values[t] = v;
      }
  }
  CHECK (teams == TEAMS, "%d teams, not %d", teams, TEAMS);
  for (int t = 0; t < TEAMS; t++)
    {
      CHECK (calls[t] == 1, "team %d's request was served %d times", t,
	     calls[t]);
      CHECK (values[t] == (t + 1) * 10 + t, "team %d got %d, not %d", t,
	     values[t], (t + 1) * 10 + t);
    }
  /* One request at a time reaches the host.  */
  CHECK (most_in_flight == 1, "%d requests were served at once",
	 most_in_flight);
  TRACE_CHECK (trace_count ("rev device=0 fn=", NULL) == TEAMS,
	       "not every request went through the mailbox");

  /* The threads of a parallel region, ROUNDS requests each, all at once
     after a barrier.  */
  int sums[THREADS] = { 0 }, nthreads = 0;
#pragma omp target map(from: sums, nthreads)
#pragma omp parallel num_threads(THREADS)
  {
    int me = omp_get_thread_num (), v = 0;
    if (me == 0)
      nthreads = omp_get_num_threads ();
    for (int r = 0; r < ROUNDS; r++)
      {
#pragma omp barrier
#pragma omp target device(ancestor: 1) map(tofrom: v) firstprivate(me)
	on_host_thread (me, &v);
      }
    sums[me] = v;
  }
  for (int t = 0; t < nthreads; t++)
    {
      CHECK (thread_calls[t] == ROUNDS, "thread %d's requests were served "
	     "%d times, not %d", t, thread_calls[t], ROUNDS);
      CHECK (sums[t] == ROUNDS * t, "thread %d got %d, not %d", t, sums[t],
	     ROUNDS * t);
    }
  CHECK (most_in_flight == 1, "%d requests were served at once",
	 most_in_flight);
  TRACE_CHECK (trace_count ("rev device=0 fn=", NULL)
	       == TEAMS + ROUNDS * nthreads,
	       "not every request went through the mailbox");
  printf ("done\n");
  return 0;
}

/* { dg-output "done\n" } */
