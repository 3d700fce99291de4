/* Two kernels in one code object, for an llvm-objdump -d that prints
 * several (tests/data/import/README.md): copy.cl's and reduction.cl's,
 * compiled together as they are alone. */
#include "copy.cl"
#include "reduction.cl"
