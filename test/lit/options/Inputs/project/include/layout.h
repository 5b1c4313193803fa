struct P { float x, y, z; };
