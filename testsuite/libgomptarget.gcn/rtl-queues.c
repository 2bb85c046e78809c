/* { dg-set-target-env-var GCN_TEST_PLUGIN "@LIBDIR@/libgomptarget-plugin-gcn.so" } */
/* { dg-set-target-env-var GOMP_DEBUG "1" } */

/* The GCN plugin's queues, driven through its __tgt_rtl_* entry points
   as the front end drives them: a kernel runs on one thread's queue; an
   operation on another thread's queue that depends on it waits on the
   device (a barrier-AND packet on the kernel's completion signal), and
   so does a host call behind that; the completion is announced through
   the init_dep callback without anybody calling synchronize (the plugin's
   serving thread sees it).  The kernel waits for a declare-target flag,
   which the emulated runtime keeps in the program's own memory, so the
   test decides when it ends.  */

#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "gomptarget-plugin.h"
#include "gcn-test.h"

#pragma omp declare target
int go;
#pragma omp end declare target

void kern (int *out);

void
kern (int *out)
{
#pragma omp target map(from: out[0:1])
  {
    while (!__atomic_load_n (&go, __ATOMIC_ACQUIRE))
      ;
    out[0] = 42;
  }
}

/* The program's image, caught at registration (this program does not
   use libgomptarget).  */
static unsigned reg_version;
static const void *reg_table;
static const void *reg_data;

void GOMP_offload_register_ver (unsigned, const void *, int, const void *);
void GOMP_offload_unregister_ver (unsigned, const void *, int, const void *);

void
GOMP_offload_register_ver (unsigned version, const void *host_table,
			   int target_type, const void *target_data)
{
  if (target_type != 8)
    return;
  reg_version = version;
  reg_table = host_table;
  /* What the front end gives the plugin: past the requires word.  */
  reg_data = (version >> 16) >= 2
	     ? (const char *) target_data + sizeof (uintptr_t) : target_data;
}

void
GOMP_offload_unregister_ver (unsigned version, const void *host_table,
			     int target_type, const void *target_data)
{
  (void) version;
  (void) host_table;
  (void) target_type;
  (void) target_data;
}

static void *plugin;

static void *
entry (const char *name)
{
  char full[128];
  void *p;

  snprintf (full, sizeof full, "__tgt_rtl_%s", name);
  p = dlsym (plugin, full);
  CHECK (p != NULL);
  return p;
}

static int notified;

static void
on_complete (void *token)
{
  CHECK (token == &notified);
  __atomic_add_fetch (&notified, 1, __ATOMIC_SEQ_CST);
}

static int host_out;
static int after_saw = -1;

static void
after (void *arg)
{
  /* Runs once the copy behind the kernel has.  */
  __atomic_store_n (&after_saw, *(int *) arg, __ATOMIC_SEQ_CST);
}

static void *kernel_entry;
static void *out_dev;
static tgt_event_t kernel_event;

static void *
launcher (void *arg)
{
  int32_t (*run) (int32_t, void *, void **, int32_t, int32_t, tgt_event_t *,
		  tgt_event_t *) = entry ("async_run_target_region");
  (void) arg;
  CHECK (run (0, kernel_entry, &out_dev, 1, 0, NULL, &kernel_event) == 0);
  return NULL;
}

