// Plain C++ versions of the throughput kernels, the yardstick for hlsl-run:
// the same arithmetic, one loop nest, compiled with clang++ -O2.
//   reference saxpy N RUNS | reference matmul N RUNS | reference wavescan N RUNS
// prints the median time of one kernel run in milliseconds.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

template <typename F> static double medianMs(int runs, F kernel) {
  std::vector<double> times;
  for (int r = 0; r < runs; ++r) {
    auto start = std::chrono::steady_clock::now();
    kernel();
    auto end = std::chrono::steady_clock::now();
    times.push_back(std::chrono::duration<double, std::milli>(end - start).count());
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

// Keeps the optimizer from deleting the kernels' results.
static volatile float sink;

int main(int argc, char **argv) {
  if (argc != 4)
    return 2;
  unsigned n = unsigned(std::atoi(argv[2]));
  int runs = std::atoi(argv[3]);
  double ms = 0;
  if (!std::strcmp(argv[1], "saxpy")) {
    std::vector<float> x(n, 1.5f), y(n, 1.0f);
    float a = 2.0f;
    ms = medianMs(runs, [&] {
      for (unsigned i = 0; i < n; ++i)
        y[i] = a * x[i] + y[i];
      sink = y[n / 2];
    });
  } else if (!std::strcmp(argv[1], "matmul")) {
    std::vector<float> a(n * n, 1.0f), b(n * n, 2.0f), c(n * n, 0.0f);
    ms = medianMs(runs, [&] {
      for (unsigned row = 0; row < n; ++row)
        for (unsigned col = 0; col < n; ++col) {
          float acc = 0;
          for (unsigned k = 0; k < n; ++k)
            acc += a[row * n + k] * b[k * n + col];
          c[row * n + col] = 1.0f * acc + 0.0f * c[row * n + col];
        }
      sink = c[n + 1];
    });
  } else if (!std::strcmp(argv[1], "wavescan")) {
    // Waves of 32 lanes, as hlsl-run runs them by default.
    std::vector<unsigned> data(n, 1u), totals(n / 32, 0u);
    ms = medianMs(runs, [&] {
      for (unsigned wave = 0; wave < n / 32; ++wave) {
        unsigned running = 0;
        for (unsigned lane = 0; lane < 32; ++lane) {
          running += data[wave * 32 + lane];
          data[wave * 32 + lane] = running;
        }
        totals[wave] = running;
      }
      sink = float(totals[n / 64]);
    });
  } else {
    return 2;
  }
  std::printf("%.3f\n", ms);
  return 0;
}
