/* Debian's real ROCr (libhsa-runtime64-1) on a machine without a GPU
   (no /dev/kfd; emul-hsa.exp skips the test otherwise): hsa_init fails
   and the runtime prints nothing itself, so a plugin that reports the
   failure only under GOMP_DEBUG stays silent.  */

#include <dlfcn.h>
#include <hsa/hsa.h>
#include <stdio.h>
#include <stdlib.h>

int
main (void)
{
  void *h = dlopen ("/usr/lib/x86_64-linux-gnu/libhsa-runtime64.so.1",
		    RTLD_NOW | RTLD_LOCAL);
  hsa_status_t (*init) (void), (*shut_down) (void);
  hsa_status_t (*str) (hsa_status_t, const char **);
  hsa_status_t s, s2;
  const char *text = NULL;

  if (h == NULL)
    {
      printf ("dlopen: %s\n", dlerror ());
      return 1;
    }
  init = (hsa_status_t (*) (void)) dlsym (h, "hsa_init");
  shut_down = (hsa_status_t (*) (void)) dlsym (h, "hsa_shut_down");
  str = (hsa_status_t (*) (hsa_status_t, const char **))
    dlsym (h, "hsa_status_string");
  if (init == NULL || shut_down == NULL || str == NULL)
    return 2;
  s = init ();
  s2 = shut_down ();
  if (s == HSA_STATUS_SUCCESS || s2 != HSA_STATUS_ERROR_NOT_INITIALIZED
      || str (s, &text) != HSA_STATUS_SUCCESS || text == NULL)
    return 3;
  printf ("hsa_init: 0x%x %.33s\n", (unsigned) s, text);
  return 0;
}

/* The program's line is all there is: ROCr printed nothing.  */
/* { dg-final { gomptarget-output-count {.} 1 } } */
/* { dg-final { gomptarget-output-includes {hsa_init: 0x1008 HSA_STATUS_ERROR_OUT_OF_RESOURCES} } } */
