// Another student's work, included: no code of bob's own.
#include "../alice/solution.cu"
