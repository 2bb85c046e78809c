/* { dg-set-target-env-var LD_PRELOAD "@PLUGINDIR@/libhsa-runtime64.so.1" } */

/* What the packet processor checks: queue sizes and agents at creation;
   then, each on a fresh queue, packets that put the queue in its error
   state with the status a GPU would report to the queue's callback, the
   completion signal untouched; and a packet whose doorbell is not rung,
   which waits (and is reported) until it is.  */

#include <time.h>
#include "emul-hsa-test.h"

void kern (void);

void
kern (void)
{
#pragma omp target
  ;
}

static struct test_agent *g;
static struct test_kernel k;
static hsa_status_t error_status;

static void
on_error (hsa_status_t status, hsa_queue_t *source, void *data)
{
  (void) source;
  (void) data;
  __atomic_store_n (&error_status, status, __ATOMIC_RELEASE);
}

/* Put a dispatch of K, changed by BREAK, on a new queue; return the
   status the queue reports.  */
static hsa_status_t
try_packet (void (*brk) (hsa_kernel_dispatch_packet_t *p, uint16_t *hdr))
{
  hsa_queue_t *q;
  hsa_signal_t done;
  hsa_kernel_dispatch_packet_t *p;
  uint16_t header;

  __atomic_store_n (&error_status, 0, __ATOMIC_RELEASE);
  CHECK (hsa_queue_create (g->agent, 64, HSA_QUEUE_TYPE_SINGLE, on_error,
			   NULL, UINT32_MAX, UINT32_MAX, &q));
  CHECK (hsa_signal_create (1, 0, NULL, &done));
  p = (hsa_kernel_dispatch_packet_t *) q->base_address;
  ASSERT (hsa_queue_add_write_index_screlease (q, 1) == 0);
  memset ((char *) p + 2, 0, sizeof *p - 2);
  p->setup = 3;
  p->workgroup_size_x = 1;
  p->workgroup_size_y = 64;
  p->workgroup_size_z = 1;
  p->grid_size_x = 1;
  p->grid_size_y = 64;
  p->grid_size_z = 1;
  p->group_segment_size = k.group_size;
  p->private_segment_size = k.private_size;
  p->kernel_object = k.object;
  p->kernarg_address = test_kernargs (g, NULL);
  p->completion_signal = done;
  header = HSA_PACKET_TYPE_KERNEL_DISPATCH << HSA_PACKET_HEADER_TYPE;
  brk (p, &header);
  __atomic_store_n (&p->header, header, __ATOMIC_RELEASE);
  hsa_signal_store_screlease (q->doorbell_signal, 0);
  while (__atomic_load_n (&error_status, __ATOMIC_ACQUIRE) == 0)
    ;
  ASSERT (hsa_signal_load_acquire (done) == 1);
  ASSERT (hsa_queue_load_read_index_scacquire (q) == 0);
  CHECK (hsa_queue_destroy (q));
  CHECK (hsa_signal_destroy (done));
  return error_status;
}

static void
no_dims (hsa_kernel_dispatch_packet_t *p, uint16_t *h)
{
  (void) h;
  p->setup = 0;
}

static void
big_group (hsa_kernel_dispatch_packet_t *p, uint16_t *h)
{
  (void) h;
  p->workgroup_size_z = 32;
  p->grid_size_z = 32;
}

static void
agent_packet (hsa_kernel_dispatch_packet_t *p, uint16_t *h)
{
  (void) p;
  *h = HSA_PACKET_TYPE_AGENT_DISPATCH << HSA_PACKET_HEADER_TYPE;
}

static void
bad_scope (hsa_kernel_dispatch_packet_t *p, uint16_t *h)
{
  (void) p;
  *h |= 3 << HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE;
}

static void
kernarg_in_device_memory (hsa_kernel_dispatch_packet_t *p, uint16_t *h)
{
  (void) h;
  CHECK (hsa_memory_allocate (g->data, 4096, &p->kernarg_address));
}

static void
no_kernel (hsa_kernel_dispatch_packet_t *p, uint16_t *h)
{
  (void) h;
  p->kernel_object = 0x1234;
}

static void
small_lds (hsa_kernel_dispatch_packet_t *p, uint16_t *h)
{
  (void) h;
  p->group_segment_size = 0;
}

static void
bad_ring (hsa_kernel_dispatch_packet_t *p, uint16_t *h)
{
  static int not_device_memory;
  (void) h;
  ((struct gcn_kernargs_gcc12 *) p->kernarg_address)->out_ptr
    = (int64_t) (uintptr_t) &not_device_memory;
}

static hsa_executable_t unfrozen;

static void
unfrozen_kernel (hsa_kernel_dispatch_packet_t *p, uint16_t *h)
{
  hsa_code_object_t co;
  hsa_executable_symbol_t sym;

  (void) h;
  CHECK (hsa_code_object_deserialize ((void *) test_image, test_image_size,
				      NULL, &co));
  CHECK (hsa_executable_create (HSA_PROFILE_FULL,
				HSA_EXECUTABLE_STATE_UNFROZEN, NULL,
				&unfrozen));
  CHECK (hsa_executable_load_code_object (unfrozen, g->agent, co, NULL));
  CHECK (hsa_executable_get_symbol (unfrozen, NULL, "kern._omp_fn.0.kd",
				    g->agent, 0, &sym));
  CHECK (hsa_executable_symbol_get_info
	 (sym, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT, &p->kernel_object));
}

