#!/usr/bin/env python3
"""Checks the float32 random transforms of src/scalar/cn_random.h over every input they
can get, on the host (the GPU computes the same bits: tests/python/test_random.py's
comparison of the backends): for all 2^24 values of a word's top 24 bits t,

- minus2_log_unit_f: -2 ln(u), u = (t + 1) 2^-24, as ln against long double (the float32
  normal's radius and, halved, the float32 exponential); exactly 0 for u = 1;
- sqrt_radius_f of it: the Box-Muller radius sqrt(-2 ln u);
- sincos2pi_f: sin and cos of 2 pi t 2^-24 against long double;

in units in the last place of the float32 result, with the bounds that cn_random.h's
comments and docs/architecture.md state. Prints the largest errors; exits 1 when one is
above its bound. About 5 s on one core.

    python3 scripts/check_random_accuracy.py
"""
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

HARNESS = r"""
#include <cmath>
#include <cstdio>
#include "cn_random.h"

// |got - want| in ulps of the float32 nearest want (for want = 0: of the smallest normal)
static double ulps(float got, long double want) {
  const float w = (float)want;
  float a = std::fabs(w) < 1.17549435e-38f ? 1.17549435e-38f : std::fabs(w);
  const double ulp = (double)(std::nextafter(a, INFINITY) - a);
  return (double)std::fabs((long double)got - want) / ulp;
}

int main() {
  const long double two_pi = 6.283185307179586476925286766559L;
  double ln_max = 0, r_max = 0, s_max = 0, c_max = 0;
  long bad_zero = 0;
  for (unsigned t = 0; t < (1u << 24); ++t) {
    const float m2 = cn::rnd::minus2_log_unit_f((float)(t + 1));
    const long double ln = logl(((long double)t + 1) / 16777216.0L);
    if (t == (1u << 24) - 1) {
      if (m2 != 0.0f) ++bad_zero;
    } else {
      ln_max = std::fmax(ln_max, ulps(m2 * -0.5f, ln));
      r_max = std::fmax(r_max, ulps(cn::rnd::sqrt_radius_f(m2), sqrtl(-2 * ln)));
    }
    float s, c;
    cn::rnd::sincos2pi_f(t << 8, &s, &c);
    const long double a = two_pi * (long double)t / 16777216.0L;
    // an exact zero of sin or cos (t a multiple of 2^22) must come out as 0
    const long double sw = (t % (1u << 23)) == 0 ? 0.0L : sinl(a);
    const long double cw = ((t + (1u << 22)) % (1u << 23)) == 0 ? 0.0L : cosl(a);
    s_max = std::fmax(s_max, ulps(s, sw));
    c_max = std::fmax(c_max, ulps(c, cw));
  }
  printf("%.4f %.4f %.4f %.4f %ld\n", ln_max, r_max, s_max, c_max, bad_zero);
  return 0;
}
"""

# The documented bounds (ulp): ln 1.2 (cn_random.h: minus2_log_unit_f), sin/cos 1.5
# (sincos2pi_f); the radius adds sqrt's half ulp to half of ln's relative error.
BOUNDS = {"ln": 1.25, "radius": 1.25, "sin": 1.55, "cos": 1.55}


def main():
    cxx = os.environ.get("CXX", "c++")
    with tempfile.TemporaryDirectory() as tmp:
        src, exe = os.path.join(tmp, "acc.cpp"), os.path.join(tmp, "acc")
        with open(src, "w") as f:
            f.write(HARNESS)
        subprocess.run([cxx, "-std=c++17", "-O2", "-ffp-contract=off", "-I", os.path.join(ROOT, "src", "scalar"),
                        src, "-o", exe], check=True)
        out = subprocess.run([exe], check=True, capture_output=True, text=True).stdout.split()
    got = dict(zip(("ln", "radius", "sin", "cos"), map(float, out[:4])))
    bad_zero = int(out[4])
    fails = [k for k, v in got.items() if v > BOUNDS[k]]
    print("float32 transforms over all 2^24 inputs, largest error in ulp: "
          + ", ".join(f"{k} {v:.3f} (bound {BOUNDS[k]})" for k, v in got.items())
          + ("" if not bad_zero else f"; -2 ln(1) not 0"))
    return 1 if fails or bad_zero else 0


if __name__ == "__main__":
    sys.exit(main())
