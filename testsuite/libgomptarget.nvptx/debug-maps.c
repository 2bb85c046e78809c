/* GOMP_DEBUG=2 on the nvptx device: the mapping table at each region's
   entry and exit, the region named by its host function in the front
   end's lines and the plugin's alike, every line starting with
   "gomptarget: ".  */

/* { dg-set-target-env-var GOMP_DEBUG "2" } */
/* { dg-final { gomptarget-output-includes {(^|\n)gomptarget: device 0: mapping table at entry of region work\._omp_fn\.0: 3 key\(s\)\n} } } */
/* { dg-final { gomptarget-output-includes {(^|\n)gomptarget: device 0:   \[0x[0-9a-f]+,0x[0-9a-f]+\) 256 bytes -> 0x[0-9a-f]+, refcount infinite, } } } */
/* { dg-final { gomptarget-output-includes {(^|\n)gomptarget: device 0:   \[0x[0-9a-f]+,0x[0-9a-f]+\) 400 bytes -> 0x[0-9a-f]+, refcount 2, mapped\n} } } */
/* { dg-final { gomptarget-output-includes {(^|\n)gomptarget: launch region work\._omp_fn\.0 on device 0 \(entry 0x[0-9a-f]+, 3 argument} } } */
/* { dg-final { gomptarget-output-includes {(^|\n)gomptarget: nvptx: device 0: launching work\._omp_fn\.0 \(kernel work\$_omp_fn\$0\)} } } */
/* { dg-final { gomptarget-output-includes {(^|\n)gomptarget: device 0: mapping table at exit of region work\._omp_fn\.0: 2 key\(s\)\n} } } */
/* { dg-final { gomptarget-output-count {mapping table at exit of region later\._omp_fn\.0} 1 } } */
/* { dg-final { gomptarget-output-excludes {(^|\n)(?!gomptarget: )[^\n]} } } */

#include "nvptx-test.h"

#include "../libgomptarget.env/debug-maps-prog.h"