int
main (void)
{
  hsa_executable_t exec;
  hsa_queue_t *q;
  hsa_signal_t done;
  hsa_kernel_dispatch_packet_t *p;
  struct timespec ts = { 2, 300 * 1000 * 1000 };

  test_init ();
  g = &test_gpus[0];
  exec = test_load (g);
  k = test_kernel (exec, g, "kern._omp_fn.0.kd");

  EXPECT (hsa_queue_create (g->agent, 100, HSA_QUEUE_TYPE_MULTI, NULL, NULL,
			    UINT32_MAX, UINT32_MAX, &q),
	  HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT (hsa_queue_create (g->agent, 32, HSA_QUEUE_TYPE_MULTI, NULL, NULL,
			    UINT32_MAX, UINT32_MAX, &q),
	  HSA_STATUS_ERROR_INVALID_QUEUE_CREATION);
  EXPECT (hsa_queue_create (test_cpu, 64, HSA_QUEUE_TYPE_MULTI, NULL, NULL,
			    UINT32_MAX, UINT32_MAX, &q),
	  HSA_STATUS_ERROR_INVALID_QUEUE_CREATION);
  EXPECT (hsa_queue_create (g->agent, 64, HSA_QUEUE_TYPE_MULTI, NULL, NULL,
			    UINT32_MAX, UINT32_MAX, NULL),
	  HSA_STATUS_ERROR_INVALID_ARGUMENT);

  ASSERT (try_packet (no_dims) == HSA_STATUS_ERROR_INVALID_PACKET_FORMAT);
  ASSERT (try_packet (big_group) == HSA_STATUS_ERROR_INVALID_PACKET_FORMAT);
  ASSERT (try_packet (agent_packet)
	  == HSA_STATUS_ERROR_INVALID_PACKET_FORMAT);
  ASSERT (try_packet (bad_scope) == HSA_STATUS_ERROR_INVALID_PACKET_FORMAT);
  ASSERT (try_packet (kernarg_in_device_memory)
	  == HSA_STATUS_ERROR_INVALID_ARGUMENT);
  ASSERT (try_packet (no_kernel) == HSA_STATUS_ERROR_INVALID_ARGUMENT);
  ASSERT (try_packet (small_lds) == HSA_STATUS_ERROR_INVALID_ARGUMENT);
  ASSERT (try_packet (bad_ring)
	  == (hsa_status_t) HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION);
  ASSERT (try_packet (unfrozen_kernel) == HSA_STATUS_ERROR_INVALID_EXECUTABLE);

  /* A packet without its doorbell waits.  */
  CHECK (hsa_queue_create (g->agent, 64, HSA_QUEUE_TYPE_MULTI, on_error, NULL,
			   UINT32_MAX, UINT32_MAX, &q));
  CHECK (hsa_signal_create (1, 0, NULL, &done));
  ASSERT (hsa_queue_add_write_index_release (q, 1) == 0);
  ASSERT (hsa_queue_load_write_index_relaxed (q) == 1);
  p = (hsa_kernel_dispatch_packet_t *) q->base_address;
  memset ((char *) p + 2, 0, sizeof *p - 2);
  p->setup = 1;
  p->workgroup_size_x = p->workgroup_size_y = p->workgroup_size_z = 1;
  p->grid_size_x = p->grid_size_y = p->grid_size_z = 1;
  p->group_segment_size = k.group_size;
  p->private_segment_size = k.private_size;
  p->kernel_object = k.object;
  p->kernarg_address = test_kernargs (g, NULL);
  p->completion_signal = done;
  __atomic_store_n (&p->header, (uint16_t) (HSA_PACKET_TYPE_KERNEL_DISPATCH
					    << HSA_PACKET_HEADER_TYPE),
		    __ATOMIC_RELEASE);
  nanosleep (&ts, NULL);
  ASSERT (hsa_signal_load_acquire (done) == 1);
  hsa_signal_store_relaxed (q->doorbell_signal, 0);
  test_wait (done, NULL);
  ASSERT (hsa_queue_load_read_index_acquire (q) == 1);
  /* The processor gives the slot back.  */
  ASSERT ((p->header & 0xff) == HSA_PACKET_TYPE_INVALID);
  puts ("queues checked");
  return 0;
}

/* { dg-final { gomptarget-output-includes {queue [0-9]+: packet 0 has a valid header but the doorbell was rung only up to -1} } } */
/* { dg-final { gomptarget-output-includes {kernarg_address 0x[0-9a-f]+ is not 8 bytes of 16-byte aligned, live kernarg-region memory} } } */
/* { dg-final { gomptarget-output-includes {queues checked} } } */
