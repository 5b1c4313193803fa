// Shared by both of grace's source files.
#pragma once
#define TILE 32
struct Velocity {
  const float *vx, *vy, *vz;
};
