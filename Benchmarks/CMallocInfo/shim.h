// SPDX-License-Identifier: Apache-2.0
// Exposes glibc's heap statistics (mallinfo2) so the benchmark can measure bytes per node.
#include <malloc.h>
