# lit configuration for rumba: dialect round-trips and verifier errors through rumba-opt, frontend
# emission and pipeline stages through `rumba emit`, end-to-end runs through `rumba run`.
import os

import lit.formats

config.name = "rumba"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".py"]
config.excludes = ["lit.cfg.py", "Inputs"]
config.test_source_root = os.path.dirname(__file__)

repo_root = os.path.dirname(config.test_source_root)
profile = lit_config.params.get("profile", "release")
binaries = os.path.join(repo_root, "target", profile)
llvm_bin = lit_config.params.get("llvm_bin", "/usr/lib/llvm-22/bin")

config.environment["PATH"] = os.pathsep.join([binaries, llvm_bin, config.environment.get("PATH", os.environ.get("PATH", ""))])
config.substitutions.append(("%rumba-opt", os.path.join(binaries, "rumba-opt")))
config.substitutions.append(("%rumba", os.path.join(binaries, "rumba")))
config.substitutions.append(("%FileCheck", os.path.join(llvm_bin, "FileCheck")))
config.substitutions.append(("%not", os.path.join(llvm_bin, "not")))
