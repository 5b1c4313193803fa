#===- Man pages: one per tool, from the tool's own --help -----------------===#
# cmake/help2man.py runs each built tool with --help and --version and writes
# share/man/man1/<tool>.1.gz, so a page can only say what the option table
# the tool parses says. Built with the tools (ALL), installed with them;
# not in an instrumented build (nothing is packaged from it, and running
# its tools at build time would put the sanitizers' verdicts in the build).
find_package(Python3 COMPONENTS Interpreter REQUIRED)
if(CUDA_COALESCE_SANITIZE OR CUDA_COALESCE_BUILD_FUZZERS)
  return()
endif()
set(_man_pages)
foreach(tool cuda-coalesce cuda-coalesce-grade cuda-coalesce-clangd)
  set(_page "${PROJECT_BINARY_DIR}/man/${tool}.1.gz")
  add_custom_command(
    OUTPUT "${_page}"
    COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/cmake/help2man.py
            $<TARGET_FILE:${tool}> ${tool} "${_page}"
    DEPENDS ${tool} ${PROJECT_SOURCE_DIR}/cmake/help2man.py
    COMMENT "Writing the man page of ${tool} from its --help"
    VERBATIM)
  list(APPEND _man_pages "${_page}")
endforeach()
add_custom_target(man-pages ALL DEPENDS ${_man_pages})
install(FILES ${_man_pages} DESTINATION share/man/man1)
