/* 2-D and 3-D copies between host and device memory, synchronous and
   asynchronous, with offsets and pitches: the right bytes arrive and
   nothing else is touched.  Pitches smaller than the width, spans past
   an allocation, CUDA arrays and non-zero reserved fields are refused.
   Peer copies within one device work too.  */

#include "emul-cuda-test.h"

#define W 7
#define H 5
#define D 3

int
main (void)
{
  setup ();
  /* A 12 x 9 (x 4) box of bytes on each side.  */
  enum { SP = 12, SH = 9, SD = 4 };
  static unsigned char src[SD][SH][SP], back[SD][SH][SP];
  for (int z = 0; z < SD; z++)
    for (int y = 0; y < SH; y++)
      for (int x = 0; x < SP; x++)
	src[z][y][x] = (unsigned char) (z * 100 + y * 10 + x);
  CUdeviceptr dev;
  CHECK (cu.cuMemAlloc_v2 (&dev, sizeof src));
  unsigned char zero[sizeof src] = { 0 };
  CHECK (cu.cuMemcpyHtoD_v2 (dev, zero, sizeof zero));

  /* 2-D: rows 2..2+H of columns 3..3+W, to the same place.  */
  CUDA_MEMCPY2D c2;
  memset (&c2, 0, sizeof c2);
  c2.srcMemoryType = CU_MEMORYTYPE_HOST;
  c2.srcHost = src;
  c2.srcPitch = SP;
  c2.srcXInBytes = 3;
  c2.srcY = 2;
  c2.dstMemoryType = CU_MEMORYTYPE_DEVICE;
  c2.dstDevice = dev;
  c2.dstPitch = SP;
  c2.dstXInBytes = 3;
  c2.dstY = 2;
  c2.WidthInBytes = W;
  c2.Height = H;
  CHECK (cu.cuMemcpy2D_v2 (&c2));
  CHECK (cu.cuMemcpyDtoH_v2 (back, dev, sizeof back));
  for (int y = 0; y < SH; y++)
    for (int x = 0; x < SP; x++)
      {
	int in = y >= 2 && y < 2 + H && x >= 3 && x < 3 + W;
	if (back[0][y][x] != (in ? src[0][y][x] : 0))
	  fail ("2-D copy: byte (%d, %d) is %d", x, y, back[0][y][x]);
      }

  /* 3-D, device to host, asynchronously: a W x H x D box at (1, 1, 1).  */
  CHECK (cu.cuMemcpyHtoD_v2 (dev, src, sizeof src));
  memset (back, 0, sizeof back);
  CUDA_MEMCPY3D c3;
  memset (&c3, 0, sizeof c3);
  c3.srcMemoryType = CU_MEMORYTYPE_DEVICE;
  c3.srcDevice = dev;
  c3.srcPitch = SP;
  c3.srcHeight = SH;
  c3.srcXInBytes = 1;
  c3.srcY = 1;
  c3.srcZ = 1;
  c3.dstMemoryType = CU_MEMORYTYPE_HOST;
  c3.dstHost = back;
  c3.dstPitch = SP;
  c3.dstHeight = SH;
  c3.dstXInBytes = 1;
  c3.dstY = 1;
  c3.dstZ = 1;
  c3.WidthInBytes = W;
  c3.Height = H;
  c3.Depth = D;
  CUstream s;
  CHECK (cu.cuStreamCreate (&s, 0));
  CHECK (cu.cuMemcpy3DAsync_v2 (&c3, s));
  CHECK (cu.cuStreamSynchronize (s));
  for (int z = 0; z < SD; z++)
    for (int y = 0; y < SH; y++)
      for (int x = 0; x < SP; x++)
	{
	  int in = z >= 1 && z < 1 + D && y >= 1 && y < 1 + H && x >= 1
		   && x < 1 + W;
	  if (back[z][y][x] != (in ? src[z][y][x] : 0))
	    fail ("3-D copy: byte (%d, %d, %d) is %d", x, y, z,
		  back[z][y][x]);
	}

  /* Refused descriptors.  */
  CUDA_MEMCPY2D bad2 = c2;
  bad2.dstPitch = W - 1;
  EXPECT (CUDA_ERROR_INVALID_VALUE, cu.cuMemcpy2D_v2 (&bad2));
  bad2 = c2;
  bad2.dstY = SD * SH - H + 1;	/* The last row is past the end.  */
  EXPECT (CUDA_ERROR_INVALID_VALUE, cu.cuMemcpy2DAsync_v2 (&bad2, s));
  bad2 = c2;
  bad2.dstMemoryType = CU_MEMORYTYPE_ARRAY;
  EXPECT (CUDA_ERROR_INVALID_VALUE, cu.cuMemcpy2D_v2 (&bad2));
  CUDA_MEMCPY3D bad3 = c3;
  bad3.reserved0 = &bad3;
  EXPECT (CUDA_ERROR_INVALID_VALUE, cu.cuMemcpy3D_v2 (&bad3));
  bad3 = c3;
  bad3.srcHeight = H - 1;
  EXPECT (CUDA_ERROR_INVALID_VALUE, cu.cuMemcpy3D_v2 (&bad3));

  /* Device to device through the peer call, in one context.  */
  CUcontext ctx;
  CHECK (cu.cuCtxGetCurrent (&ctx));
  CUdeviceptr dev2;
  CHECK (cu.cuMemAlloc_v2 (&dev2, sizeof src));
  CHECK (cu.cuMemcpyPeer (dev2, ctx, dev, ctx, sizeof src));
  CHECK (cu.cuMemcpyDtoH_v2 (back, dev2, sizeof back));
  if (memcmp (back, src, sizeof src) != 0)
    fail ("peer copy in one context");
  puts ("ok");
  return 0;
}
