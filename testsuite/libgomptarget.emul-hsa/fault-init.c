/* { dg-set-target-env-var LD_PRELOAD "@PLUGINDIR@/libhsa-runtime64.so.1" } */
/* { dg-set-target-env-var GOMPTARGET_EMUL_HSA_FAULT "init" } */

/* GOMPTARGET_EMUL_HSA_FAULT=init: hsa_init fails as Debian's ROCr does on
   a machine without /dev/kfd, silently; hsa_status_string still explains
   the status, and every other call says the runtime is not
   initialized.  */

#include "emul-hsa-test.h"

int
main (void)
{
  const char *s = NULL;
  hsa_agent_t none = { 0 };
  char name[64];

  EXPECT (hsa_init (), HSA_STATUS_ERROR_OUT_OF_RESOURCES);
  CHECK (hsa_status_string (HSA_STATUS_ERROR_OUT_OF_RESOURCES, &s));
  ASSERT (strncmp (s, "HSA_STATUS_ERROR_OUT_OF_RESOURCES", 33) == 0);
  EXPECT (hsa_agent_get_info (none, HSA_AGENT_INFO_NAME, name),
	  HSA_STATUS_ERROR_NOT_INITIALIZED);
  EXPECT (hsa_shut_down (), HSA_STATUS_ERROR_NOT_INITIALIZED);
  puts ("init failed quietly");
  return 0;
}

/* Only the program's own line.  */
/* { dg-final { gomptarget-output-count {.} 1 } } */
