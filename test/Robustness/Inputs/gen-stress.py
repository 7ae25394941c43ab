"""Writes a large or deeply nested compute shader to stdout, for the
Robustness tests: gen-stress.py KIND N. Every shader is valid HLSL (entry
`main`, [numthreads(1,1,1)]) unless the kind says otherwise; N is the depth
or the count."""
import sys

kind, n = sys.argv[1], int(sys.argv[2])
OUT = "RWStructuredBuffer<float> Out : register(u0);\n"
HEAD = "[numthreads(1,1,1)]\nvoid main(uint3 id : SV_DispatchThreadID) {\n"


def shader(body, decls=""):
    sys.stdout.write(OUT + decls + HEAD + body + "\n}\n")


if kind == "parens":  # ((((id.x))))
    shader("Out[0] = " + "(" * n + "id.x" + ")" * n + ";")
elif kind == "calls":  # f(f(f(id.x)))
    shader("Out[0] = " + "f(" * n + "id.x" + ")" * n + ";",
           "float f(float x) { return x + 1; }\n")
elif kind == "intrinsics":  # abs(abs(abs(x)))
    shader("Out[0] = " + "abs(" * n + "(float)id.x" + ")" * n + ";")
elif kind == "subscripts":  # a[a[a[0]]]
    shader("int a[2] = {0, 1};\nOut[0] = " + "a[" * n + "0" + "]" * n + ";")
elif kind == "casts":  # (float)(int)(float)(int)id.x
    shader("Out[0] = " + "(float)(int)" * (n // 2) + "id.x;")
elif kind == "negate-parens":  # -(-(-(x)))
    shader("int x = id.x;\nOut[0] = " + "-(" * n + "x" + ")" * n + ";")
elif kind == "unary-minus":  # - - - x
    shader("int x = id.x;\nOut[0] = " + "- " * n + "x;")
elif kind == "logical-not":  # !!!x
    shader("int x = id.x;\nOut[0] = " + "!" * n + "x;")
elif kind == "blocks":  # {{{ }}}
    shader("{" * n + "Out[0] = 1;" + "}" * n)
elif kind == "sum":  # x + x + ... (n + 1 terms, left-nested)
    shader("float x = id.x;\nOut[0] = x" + " + x" * n + ";")
elif kind == "ternaries":  # id.x == 0 ? 0 : id.x == 1 ? 1 : ... : 0
    shader("Out[0] = " + "".join(f"id.x == {i} ? {i} : " for i in range(n)) + "0;")
elif kind == "structs":  # struct S1 { S0 s; } ... nested n deep
    decls = "struct S0 { float v; };\n" + "".join(
        f"struct S{i} {{ S{i - 1} s; }};\n" for i in range(1, n))
    path = "s" + ".s" * (n - 1) + ".v"
    shader(f"S{n - 1} s;\n{path} = id.x;\nOut[0] = {path};", decls)
elif kind == "call-chain":  # f{i} calls f{i-1}
    decls = "float f0(float x) { return x + 1; }\n" + "".join(
        f"float f{i}(float x) {{ return f{i - 1}(x) + 1; }}\n" for i in range(1, n))
    shader(f"Out[0] = f{n - 1}(id.x);", decls)
elif kind == "functions":  # n functions, each called once from main
    decls = "".join(f"float f{i}(float x) {{ return x * {i}; }}\n" for i in range(n))
    shader("float s = 0;\n" + "".join(f"s += f{i}(id.x);\n" for i in range(n)) + "Out[0] = s;", decls)
elif kind == "locals":  # n local variables, all live to the end
    shader("".join(f"float v{i} = id.x + {i};\n" for i in range(n)) +
           "Out[0] = " + " + ".join(f"v{i}" for i in range(n)) + ";")
elif kind == "statements":  # n statements updating one variable
    shader("float s = id.x;\n" + "".join(f"s = s * 1.0001 + {i % 97};\n" for i in range(n)) + "Out[0] = s;")
elif kind == "switch":  # one switch with n cases
    shader("switch (id.x) {\n" + "".join(f"case {i}: Out[0] = {i}; break;\n" for i in range(n)) + "}")
elif kind == "resources":  # n implicitly bound buffers, all used
    sys.stdout.write("".join(f"RWBuffer<float> B{i};\n" for i in range(n)) + HEAD +
                     "float s = 0;\n" + "".join(f"s += B{i}[id.x];\n" for i in range(n)) + "B0[0] = s;\n}\n")
elif kind == "cbuffers":  # n constant buffers, all used
    decls = "".join(f"cbuffer C{i} {{ float m{i}; }};\n" for i in range(n))
    shader("float s = 0;\n" + "".join(f"s += m{i};\n" for i in range(n)) + "Out[0] = s;", decls)
elif kind == "cbuffer-members":  # one cbuffer with n floats, all used
    decls = "cbuffer CB {\n" + "".join(f"  float m{i};\n" for i in range(n)) + "};\n"
    shader("Out[0] = " + " + ".join(f"m{i}" for i in range(n)) + ";", decls)
elif kind == "struct-fields":  # a structured buffer element with n fields, copied
    decls = "struct S {\n" + "".join(f"  float m{i};\n" for i in range(n)) + "};\nRWStructuredBuffer<S> SB;\n"
    shader("S s = SB[id.x];\nSB[0] = s;", decls)
elif kind == "unroll":  # [unroll] loop with a constant trip count n
    shader(f"float s = 0;\n[unroll] for (uint i = 0; i < {n}; i++) s += Out[i];\nOut[0] = s;")
elif kind == "unroll-count":  # [unroll(n)] on a loop with a dynamic bound
    shader(f"float s = 0;\n[unroll({n})] for (uint i = 0; i < id.x; i++) s += Out[i];\nOut[0] = s;")
elif kind == "comments":  # about n bytes of comment lines before a shader
    line = "// padding " + "x" * 68 + "\n"
    sys.stdout.write(line * (n // len(line)))
    shader("Out[id.x] = id.x;")
else:
    sys.exit("unknown kind " + kind)
