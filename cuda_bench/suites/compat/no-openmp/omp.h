/* For the analyzer alone: Altis's mandelbrot includes <omp.h> and calls
   nothing from it; clang as the analyzer runs it has no omp.h (nvcc's host
   compiler, gcc, has). */
