/* The JIT linker refuses what the driver refuses, with the error code
   and a log: text that is not PTX, malformed or truncated PTX, PTX for
   a newer architecture than the device (sm_90 on the default 8.0
   device) or for a newer PTX ISA than the driver (12.2 reads up to
   8.2), a .target the .version is too old for, used but undefined
   externs, multiple definitions.  Unused externs and weak definitions
   are fine.  */

#include "emul-cuda-test.h"

#define HEAD(version, target) \
  "// a test object\n.version " version "\n.target " target \
  "\n.address_size 64\n"

static const char good[] =
  HEAD ("7.0", "sm_80")
  ".visible .global .align 4 .u32 counter[1] = {5};\n"
  ".visible .entry k (.param .u64 p)\n{\n  ret;\n}\n";

static const char uses_foo[] =
  HEAD ("7.0", "sm_80")
  ".extern .func foo;\n"
  ".visible .entry k2 (.param .u64 p)\n{\n  call foo;\n  ret;\n}\n";

static const char declares_foo[] =
  HEAD ("7.0", "sm_80")
  ".extern .func foo;\n"
  ".visible .entry k3 (.param .u64 p)\n{\n  ret;\n}\n";

static const char weak_counter[] =
  HEAD ("7.0", "sm_80")
  ".weak .global .align 4 .u32 counter[1] = {9};\n";

static char error_log[4096], info_log[4096];

static CUlinkState
new_link (void)
{
  /* The values hold outputs: they must live as long as the state.  */
  static CUjit_option opts[] = { CU_JIT_ERROR_LOG_BUFFER,
				 CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
				 CU_JIT_INFO_LOG_BUFFER,
				 CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES };
  static void *vals[4];
  vals[0] = error_log;
  vals[1] = (void *) sizeof error_log;
  vals[2] = info_log;
  vals[3] = (void *) sizeof info_log;
  CUlinkState st;
  error_log[0] = '\0';
  CHECK (cu.cuLinkCreate_v2 (4, opts, vals, &st));
  return st;
}

static CUresult
add (CUlinkState st, const char *ptx, const char *name)
{
  return cu.cuLinkAddData_v2 (st, CU_JIT_INPUT_PTX, (void *) ptx,
			      strlen (ptx) + 1, name, 0, NULL, NULL);
}

/* Adding PTX alone must fail with EXPECTED and a log naming WHAT.  */
static void
refused (const char *ptx, CUresult expected, const char *what)
{
  CUlinkState st = new_link ();
  CUresult r = add (st, ptx, "bad.ptx");
  if (r != expected)
    fail ("cuLinkAddData of [%s] returned %s, expected %s", ptx,
	  result_name (r), result_name (expected));
  if (strstr (error_log, what) == NULL)
    fail ("the error log does not mention '%s':\n%s", what, error_log);
  CHECK (cu.cuLinkDestroy (st));
}

static CUresult
link_two (const char *a, const char *b)
{
  CUlinkState st = new_link ();
  CHECK (add (st, a, "a.ptx"));
  CHECK (add (st, b, "b.ptx"));
  void *cubin;
  size_t size;
  CUresult r = cu.cuLinkComplete (st, &cubin, &size);
  if (r == CUDA_SUCCESS)
    {
      CUmodule mod;
      CHECK (cu.cuModuleLoadData (&mod, cubin));
      CUdeviceptr p;
      size_t n;
      CHECK (cu.cuModuleGetGlobal_v2 (&p, &n, mod, "counter"));
      unsigned v;
      CHECK (cu.cuMemcpyDtoH_v2 (&v, p, sizeof v));
      if (n != 4 || v != 5)
	fail ("counter: %zu bytes, value %u; expected the strong "
	      "definition's 5", n, v);
      CHECK (cu.cuModuleUnload (mod));
    }
  CHECK (cu.cuLinkDestroy (st));
  return r;
}

