//===- Passes.td - hlsl dialect passes ---------------------*- tablegen -*-===//
//
// hlsl -> hlsl passes, roughly in pipeline order.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_DIALECT_HLSL_TRANSFORMS_PASSES_TD
#define HLSL_DIALECT_HLSL_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

//===----------------------------------------------------------------------===//
// Resource bindings
//===----------------------------------------------------------------------===//

def HLSLDropUnusedResourcesPass
    : Pass<"hlsl-drop-unused-resources", "::mlir::ModuleOp"> {
  let summary = "Erase resource and constant buffer declarations nothing uses";
  let description = [{
    Erases every `hlsl.resource` and `hlsl.cbuffer` that no symbol use in the
    module refers to. DXC assigns bindings after optimization, so a resource
    that only unreachable code touched neither keeps its explicit binding nor
    reserves registers (seed 004, example 6.1). Run it after the code that
    refers to resources has been simplified (canonicalize, symbol DCE).

    ```mlir
    hlsl.resource @C : !hlsl.res<RWBuffer, f32> binding <u2>  // erased
    ```
  }];
}

def HLSLAssignBindingsPass
    : Pass<"hlsl-assign-bindings", "::mlir::ModuleOp"> {
  let summary = "Assign registers to implicitly bound resources and cbuffers";
  let description = [{
    Gives every used `hlsl.resource` and `hlsl.cbuffer` whose binding has no
    register (`binding <order 3>` or `binding <space1, order 3>`) a register
    range, following DXC's rules (seed 004):

    - Only used declarations take part: one that no symbol use refers to
      keeps its attribute and reserves nothing.
    - Explicit ranges (`binding <u10, space1>`) are reserved first, per
      register class and space; overlapping explicit ranges are errors.
    - Implicit declarations are then placed in increasing `order`: a bounded
      range at the lowest free range that fits, an unbounded array after the
      highest register used so far, up to the last register.

    The assigned binding keeps the order id, `binding <u2, space0, order 3>`,
    which marks it as chosen by the compiler. Already assigned bindings are
    treated as fixed, so running the pass twice changes nothing.

    Every allocation failure (overlap, no room left, range too large) is
    reported at the declaration, naming the resource.
  }];
}

def HLSLPrintBindingsPass
    : Pass<"hlsl-print-bindings", "::mlir::ModuleOp"> {
  let summary = "Print the register binding of every used declaration";
  let description = [{
    Prints one line per used `hlsl.resource` and `hlsl.cbuffer`, in
    declaration order, to standard output: the name, the descriptor class
    (SRV, UAV, CBV, Sampler), the register range (`u3`, `u3..u6`, `u10..`
    for an unbounded array, `-` if not assigned yet), the space and whether
    the register was `explicit` or `implicit` (chosen by
    `hlsl-assign-bindings`; `unassigned` before it ran). The module is not
    changed.

    ```
    name  class  registers  space  binding
    A     UAV    u0         0      explicit
    B     UAV    u1..u4     0      implicit
    ```
  }];
}

#endif // HLSL_DIALECT_HLSL_TRANSFORMS_PASSES_TD
