// The min/max overload set nvcc provides, as an X-macro list: the includer
// defines __CC_MIN_MAX(A, B, R) to declare R min(A, B) and R max(A, B) with
// the qualifiers it needs (host and device in the built-in headers, host
// only in the toolkit prelude). The mixed signed/unsigned overloads keep
// min(int, unsigned) from being ambiguous. No include guard: it is a list.
__CC_MIN_MAX(int, int, int)
__CC_MIN_MAX(unsigned int, unsigned int, unsigned int)
__CC_MIN_MAX(int, unsigned int, unsigned int)
__CC_MIN_MAX(unsigned int, int, unsigned int)
__CC_MIN_MAX(long, long, long)
__CC_MIN_MAX(unsigned long, unsigned long, unsigned long)
__CC_MIN_MAX(long, unsigned long, unsigned long)
__CC_MIN_MAX(unsigned long, long, unsigned long)
__CC_MIN_MAX(long long, long long, long long)
__CC_MIN_MAX(unsigned long long, unsigned long long, unsigned long long)
__CC_MIN_MAX(long long, unsigned long long, unsigned long long)
__CC_MIN_MAX(unsigned long long, long long, unsigned long long)
__CC_MIN_MAX(float, float, float)
__CC_MIN_MAX(double, double, double)
__CC_MIN_MAX(float, double, double)
__CC_MIN_MAX(double, float, double)
