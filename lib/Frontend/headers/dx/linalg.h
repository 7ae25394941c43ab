//===- dx/linalg.h - the shader model 6.10 linear algebra API -------------===//
//
// The HLSL standard header DXC ships as <dx/linalg.h>. Its API (dx::linalg
// matrices and vector multiplies) exists from shader model 6.10 with HLSL
// 2021; hlsl-mlir targets up to 6.8, so below that the header declares
// nothing (as DXC's), and above it says the API is not supported yet.
//
//===----------------------------------------------------------------------===//

#ifndef __HLSL_DX_LINALG_H
#define __HLSL_DX_LINALG_H

#include <enable_if>
#include <type_traits>

#if (__SHADER_TARGET_MAJOR > 6 ||                                              \
     (__SHADER_TARGET_MAJOR == 6 && __SHADER_TARGET_MINOR >= 10)) &&           \
    __HLSL_VERSION >= 2021
#error "not supported yet: <dx/linalg.h> (the shader model 6.10 linear algebra API)"
#endif

#endif // __HLSL_DX_LINALG_H
