/* { dg-set-target-env-var LD_PRELOAD "@PLUGINDIR@/libhsa-runtime64.so.1" } */
/* { dg-set-target-env-var GOMPTARGET_EMUL_HSA_MEMORY_MB "64" } */
/* { dg-set-target-env-var GOMPTARGET_EMUL_HSA_POISON "1" } */

/* Device memory is separate from host memory and checked: sizes and
   regions, the memory size of the agent, poisoned fresh memory, copies
   into freed memory or past the end of an allocation, frees of what was
   not allocated, the AMD memory pools, pinned memory and asynchronous
   copies that wait for their dependency.  */

#include <time.h>
#include "emul-hsa-test.h"

static hsa_amd_memory_pool_t device_pool, kernarg_pool;

static hsa_status_t
pool_cb (hsa_amd_memory_pool_t pool, void *data)
{
  uint32_t flags;
  hsa_amd_segment_t seg;

  (void) data;
  CHECK (hsa_amd_memory_pool_get_info (pool, HSA_AMD_MEMORY_POOL_INFO_SEGMENT,
				       &seg));
  if (seg != HSA_AMD_SEGMENT_GLOBAL)
    return HSA_STATUS_SUCCESS;
  CHECK (hsa_amd_memory_pool_get_info
	 (pool, HSA_AMD_MEMORY_POOL_INFO_GLOBAL_FLAGS, &flags));
  if (flags & HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_KERNARG_INIT)
    kernarg_pool = pool;
  else if (flags & HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_COARSE_GRAINED)
    device_pool = pool;
  return HSA_STATUS_SUCCESS;
}

