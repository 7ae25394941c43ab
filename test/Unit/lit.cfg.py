# -*- Python -*-
# Runs the GoogleTest binaries under build/unittests as part of check-hlsl.
import os

import lit.formats

config.name = "HLSL-Unit"
config.suffixes = []
config.test_source_root = os.path.join(config.hlsl_obj_root, "unittests")
config.test_exec_root = config.test_source_root
config.test_format = lit.formats.GoogleTest(".", "Test")
