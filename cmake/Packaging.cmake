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
# Set to a real address when publishing the package; lintian wants
# "name <address>". The default's .invalid domain (RFC 2606) says plainly
# that nobody reads it.
set(CUDA_COALESCE_MAINTAINER
  "cuda-coalesce developers <maintainers@cuda-coalesce.invalid>"
  CACHE STRING "The .deb's Maintainer field: name <address>")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${CUDA_COALESCE_MAINTAINER}")
# The extended description (lintian: extended-description-is-empty).
# CPack puts the summary above it as the synopsis line.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
"cuda-coalesce parses CUDA kernels with Clang 19 and, for every global load
and store, derives the address each lane of a warp touches, then predicts
the 32-byte sectors per request and shared-memory bank conflicts. Findings
come as compiler-style text, JSON or SARIF.
.
The package holds the analyzer (cuda-coalesce), a grader for CUDA
assignments (cuda-coalesce-grade, with Gradescope entry points), a clangd
with the checks built in (cuda-coalesce-clangd), a clang-tidy-19 module,
and man pages generated from each tool's --help.")
set(CPACK_DEBIAN_PACKAGE_SECTION "devel")
set(_llvm "${LLVM_VERSION_MAJOR}")
set(CPACK_DEBIAN_PACKAGE_DEPENDS
  "libclang-cpp${_llvm}, libllvm${_llvm}, libclang-common-${_llvm}-dev, \
libgrpc++1.51, libgrpc29, libprotobuf32, libabsl20220623, \
libstdc++6, libgcc-s1, libc6")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "clang-tidy-${_llvm}, pre-commit")
set(CPACK_STRIP_FILES ON)

# A native package's changelog and copyright (Debian policy 12.5, 12.7),
# compressed as policy wants. The changelog's date is the configure time, or
# SOURCE_DATE_EPOCH when set (reproducible builds).
string(TIMESTAMP _changelog_date "%a, %d %b %Y %H:%M:%S +0000" UTC)
configure_file(${PROJECT_SOURCE_DIR}/cmake/debian-changelog.in
               ${PROJECT_BINARY_DIR}/debian/changelog @ONLY)
add_custom_command(
  OUTPUT ${PROJECT_BINARY_DIR}/debian/changelog.gz
  COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/cmake/gzip-n.py
          ${PROJECT_BINARY_DIR}/debian/changelog
          ${PROJECT_BINARY_DIR}/debian/changelog.gz
  DEPENDS ${PROJECT_BINARY_DIR}/debian/changelog
          ${PROJECT_SOURCE_DIR}/cmake/gzip-n.py
  VERBATIM)
add_custom_target(debian-changelog ALL
  DEPENDS ${PROJECT_BINARY_DIR}/debian/changelog.gz)
install(FILES ${PROJECT_BINARY_DIR}/debian/changelog.gz
        DESTINATION share/doc/cuda-coalesce)
install(FILES ${PROJECT_SOURCE_DIR}/cmake/debian-copyright
        DESTINATION share/doc/cuda-coalesce RENAME copyright)
include(CPack)