int
main (void)
{
  struct test_agent *g;
  unsigned char buf[64], host[4096];
  void *p, *q, *big1, *big2, *locked;
  size_t size;
  hsa_signal_t dep, done;
  hsa_amd_memory_pool_access_t access;
  struct timespec ts = { 0, 50 * 1000 * 1000 };
  int i;

  test_init ();
  g = &test_gpus[0];
  CHECK (hsa_region_get_info (g->data, HSA_REGION_INFO_SIZE, &size));
  ASSERT (size == 64u << 20);

  EXPECT (hsa_memory_allocate (g->data, 0, &p),
	  HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT (hsa_memory_allocate (g->data, (size_t) 65 << 20, &p),
	  HSA_STATUS_ERROR_INVALID_ALLOCATION);
  CHECK (hsa_memory_allocate (g->data, (size_t) 40 << 20, &big1));
  EXPECT (hsa_memory_allocate (g->data, (size_t) 40 << 20, &big2),
	  HSA_STATUS_ERROR_OUT_OF_RESOURCES);
  CHECK (hsa_memory_free (big1));
  CHECK (hsa_memory_allocate (g->data, (size_t) 40 << 20, &big2));
  CHECK (hsa_memory_free (big2));

  /* Fresh device memory is poisoned, not zero.  */
  CHECK (hsa_memory_allocate (g->data, 100, &p));
  CHECK (hsa_memory_copy (buf, p, 64));
  for (i = 0; i < 64; i++)
    ASSERT (buf[i] == 0xa5);
  CHECK (hsa_memory_assign_agent (p, g->agent, HSA_ACCESS_PERMISSION_RW));

  /* Copies must stay inside live allocations.  */
  EXPECT (hsa_memory_copy (p, buf, 101), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT (hsa_memory_copy ((char *) p + 99, buf, 2),
	  HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK (hsa_memory_copy ((char *) p + 99, buf, 1));
  CHECK (hsa_memory_allocate (g->data, 100, &q));
  CHECK (hsa_memory_copy (q, p, 100));
  CHECK (hsa_memory_free (q));
  EXPECT (hsa_memory_copy (q, buf, 8), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT (hsa_memory_copy (buf, q, 8), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT (hsa_memory_free (q), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT (hsa_memory_free ((char *) p + 8),
	  HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT (hsa_memory_free (buf), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT (hsa_memory_assign_agent (buf, g->agent, HSA_ACCESS_PERMISSION_RW),
	  HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK (hsa_memory_free (NULL));

  /* The AMD pools: the same memory.  */
  /* The CPU's pools (system memory), then the GPU's (its own).  */
  CHECK (hsa_amd_agent_iterate_memory_pools (test_cpu, pool_cb, NULL));
  CHECK (hsa_amd_agent_iterate_memory_pools (g->agent, pool_cb, NULL));
  ASSERT (device_pool.handle != 0 && kernarg_pool.handle != 0);
  CHECK (hsa_amd_agent_memory_pool_get_info
	 (test_cpu, device_pool, HSA_AMD_AGENT_MEMORY_POOL_INFO_ACCESS,
	  &access));
  ASSERT (access == HSA_AMD_MEMORY_POOL_ACCESS_DISALLOWED_BY_DEFAULT);
  CHECK (hsa_amd_memory_pool_allocate (device_pool, 4096, 0, &q));
  CHECK (hsa_amd_agents_allow_access (1, &test_cpu, NULL, q));
  EXPECT (hsa_amd_agents_allow_access (1, &test_cpu, NULL, buf),
	  HSA_STATUS_ERROR_INVALID_ARGUMENT);

  /* Pinned host memory, and a copy that waits for its dependency.  */
  for (i = 0; i < 4096; i++)
    host[i] = (unsigned char) i;
  CHECK (hsa_amd_memory_lock (host, sizeof host, &g->agent, 1, &locked));
  EXPECT (hsa_amd_memory_lock (q, 4096, &g->agent, 1, &locked),
	  HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK (hsa_signal_create (1, 0, NULL, &dep));
  CHECK (hsa_signal_create (1, 0, NULL, &done));
  CHECK (hsa_amd_memory_async_copy (q, g->agent, locked, test_cpu, 4096, 1,
				    &dep, done));
  nanosleep (&ts, NULL);
  ASSERT (hsa_signal_load_acquire (done) == 1);
  hsa_signal_store_screlease (dep, 0);
  test_wait (done, NULL);
  memset (host, 0, sizeof host);
  CHECK (hsa_memory_copy (host, q, sizeof host));
  for (i = 0; i < 4096; i++)
    ASSERT (host[i] == (unsigned char) i);
  CHECK (hsa_amd_memory_unlock (host));
  EXPECT (hsa_amd_memory_unlock (host), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT (hsa_amd_memory_async_copy (q, g->agent, host, test_cpu, 4097, 0,
				     NULL, done),
	  HSA_STATUS_ERROR_INVALID_ARGUMENT);

  /* A 2-D copy: rows 1-2, bytes 4-11 of a 3 x 16 host block into the
     device block at row 0, byte 0 (pitch 16).  */
  {
    unsigned char src[48], out[48];
    hsa_pitched_ptr_t d = { q, 16, 48 }, s = { src, 16, 48 };
    hsa_dim3_t doff = { 0, 0, 0 }, soff = { 4, 1, 0 }, range = { 8, 2, 1 };
    for (i = 0; i < 48; i++)
      src[i] = (unsigned char) (100 + i);
    hsa_signal_store_relaxed (done, 1);
    CHECK (hsa_amd_memory_async_copy_rect (&d, &doff, &s, &soff, &range,
					   g->agent, hsaHostToDevice, 0, NULL,
					   done));
    test_wait (done, NULL);
    CHECK (hsa_memory_copy (out, q, sizeof out));
    for (i = 0; i < 8; i++)
      ASSERT (out[i] == 100 + 16 + 4 + i && out[16 + i] == 100 + 32 + 4 + i);
  }
  CHECK (hsa_amd_memory_pool_free (q));
  puts ("memory checked");
  return 0;
}

/* The misuses are named.  */
/* { dg-final { gomptarget-output-includes {hsa_memory_copy: destination \[0x[0-9a-f]+, \+101\) in gpu0 memory runs past the end of its allocation} } } */
/* { dg-final { gomptarget-output-includes {hsa_memory_copy: destination \[0x[0-9a-f]+, \+8\) in gpu0 memory is in freed memory} } } */
/* { dg-final { gomptarget-output-includes {hsa_memory_free: 0x[0-9a-f]+ was freed already \(double free\)} } } */
/* { dg-final { gomptarget-output-includes {hsa_memory_free: 0x[0-9a-f]+ is inside an allocation, not at its start} } } */
/* { dg-final { gomptarget-output-includes {hsa_memory_free: 0x[0-9a-f]+ was not allocated by the HSA runtime} } } */
/* { dg-final { gomptarget-output-includes {memory checked} } } */
