#include "k.cuh"
