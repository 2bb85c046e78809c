/* { dg-set-target-env-var LD_PRELOAD "@PLUGINDIR@/libhsa-runtime64.so.1" } */

/* fork () and the emulated runtime, as ROCr behaves (emul/hsa/agents.c):
   a child made before hsa_init initialises the runtime itself and uses
   it; in a child made after hsa_init, hsa_init only counts, and what
   needs the kernel driver fails at once -- memory, queues, signals --
   while ringing the doorbell of a queue made in the parent is a
   segmentation fault (its ring is not in the child).  The parent goes
   on.  Every child must end within 10 seconds.  */

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#include "emul-hsa-test.h"

static hsa_queue_t *queue;

/* Run BODY in a child; return its wait status (killed after 10 s).  */
static int
in_child (void (*body) (void))
{
  int status;
  pid_t pid;

  fflush (NULL);
  pid = fork ();
  if (pid < 0)
    test_fail ("fork failed");
  if (pid == 0)
    {
      alarm (10);
      body ();
      exit (0);
    }
  if (waitpid (pid, &status, 0) != pid)
    test_fail ("waitpid failed");
  if (WIFSIGNALED (status) && WTERMSIG (status) == SIGALRM)
    test_fail ("a child hung");
  return status;
}

static void
use_runtime (void)
{
  hsa_queue_t *q;
  void *p;

  test_init ();
  ASSERT (test_ngpus >= 1);
  CHECK (hsa_memory_allocate (test_gpus[0].data, 4096, &p));
  CHECK (hsa_queue_create (test_gpus[0].agent, 64, HSA_QUEUE_TYPE_SINGLE,
			   NULL, NULL, UINT32_MAX, UINT32_MAX, &q));
  CHECK (hsa_queue_destroy (q));
  CHECK (hsa_memory_free (p));
  CHECK (hsa_shut_down ());
}

static void
late_child (void)
{
  hsa_queue_t *q;
  hsa_signal_t s;
  void *p;

  CHECK (hsa_init ());
  ASSERT (hsa_memory_allocate (test_gpus[0].data, 4096, &p)
	  == HSA_STATUS_ERROR_OUT_OF_RESOURCES);
  ASSERT (hsa_queue_create (test_gpus[0].agent, 64, HSA_QUEUE_TYPE_SINGLE,
			    NULL, NULL, UINT32_MAX, UINT32_MAX, &q)
	  == HSA_STATUS_ERROR_OUT_OF_RESOURCES);
  ASSERT (hsa_signal_create (1, 0, NULL, &s)
	  == HSA_STATUS_ERROR_OUT_OF_RESOURCES);
}

static void
ring_inherited (void)
{
  /* The default action, which ThreadSanitizer and AddressSanitizer
     replace with a handler of their own (handle_segv) that reports the
     fault and exits (status 66 under TSan, 1 under ASan): the child
     must die of the signal, as it does without them.  */
  signal (SIGSEGV, SIG_DFL);
  hsa_signal_store_screlease (queue->doorbell_signal, 0);
}

int
main (void)
{
  int status;
  void *p;

  status = in_child (use_runtime);
  ASSERT (WIFEXITED (status) && WEXITSTATUS (status) == 0);
  puts ("fork before hsa_init: ok");

  test_init ();
  CHECK (hsa_queue_create (test_gpus[0].agent, 64, HSA_QUEUE_TYPE_SINGLE,
			   NULL, NULL, UINT32_MAX, UINT32_MAX, &queue));
  status = in_child (late_child);
  ASSERT (WIFEXITED (status) && WEXITSTATUS (status) == 0);
  puts ("fork after hsa_init: ok");
  status = in_child (ring_inherited);
  ASSERT (WIFSIGNALED (status) && WTERMSIG (status) == SIGSEGV);
  puts ("an inherited queue: ok");

  CHECK (hsa_memory_allocate (test_gpus[0].data, 4096, &p));
  CHECK (hsa_memory_free (p));
  CHECK (hsa_queue_destroy (queue));
  CHECK (hsa_shut_down ());
  puts ("parent: ok");
  return 0;
}

/* { dg-final { gomptarget-output-includes {fork before hsa_init: ok} } } */
/* { dg-final { gomptarget-output-includes {fork after hsa_init: ok} } } */
/* { dg-final { gomptarget-output-includes {the doorbell of a queue made before fork} } } */
/* { dg-final { gomptarget-output-includes {an inherited queue: ok} } } */
/* { dg-final { gomptarget-output-includes {parent: ok} } } */
