// Reached only through the -Iinclude of the nvcc command line.
#define SCALE_INDEX(i) ((i) * SCALE)
