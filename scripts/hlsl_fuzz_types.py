"""Random HLSL data declarations for the differential fuzzers
(fuzz-layouts-with-dxc, fuzz-buffer-loads-with-dxc).

Generator(rng, sixteen).declaration(depth) gives a random data type:
scalars, vectors and matrices of every element type (16-bit ones only with
native 16-bit types, minimum precision ones either way), row_major and
column_major matrices, arrays and nested structs. Each comes with its
leaves: the access path of every scalar in it and the scalar's type name.
"""

SCALARS_32 = ["float", "int", "uint", "bool", "double", "int64_t", "uint64_t",
              "min16float", "min16int", "min16uint"]
SCALARS_16 = ["half", "float16_t", "int16_t", "uint16_t"]
MATRIX_ELEMENTS = ["float", "int", "double", "bool", "min16float"]
MATRIX_ELEMENTS_16 = ["half", "int16_t", "uint16_t"]


class Generator:
    """With `avoid_dxc_bugs`, leaves out matrices whose constant buffer
    layout DXC's code and DXC's reflection disagree on (docs/dxc-parity.md):
    row_major Nx1 ones, double ones stored as vectors of one or two
    elements, and 16-bit ones stored as one vector."""

    def __init__(self, rng, sixteen, avoid_dxc_bugs=False, context="cbuffer"):
        self.rng = rng
        self.sixteen = sixteen
        self.avoid_dxc_bugs = avoid_dxc_bugs
        # "cbuffer", "structured" or "byte-address": in structured buffers
        # DXC also gets matrices of 16-bit scalars wrong, in a struct that
        # ByteAddressBuffer::Load<T> reads every matrix.
        self.structured = context != "cbuffer"
        self.no_matrices = avoid_dxc_bugs and context == "byte-address"
        # Scalar types to leave out.
        self.excluded = set()
        self.structs = []
        self.struct_count = 0

    def dxc_bug(self, element, rows, cols, orientation):
        row_major = orientation == "row_major "
        vectors, length = (rows, cols) if row_major else (cols, rows)
        if row_major and rows > 1 and cols == 1:
            return True
        if element == "double" and length <= 2:
            return True
        sixteen_bit = element in MATRIX_ELEMENTS_16 or (
            self.sixteen and element == "min16float")
        return sixteen_bit and (vectors == 1 or self.structured)

    def scalar(self):
        pool = SCALARS_32 + (SCALARS_16 * 2 if self.sixteen else [])
        return self.rng.choice([t for t in pool if t not in self.excluded])

    def declaration(self, depth=0):
        """(type prefix, array suffix, [(access path, scalar type)])."""
        r = self.rng.random()
        if r < 0.25:
            t = self.scalar()
            base, leaves = t, [("", t)]
        elif r < 0.5:
            t, n = self.scalar(), self.rng.randint(1, 4)
            base = "%s%d" % (t, n)
            leaves = [("." + "xyzw"[i], t) for i in range(n)]
        elif r < 0.75 and self.no_matrices:
            return self.declaration(depth)
        elif r < 0.75:
            pool = MATRIX_ELEMENTS + (MATRIX_ELEMENTS_16 * 2 if self.sixteen else [])
            pool = [t for t in pool if t not in self.excluded]
            while True:
                t = self.rng.choice(pool)
                rows, cols = self.rng.randint(1, 4), self.rng.randint(1, 4)
                orientation = self.rng.choice(["", "row_major ", "column_major "])
                if not (self.avoid_dxc_bugs and self.dxc_bug(t, rows, cols, orientation)):
                    break
            base = "%s%s%dx%d" % (orientation, t, rows, cols)
            leaves = [("._m%d%d" % (i, j), t) for i in range(rows) for j in range(cols)]
        elif depth < 2:
            name = "S%d" % self.struct_count
            self.struct_count += 1
            fields, leaves = [], []
            for k in range(self.rng.randint(1, 4)):
                prefix, suffix, sub = self.declaration(depth + 1)
                fields.append("  %s f%d%s;" % (prefix, k, suffix))
                leaves += [(".f%d%s" % (k, path), t) for path, t in sub]
            # After the structs of its fields, which it names.
            self.structs.append("struct %s {\n%s\n};" % (name, "\n".join(fields)))
            base = name
        else:
            return self.declaration(depth)
        suffix = ""
        if self.rng.random() < 0.25:
            n = self.rng.randint(1, 3)
            suffix = "[%d]" % n
            leaves = [("[%d]%s" % (i, path), t) for i in range(n) for path, t in leaves]
        return base, suffix, leaves

    def members(self, count):
        """`count` members m0, m1, ...: (declarations, leaves)."""
        declarations, leaves = [], []
        for k in range(count):
            prefix, suffix, sub = self.declaration()
            declarations.append("  %s m%d%s;" % (prefix, k, suffix))
            leaves += [("m%d%s" % (k, path), t) for path, t in sub]
        return declarations, leaves

    def struct_definitions(self):
        return "\n".join(self.structs)
