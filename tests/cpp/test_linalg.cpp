// cunumpy/ops/linalg.hpp: the products and cunumpy::linalg on the default device, checked
// against values worked out by hand (small integer matrices, so results are exact).
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include <cunumpy/cunumpy.hpp>

namespace cunumpy::test {
namespace {

ndarray from(const std::vector<double>& v, const Shape& shape, DType dt = float64) {
  return array_from_host(v.data(), Shape{static_cast<int64_t>(v.size())}, Strides{8}, float64, current_device())
      .reshape(shape)
      .astype(dt);
}

std::vector<double> values(const ndarray& a) { return a.astype(float64).to_vector<double>(); }

void expect_near(const std::vector<double>& got, const std::vector<double>& exp, double tol = 1e-12) {
  ASSERT_EQ(got.size(), exp.size());
  for (std::size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], exp[i], tol) << "at " << i;
}

}  // namespace

TEST(Linalg, MatmulShapesAndDtypes) {
  const ndarray a = from({1, 2, 3, 4, 5, 6}, {2, 3});
  const ndarray b = from({1, 0, 2, 1, 0, 3}, {3, 2});
  expect_near(values(matmul(a, b)), {5, 11, 14, 23});
  expect_near(values(matmul(a.astype(int8), b.astype(int8))), {5, 11, 14, 23});
  EXPECT_EQ(matmul(a.astype(int8), b.astype(int8)).dtype(), int8);
  EXPECT_EQ(matmul(a.astype(float32), b).dtype(), float64);
  // Transposed operand (a view, no copy needed) and 1-D promotion.
  expect_near(values(matmul(a.T(), a)), {17, 22, 27, 22, 29, 36, 27, 36, 45});
  const ndarray v = from({1, 1, 1}, {3});
  EXPECT_EQ(matmul(a, v).shape(), (Shape{2}));
  expect_near(values(matmul(a, v)), {6, 15});
  EXPECT_EQ(matmul(v, v).ndim(), 0);
  // Batches broadcast.
  const ndarray s = from({1, 2, 3, 4, 5, 6, 7, 8}, {2, 1, 2, 2});
  EXPECT_EQ(matmul(s, from({1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1}, {3, 2, 2})).shape(), (Shape{2, 3, 2, 2}));
  // Empty inner dimension: zeros.
  expect_near(values(matmul(ndarray(Shape{2, 0}, float64), ndarray(Shape{0, 2}, float64))), {0, 0, 0, 0});
}

TEST(Linalg, MatmulBoolAndErrors) {
  const ndarray a = from({1, 0, 0, 0}, {2, 2}, bool_);
  const ndarray b = from({0, 1, 1, 0}, {2, 2}, bool_);
  const ndarray c = matmul(a, b);
  EXPECT_EQ(c.dtype(), bool_);
  expect_near(values(c), {0, 1, 0, 0});
  EXPECT_THROW(matmul(a, from({1, 2, 3}, {3, 1})), ValueError);
  EXPECT_THROW(matmul(from({1}, {}), a), ValueError);
}

TEST(Linalg, Products) {
  const ndarray a = from({1, 2, 3, 4}, {2, 2});
  const ndarray v = from({1, 2}, {2});
  expect_near(values(dot(a, v)), {5, 11});
  expect_near(values(vdot(a, a)), {30});
  expect_near(values(inner(v, v)), {5});
  expect_near(values(outer(v, v)), {1, 2, 2, 4});
  expect_near(values(tensordot(a, a, 1)), {7, 10, 15, 22});
  expect_near(values(trace(a)), {5});
  expect_near(values(kron(from({1, 2}, {2}), from({1, 10}, {2}))), {1, 10, 2, 20});
  expect_near(values(vecdot(a, a)), {5, 25});
  expect_near(values(matvec(a, v)), {5, 11});
  expect_near(values(vecmat(v, a)), {7, 10});
  const ndarray ops[] = {a, a};
  expect_near(values(einsum("ij,jk->ik", ops)), {7, 10, 15, 22});
  const ndarray one[] = {a};
  expect_near(values(einsum("ii", one)), {5});
  expect_near(values(einsum("ij->ji", one)), {1, 3, 2, 4});
}

TEST(Linalg, SolveInvDet) {
  const ndarray a = from({4, 1, 2, 3}, {2, 2});
  expect_near(values(linalg::solve(a, from({1, 2}, {2}))), {0.1, 0.6});
  expect_near(values(linalg::inv(a)), {0.3, -0.1, -0.2, 0.4});
  expect_near(values(linalg::det(a)), {10});
  auto [sign, logdet] = linalg::slogdet(from({0, 1, 1, 0}, {2, 2}));
  expect_near(values(sign), {-1});
  expect_near(values(logdet), {0});
  EXPECT_EQ(linalg::det(a.astype(int32)).dtype(), float64);
  EXPECT_THROW(linalg::inv(from({1, 2, 2, 4}, {2, 2})), LinAlgError);
  EXPECT_THROW(linalg::inv(from({1, 2, 3}, {3})), LinAlgError);
  EXPECT_THROW(linalg::inv(a.astype(float16)), TypeError);
}

TEST(Linalg, Factorizations) {
  const ndarray spd = from({4, 2, 2, 3}, {2, 2});
  expect_near(values(linalg::cholesky(spd)), {2, 0, 1, std::sqrt(2.0)});
  expect_near(values(linalg::cholesky(spd, true)), {2, 1, 0, std::sqrt(2.0)});
  EXPECT_THROW(linalg::cholesky(from({1, 2, 2, 1}, {2, 2})), LinAlgError);
  auto [w, v] = linalg::eigh(from({2, 1, 1, 2}, {2, 2}));
  expect_near(values(w), {1, 3});
  auto [u, s, vt] = linalg::svd(from({3, 0, 0, -2}, {2, 2}));
  expect_near(values(s), {3, 2});
  auto [q, r] = linalg::qr(from({3, 4}, {2, 1}));
  expect_near(values(matmul(q, r)), {3, 4});
  // Complex results (NumPy 2.5); real ones on request when every eigenvalue is real.
  auto [cw, cv] = linalg::eig(from({2, 0, 0, 5}, {2, 2}));
  EXPECT_EQ(cw.dtype(), complex128);
  auto [ew, ev] = linalg::eig(from({2, 0, 0, 5}, {2, 2}), /*real_if_all_real=*/true);
  EXPECT_EQ(ew.dtype(), float64);
  expect_near(values(ew), {2, 5});
  expect_near(values(linalg::matrix_power(from({1, 1, 1, 0}, {2, 2}), 5)), {8, 5, 5, 3});
}

}  // namespace cunumpy::test
