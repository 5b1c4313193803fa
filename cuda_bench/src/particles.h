// The particle layouts of the array-of-structs rows and their struct-of-arrays counterpart.
#pragma once

struct Particle3 {
  float x, y, z;
};

struct Particle6 {
  float x, y, z, vx, vy, vz;
};

struct ParticlesSoA {
  const float *xs;
  const float *ys;
  const float *zs;
};