int
main (void)
{
  setup ();

  /* Not PTX at all.  */
  refused ("hello, world", CUDA_ERROR_INVALID_PTX, "line 1");
  CUmodule mod;
  EXPECT (CUDA_ERROR_INVALID_IMAGE, cu.cuModuleLoadData (&mod, "hello"));

  /* Malformed: truncated in a body, no .target, a stray token.  */
  char truncated[sizeof good];
  memcpy (truncated, good, sizeof good);
  truncated[strlen (good) - 8] = '\0';
  refused (truncated, CUDA_ERROR_INVALID_PTX, "unbalanced");
  refused (".version 7.0\n.visible .entry k () { ret; }\n",
	   CUDA_ERROR_INVALID_PTX, ".target");
  refused (HEAD ("7.0", "sm_80") "bogus;\n", CUDA_ERROR_INVALID_PTX,
	   "line 5");
  EXPECT (CUDA_ERROR_INVALID_PTX, cu.cuModuleLoadData (&mod, truncated));

  /* Too new for the device or the driver, or too old for the target.  */
  refused (HEAD ("7.8", "sm_90") ".visible .entry k () { ret; }\n",
	   CUDA_ERROR_INVALID_PTX, "sm_90");
  EXPECT (CUDA_ERROR_INVALID_PTX,
	  cu.cuModuleLoadData (&mod, HEAD ("7.8", "sm_90")));
  refused (HEAD ("9.9", "sm_80"), CUDA_ERROR_UNSUPPORTED_PTX_VERSION,
	   ".version 9.9");
  refused (HEAD ("6.0", "sm_80"), CUDA_ERROR_INVALID_PTX, "7.0");

  /* A used extern must be defined; an unused one need not.  */
  CUlinkState st = new_link ();
  CHECK (add (st, uses_foo, "uses-foo.ptx"));
  void *cubin;
  size_t size;
  CUresult r = cu.cuLinkComplete (st, &cubin, &size);
  if (r == CUDA_SUCCESS
      || strstr (error_log, "Undefined reference to 'foo'") == NULL)
    fail ("an undefined 'foo' was linked (%s):\n%s", result_name (r),
	  error_log);
  CHECK (cu.cuLinkDestroy (st));
  st = new_link ();
  CHECK (add (st, declares_foo, "declares-foo.ptx"));
  CHECK (cu.cuLinkComplete (st, &cubin, &size));
  CHECK (cu.cuLinkDestroy (st));

  /* Two strong definitions clash; a weak one gives way.  */
  r = link_two (good, good);
  if (r == CUDA_SUCCESS || strstr (error_log, "Multiple definition") == NULL)
    fail ("two definitions of 'counter' were linked (%s):\n%s",
	  result_name (r), error_log);
  CHECK (link_two (weak_counter, good));

  /* The kernel's object of the program's image alone lacks the device
     runtime.  */
  int dummy = 0;
#pragma omp target map(tofrom: dummy)
  dummy++;
  unsigned k;
  for (k = 0; k < image->nobjs; k++)
    if (strstr (image->objs[k].code, ".entry"))
      break;
  if (k == image->nobjs)
    fail ("no .entry in the image");
  st = new_link ();
  CHECK (cu.cuLinkAddData_v2 (st, CU_JIT_INPUT_PTX,
			      (void *) image->objs[k].code,
			      image->objs[k].size, "kernel.ptx", 0, NULL,
			      NULL));
  r = cu.cuLinkComplete (st, &cubin, &size);
  if (r == CUDA_SUCCESS
      || strstr (error_log, "Undefined reference") == NULL)
    fail ("the kernel object linked without the device runtime");
  CHECK (cu.cuLinkDestroy (st));

  /* A small error log is cut, NUL-terminated, and its used size told.  */
  char small[16];
  CUjit_option opts[] = { CU_JIT_ERROR_LOG_BUFFER,
			  CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES };
  void *vals[] = { small, (void *) sizeof small };
  CHECK (cu.cuLinkCreate_v2 (2, opts, vals, &st));
  EXPECT (CUDA_ERROR_INVALID_PTX, add (st, "nonsense", "x.ptx"));
  if (strlen (small) != sizeof small - 1
      || (size_t) vals[1] != sizeof small - 1)
    fail ("small log: '%s', size reported %zu", small, (size_t) vals[1]);
  CHECK (cu.cuLinkDestroy (st));

  /* Bad options and inputs.  */
  CUjit_option level[] = { CU_JIT_OPTIMIZATION_LEVEL };
  void *nine[] = { (void *) 9 };
  EXPECT (CUDA_ERROR_INVALID_VALUE, cu.cuLinkCreate_v2 (1, level, nine, &st));
  CUjit_option unknown[] = { (CUjit_option) 9999 };
  EXPECT (CUDA_ERROR_INVALID_VALUE,
	  cu.cuLinkCreate_v2 (1, unknown, nine, &st));
  st = new_link ();
  EXPECT (CUDA_ERROR_INVALID_IMAGE,
	  cu.cuLinkAddData_v2 (st, CU_JIT_INPUT_CUBIN, (void *) good,
			       sizeof good, "x.cubin", 0, NULL, NULL));
  EXPECT (CUDA_ERROR_INVALID_VALUE,
	  cu.cuLinkAddData_v2 (st, CU_JIT_INPUT_PTX, NULL, 0, "x", 0, NULL,
			       NULL));
  CHECK (cu.cuLinkDestroy (st));
  EXPECT (CUDA_ERROR_INVALID_HANDLE, cu.cuLinkDestroy (st));

  /* Lookups.  */
  CHECK (cu.cuModuleLoadData (&mod, good));
  CUfunction f;
  CUdeviceptr p;
  CHECK (cu.cuModuleGetFunction (&f, mod, "k"));
  EXPECT (CUDA_ERROR_NOT_FOUND, cu.cuModuleGetFunction (&f, mod, "nope"));
  EXPECT (CUDA_ERROR_NOT_FOUND, cu.cuModuleGetFunction (&f, mod, "counter"));
  EXPECT (CUDA_ERROR_NOT_FOUND, cu.cuModuleGetGlobal_v2 (&p, NULL, mod, "k"));
  CHECK (cu.cuModuleUnload (mod));
  EXPECT (CUDA_ERROR_INVALID_HANDLE, cu.cuModuleGetFunction (&f, mod, "k"));
  puts ("ok");
  return 0;
}
