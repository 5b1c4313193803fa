#define STRIDE 2
