// SHOC's Utility.h names vector and string unqualified, relying on an
// earlier `using namespace std` that InitializeMatrix2D.cpp does not have;
// stencil2d force-includes this (-include) to build as its Makefile did.
#pragma once
#ifdef __cplusplus
#include <string>
#include <vector>
using std::string;
using std::vector;
#endif
