/* Module variables: each gets its PTX size and initialiser (integers,
   negative and hexadecimal ones, 0d/0f and decimal floats, bytes,
   addresses of variables with offsets, addresses of functions), in
   emulator-owned device memory of its own per module, except a variable
   the program has too, which is the program's.  A function's address
   is its host version's when the program has one (by its name with '$'
   read as '.'), else a distinct handle.  .shared variables are not
   globals; the function attributes count .shared and .const bytes.  */

#include "emul-cuda-test.h"

static const char ptx[] =
  ".version 7.0\n"
  ".target sm_80\n"
  ".address_size 64\n"
  ".visible .func emul$test$fn;\n"
  ".func emul$test$other;\n"
  ".visible .global .align 4 .u32 ints[4] = {1, -2, 0x10, 4294967295};\n"
  ".visible .global .align 8 .f64 dbl[2] = {0d3FF8000000000000, 2.5};\n"
  ".visible .global .align 4 .f32 flt[1] = {0f40490FDB};\n"
  ".visible .global .align 1 .u8 str[] = {104, 105, 0};\n"
  ".global .align 8 .u64 hidden_ptr[1] = {generic(str)+1};\n"
  ".visible .global .align 8 .u64 ptrs[3] = {generic(str), hidden_ptr, "
  "ints+8};\n"
  ".visible .global .align 8 .u64 table[2] = {emul$test$fn, "
  "emul$test$other};\n"
  ".visible .global .align 4 .u32 shared_with_host[2] = {7, 8};\n"
  ".visible .const .align 4 .u32 konst[1] = {99};\n"
  ".shared .align 4 .u32 sh[8];\n"
  "/* A comment, and a body the reader only balances.  */\n"
  ".visible .func emul$test$fn\n{\n  ret;\n}\n"
  ".func emul$test$other\n{\n  { ret; }\n}\n"
  ".visible .entry k ()\n{\n  ret;\n}\n";

/* The program's counterparts.  */
unsigned shared_with_host[2] = { 7, 8 };
void test_fn (void) __asm__ ("emul.test.fn");
void
test_fn (void)
{
}

static CUdeviceptr
global (CUmodule mod, const char *name, size_t expected_size)
{
  CUdeviceptr p;
  size_t size;
  CHECK (cu.cuModuleGetGlobal_v2 (&p, &size, mod, name));
  if (size != expected_size)
    fail ("%s: %zu bytes, expected %zu", name, size, expected_size);
  return p;
}

static void
read_back (void *dst, CUdeviceptr src, size_t n)
{
  CHECK (cu.cuMemcpyDtoH_v2 (dst, src, n));
}

int
main (void)
{
  setup ();
  CUmodule mod, mod2;
  CHECK (cu.cuModuleLoadData (&mod, ptx));
  CHECK (cu.cuModuleLoadData (&mod2, ptx));

  unsigned ints[4];
  CUdeviceptr dints = global (mod, "ints", sizeof ints);
  read_back (ints, dints, sizeof ints);
  if (ints[0] != 1 || ints[1] != 0xfffffffeu || ints[2] != 16
      || ints[3] != 0xffffffffu)
    fail ("ints = {%u, %#x, %u, %#x}", ints[0], ints[1], ints[2], ints[3]);
  if (global (mod2, "ints", sizeof ints) == dints)
    fail ("two modules share 'ints'");

  double dbl[2];
  float flt;
  read_back (dbl, global (mod, "dbl", sizeof dbl), sizeof dbl);
  read_back (&flt, global (mod, "flt", sizeof flt), sizeof flt);
  if (dbl[0] != 1.5 || dbl[1] != 2.5 || flt != 3.14159274f)
    fail ("dbl = {%g, %g}, flt = %.8g", dbl[0], dbl[1], flt);

  char str[3];
  CUdeviceptr dstr = global (mod, "str", 3);
  read_back (str, dstr, 3);
  if (strcmp (str, "hi") != 0)
    fail ("str = '%.3s'", str);

  uint64_t ptrs[3], hidden;
  read_back (ptrs, global (mod, "ptrs", sizeof ptrs), sizeof ptrs);
  CUdeviceptr dhidden = global (mod, "hidden_ptr", 8);
  read_back (&hidden, dhidden, 8);
  if (ptrs[0] != dstr || ptrs[1] != dhidden || ptrs[2] != dints + 8
      || hidden != dstr + 1)
    fail ("addresses in initialisers: ptrs = {%#llx, %#llx, %#llx}, "
	  "hidden_ptr = %#llx; str at %#llx, ints at %#llx",
	  (unsigned long long) ptrs[0], (unsigned long long) ptrs[1],
	  (unsigned long long) ptrs[2], (unsigned long long) hidden,
	  dstr, dints);

  uint64_t table[2];
  read_back (table, global (mod, "table", sizeof table), sizeof table);
  if (table[0] != (uint64_t) (uintptr_t) test_fn || table[1] == 0
      || table[1] == table[0])
    fail ("table = {%#llx, %#llx}, the host function is at %p",
	  (unsigned long long) table[0], (unsigned long long) table[1],
	  (void *) test_fn);

  CUdeviceptr dshared = global (mod, "shared_with_host",
				sizeof shared_with_host);
  if (dshared != (CUdeviceptr) (uintptr_t) shared_with_host
      || global (mod2, "shared_with_host", 8) != dshared)
    fail ("shared_with_host is not the program's variable");

  unsigned konst;
  read_back (&konst, global (mod, "konst", 4), 4);
  if (konst != 99)
    fail ("konst = %u", konst);

  CUdeviceptr p;
  EXPECT (CUDA_ERROR_NOT_FOUND, cu.cuModuleGetGlobal_v2 (&p, NULL, mod, "sh"));
  CUfunction k;
  int shared, constant;
  CHECK (cu.cuModuleGetFunction (&k, mod, "k"));
  CHECK (cu.cuFuncGetAttribute (&shared, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES,
				k));
  CHECK (cu.cuFuncGetAttribute (&constant, CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES,
				k));
  if (shared != 32 || constant != 4)
    fail ("attributes: %d shared bytes, %d const bytes", shared, constant);

  /* Unloading frees the module's memory: its addresses are no longer
     device memory.  */
  CHECK (cu.cuModuleUnload (mod));
  EXPECT (CUDA_ERROR_INVALID_VALUE, cu.cuMemcpyDtoH_v2 (ints, dints, 4));
  CHECK (cu.cuModuleUnload (mod2));
  puts ("ok");
  return 0;
}
