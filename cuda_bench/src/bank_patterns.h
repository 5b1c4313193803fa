// The shared-memory bank-conflict pattern family: each kernel fills a __shared__ buffer with one store
// pattern and reads it back kBankReps times with one load pattern, so Nsight Compute's shared-memory
// wavefronts per instruction, for loads and for stores, are each one access's cost.
#pragma once

#include <cstddef>

namespace bench {

struct BankBuffers {
  const float *in = nullptr; // at least kBankInputFloats
  float *out = nullptr;      // at least kBankOutputFloats
};

constexpr size_t kBankInputFloats = 4096 * 4096;
constexpr size_t kBankOutputFloats = 4096 * 4096;

// One row of the table, by name: what it measures and how to launch it.
struct BankPattern {
  const char *name;   // "column_32": the row's name in the results
  const char *kernel; // as cuda-coalesce prints it: "sharedColumn<0>"
  const char *group;  // "stride", "column", "wide", "transpose"
  const char *label;  // one line for the table
  unsigned elemBytes; // bytes each lane reads per access
  void (*launch)(const BankBuffers &);
};

// Every row, in table order (bank_patterns_main.cpp); *count receives their number.
const BankPattern *bankPatterns(size_t *count);

// The launches (bank_patterns.cu), one per kernel, <<<grid, 32x8>>>. T is float, double, float3 or float4
// (elements of its type in BankBuffers::in); the instantiations the table uses are the ones compiled.
template <typename T, int STRIDE> void launchStrided(const BankBuffers &b);
template <int PAD> void launchColumn(const BankBuffers &b);
void launchSwizzled(const BankBuffers &b);
void launchColumnWrite(const BankBuffers &b);
template <int PAD> void launchTranspose(const BankBuffers &b);

} // namespace bench
