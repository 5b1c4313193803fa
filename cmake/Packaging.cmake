#===- The .deb: cpack -G DEB -> cuda-coalesce_<version>_amd64.deb ---------===#
# What `cmake --install` puts under the prefix (every tool, the clang-tidy
# module, the CUDA headers for clang-tidy/clangd users) packaged for /usr.
# The dependencies are named by hand, not by dpkg-shlibdeps: the binaries find
# libclang-cpp and libLLVM through /usr/lib/llvm-19/lib, where shlibdeps has
# no symbols file to look them up. The list is the DT_NEEDED libraries of the
# installed files mapped to their packages with `dpkg -S`
# (test/install/check_deb.py checks it against readelf of the package's
# contents), plus libclang-common-19-dev: the resource directory
# (${CUDA_COALESCE_RESOURCE_DIR}, baked into the binaries) with the builtin
# headers that every CUDA parse includes.
set(CPACK_GENERATOR "DEB")
set(CPACK_PACKAGE_NAME "cuda-coalesce")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "Static analyzer predicting CUDA global-memory coalescing (Clang 19)")
set(CPACK_PACKAGING_INSTALL_PREFIX "/usr")
set(CPACK_DEBIAN_FILE_NAME "DEB-DEFAULT")
set(CPACK_DEBIAN_PACKAGE_ARCHITECTURE "amd64")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "cuda-coalesce developers")
set(CPACK_DEBIAN_PACKAGE_SECTION "devel")
set(_llvm "${LLVM_VERSION_MAJOR}")
set(CPACK_DEBIAN_PACKAGE_DEPENDS
  "libclang-cpp${_llvm}, libllvm${_llvm}, libclang-common-${_llvm}-dev, \
libgrpc++1.51, libgrpc29, libprotobuf32, libabsl20220623, \
libstdc++6, libgcc-s1, libc6")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "clang-tidy-${_llvm}, pre-commit")
set(CPACK_STRIP_FILES ON)
include(CPack)
