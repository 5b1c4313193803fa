# Configures, builds and runs the host-only tests of cuda_bench with nvcc.
foreach(step
    "${CMAKE_COMMAND};-S;${SOURCE};-B;${BINARY};-G;Ninja;-DCMAKE_CUDA_COMPILER=${NVCC};-DCMAKE_CUDA_ARCHITECTURES=90"
    "${CMAKE_COMMAND};--build;${BINARY};-j;2"
    "${CMAKE_CTEST_COMMAND};--test-dir;${BINARY};--output-on-failure")
  execute_process(COMMAND ${step} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "cuda_bench: '${step}' failed (${rc})")
  endif()
endforeach()