int
main (void)
{
  struct gt_gcc_image gi;
  __tgt_device_image img;
  __tgt_target_table *table;
  int32_t (*number_of_devices) (void);
  int32_t (*init_device) (int32_t);
  int32_t (*is_valid_binary) (__tgt_device_image *);
  __tgt_target_table *(*load_binary) (int32_t, __tgt_device_image *);
  void *(*data_alloc) (int32_t, int64_t, void *);
  int32_t (*async_data_submit) (int32_t, void *, void *, int64_t, int32_t,
				tgt_event_t *, tgt_event_t *);
  int32_t (*async_data_retrieve) (int32_t, void *, void *, int64_t, int32_t,
				  tgt_event_t *, tgt_event_t *);
  int32_t (*async_host_call) (int32_t, void (*) (void *), void *, int32_t,
			      tgt_event_t *, tgt_event_t *);
  int32_t (*async_notify) (int32_t, tgt_event_t, tgt_sync_event_t);
  void (*init_dep) (tgt_callback_fct);
  int32_t (*synchronize) (int32_t, tgt_event_t);
  void *const *words;
  tgt_event_t mine, deps[2], copied, called;
  pthread_t t;
  int zero = 0, i;
  const char *path = getenv ("GCN_TEST_PLUGIN");
  struct timespec ms = { 0, 1000 * 1000 };

  CHECK (reg_data != NULL && path != NULL);
  plugin = dlopen (path, RTLD_NOW | RTLD_LOCAL);
  if (plugin == NULL)
    {
      fprintf (stderr, "FAIL: %s\n", dlerror ());
      return 1;
    }
  number_of_devices = entry ("number_of_devices");
  init_device = entry ("init_device");
  is_valid_binary = entry ("is_valid_binary");
  load_binary = entry ("load_binary");
  data_alloc = entry ("data_alloc");
  async_data_submit = entry ("async_data_submit");
  async_data_retrieve = entry ("async_data_retrieve");
  async_host_call = entry ("async_host_call");
  async_notify = entry ("async_notify");
  init_dep = entry ("init_dep");
  synchronize = entry ("synchronize");

  CHECK (number_of_devices () == 1);
  init_dep (on_complete);
  CHECK (init_device (0) == 0);
  words = reg_table;
  memset (&gi, 0, sizeof gi);
  gi.magic = GT_GCC_IMAGE_MAGIC;
  gi.version = reg_version;
  gi.target_type = 8;
  gi.num_funcs = (uint32_t) ((void *const *) words[1]
			     - (void *const *) words[0]);
  gi.num_vars = (uint32_t) (((void *const *) words[3]
			     - (void *const *) words[2]) / 2);
  gi.host_table = reg_table;
  gi.target_data = reg_data;
  img.ImageStart = &gi;
  img.ImageEnd = &gi + 1;
  img.EntriesBegin = img.EntriesEnd = NULL;
  CHECK (gi.num_funcs == 1 && gi.num_vars == 1);
  CHECK (is_valid_binary (&img));
  table = load_binary (0, &img);
  CHECK (table != NULL && table->EntriesBegin[0].addr != NULL);
  kernel_entry = table->EntriesBegin[0].addr;
  out_dev = data_alloc (0, sizeof (int), NULL);
  CHECK (out_dev != NULL);

  /* Another thread (so another queue) starts the kernel.  */
  CHECK (pthread_create (&t, NULL, launcher, NULL) == 0);
  CHECK (pthread_join (t, NULL) == 0);
  CHECK (kernel_event != NULL);

  /* On this thread's queue, behind its own work and the kernel.  */
  CHECK (async_data_submit (0, out_dev, &zero, sizeof zero, 0, NULL,
			    &mine) == 0);
  deps[0] = mine;
  deps[1] = kernel_event;
  CHECK (async_data_retrieve (0, &host_out, out_dev, sizeof host_out, 2,
			      deps, &copied) == 0);
  CHECK (async_host_call (0, after, &host_out, 1, &copied, &called) == 0);
  CHECK (async_notify (0, called, &notified) == 0);

  /* The kernel waits for GO: nothing behind it may have run.  */
  for (i = 0; i < 200; i++)
    nanosleep (&ms, NULL);
  CHECK (__atomic_load_n (&notified, __ATOMIC_SEQ_CST) == 0);
  CHECK (__atomic_load_n (&after_saw, __ATOMIC_SEQ_CST) == -1);
  CHECK (host_out == 0);

  __atomic_store_n (&go, 1, __ATOMIC_RELEASE);
  /* Announced without a synchronize.  */
  for (i = 0; i < 20000 && !__atomic_load_n (&notified, __ATOMIC_SEQ_CST);
       i++)
    nanosleep (&ms, NULL);
  CHECK (__atomic_load_n (&notified, __ATOMIC_SEQ_CST) == 1);
  CHECK (__atomic_load_n (&after_saw, __ATOMIC_SEQ_CST) == 42);
  CHECK (host_out == 42);
  CHECK (synchronize (0, NULL) == 0);
  puts ("queues ok");
  return 0;
}

/* { dg-final { gomptarget-output-includes {queues ok} } } */
/* { dg-final { gomptarget-output-count {gcn: device 0: a queue waits for a queue of device 0 \(barrier-AND packet\)} 1 } } */
