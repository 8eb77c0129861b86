"""Builds crasp's Python extension (crasp._crasp) with CMake, for
`pip install --no-build-isolation ./python`: the library and the module are compiled from the
source tree this folder belongs to (Debian 12 needs cmake, ninja-build, g++, the -dev packages
of the README's bootstrap, pybind11-dev and python3-dev). The pure-Python packages (crasp,
crasp_model) are declared in pyproject.toml."""
import os
import pathlib
import shutil
import subprocess
import sys
import sysconfig

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = pathlib.Path(__file__).resolve().parent.parent


class CMakeExtension(Extension):
    def __init__(self, name):
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    """Configures the whole project with only the library and the module enabled, builds the
    module target, and copies the extension where setuptools wants it."""

    def build_extension(self, ext):
        target = pathlib.Path(self.get_ext_fullpath(ext.name)).resolve()
        build = pathlib.Path(self.build_temp).resolve() / "cmake"
        jobs = os.environ.get("CRASP_BUILD_JOBS", "2")
        subprocess.run(["cmake", "-S", str(ROOT), "-B", str(build), "-G", "Ninja",
                        "-DCMAKE_BUILD_TYPE=Release", "-DCRASP_BUILD_TESTS=OFF",
                        "-DCRASP_BUILD_CLI=OFF", "-DCRASP_INSTALL=OFF", "-DCRASP_BUILD_PYTHON=ON",
                        f"-DPython_EXECUTABLE={sys.executable}"], check=True)
        subprocess.run(["cmake", "--build", str(build), "--target", "crasp_python", "-j", jobs],
                       check=True)
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        built = build / "python" / "crasp" / ("_crasp" + suffix)
        if not built.exists():
            sys.exit(f"crasp: the build made no {built.name}: were pybind11-dev and python3-dev "
                     "found? (cmake says 'import crasp is not built' when not)")
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, target)


setup(ext_modules=[CMakeExtension("crasp._crasp")], cmdclass={"build_ext": CMakeBuild})
