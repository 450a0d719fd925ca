// cunumpy/ops/linalg_composites.hpp: the norms, cond, pinv, lstsq, matrix_rank, multi_dot,
// tensorinv, tensorsolve, the Hermitian SVD and cross on the default device, against values
// worked out by hand.
#include <cmath>
#include <limits>

#include "array_helpers.hpp"

namespace cunumpy::test {
namespace {

using linalg::NormOrder;
constexpr double kInf = std::numeric_limits<double>::infinity();

double scalar(const ndarray& a) { return values(a).at(0); }

}  // namespace

TEST(LinalgComposites, VectorNorms) {
  const ndarray v = from({3, -4, 0}, {3});
  EXPECT_DOUBLE_EQ(scalar(linalg::norm(v)), 5.0);
  EXPECT_DOUBLE_EQ(scalar(linalg::norm(v, NormOrder::number(1))), 7.0);
  EXPECT_DOUBLE_EQ(scalar(linalg::norm(v, NormOrder::number(kInf))), 4.0);
  EXPECT_DOUBLE_EQ(scalar(linalg::norm(v, NormOrder::number(-kInf))), 0.0);
  EXPECT_DOUBLE_EQ(scalar(linalg::norm(v, NormOrder::number(0))), 2.0);
  EXPECT_NEAR(scalar(linalg::norm(v, NormOrder::number(3))), std::cbrt(27.0 + 64.0), 1e-12);
  // Integers compute in float64; float32 stays float32.
  EXPECT_EQ(linalg::norm(v.astype(int32)).dtype(), float64);
  EXPECT_EQ(linalg::norm(v.astype(float32)).dtype(), float32);
  // Complex: |3+4i| = 5, real result.
  const ndarray c = add(v.astype(complex128), multiply(from({4, 0, 0}, {3}), Operand(std::complex<double>(0, 1))));
  EXPECT_EQ(linalg::norm(c).dtype(), float64);
  EXPECT_NEAR(scalar(linalg::norm(c)), std::sqrt(25.0 + 16.0), 1e-12);
  // Along an axis, keepdims, and vector_norm over several axes.
  const ndarray m = from({3, 4, 6, 8}, {2, 2});
  expect_near(linalg::norm(m, {}, std::vector<int64_t>{1}), {5, 10});
  EXPECT_EQ(linalg::norm(m, {}, std::vector<int64_t>{0}, true).shape(), (Shape{1, 2}));
  EXPECT_NEAR(scalar(linalg::vector_norm(m, std::vector<int64_t>{0, 1})), std::sqrt(125.0), 1e-12);
  EXPECT_EQ(linalg::vector_norm(m, std::nullopt, true).shape(), (Shape{1, 1}));
  EXPECT_THROW(linalg::norm(v, NormOrder::fro("fro"), std::vector<int64_t>{0}), ValueError);
  EXPECT_THROW(linalg::norm(v, NormOrder::invalid("x"), std::vector<int64_t>{0}), ValueError);
}

TEST(LinalgComposites, MatrixNorms) {
  const ndarray m = from({1, -2, 3, 4}, {2, 2});
  EXPECT_NEAR(scalar(linalg::norm(m)), std::sqrt(30.0), 1e-12);
  EXPECT_DOUBLE_EQ(scalar(linalg::norm(m, NormOrder::number(1))), 6.0);      // max column sum
  EXPECT_DOUBLE_EQ(scalar(linalg::norm(m, NormOrder::number(-1))), 4.0);     // min column sum
  EXPECT_DOUBLE_EQ(scalar(linalg::norm(m, NormOrder::number(kInf))), 7.0);   // max row sum
  EXPECT_DOUBLE_EQ(scalar(linalg::norm(m, NormOrder::number(-kInf))), 3.0);  // min row sum
  // Diagonal: the singular values are |entries|.
  const ndarray d = from({3, 0, 0, -2}, {2, 2});
  EXPECT_NEAR(scalar(linalg::norm(d, NormOrder::number(2))), 3.0, 1e-12);
  EXPECT_NEAR(scalar(linalg::norm(d, NormOrder::number(-2))), 2.0, 1e-12);
  EXPECT_NEAR(scalar(linalg::norm(d, NormOrder::nuc())), 5.0, 1e-12);
  EXPECT_NEAR(scalar(linalg::matrix_norm(d)), std::sqrt(13.0), 1e-12);
  EXPECT_EQ(linalg::matrix_norm(seq({3, 2, 2}), true).shape(), (Shape{3, 1, 1}));
  EXPECT_THROW(linalg::norm(m, NormOrder::number(3)), ValueError);
  EXPECT_THROW(linalg::norm(m, {}, std::vector<int64_t>{1, 1}), ValueError);
  EXPECT_THROW(linalg::norm(m, {}, std::vector<int64_t>{0, 2}), AxisError);
  EXPECT_THROW(linalg::norm(seq({2, 2, 2}), NormOrder::number(1)), ValueError);
}

TEST(LinalgComposites, Cond) {
  const ndarray d = from({4, 0, 0, 2}, {2, 2});
  EXPECT_NEAR(scalar(linalg::cond(d)), 2.0, 1e-12);
  EXPECT_NEAR(scalar(linalg::cond(d, NormOrder::number(-2))), 0.5, 1e-12);
  EXPECT_NEAR(scalar(linalg::cond(d, NormOrder::number(1))), 2.0, 1e-12);
  // Singular: inf, not LinAlgError; the error checks are restored afterwards.
  const ndarray s = from({1, 2, 2, 4}, {2, 2});
  EXPECT_TRUE(std::isinf(scalar(linalg::cond(s, NormOrder::number(1)))));
  EXPECT_TRUE(linalg_error_checks());
  EXPECT_THROW(linalg::cond(from({1, 2}, {2})), LinAlgError);
  EXPECT_THROW(linalg::cond(seq({2, 3}), NormOrder::number(1)), LinAlgError);
}

TEST(LinalgComposites, PinvLstsqRank) {
  const ndarray d = from({2, 0, 0, 0, 4, 0}, {2, 3});
  expect_near(linalg::pinv(d), {0.5, 0, 0, 0.25, 0, 0});
  EXPECT_EQ(linalg::pinv(d).shape(), (Shape{3, 2}));
  // A cutoff above 4 * 0.6 drops the 2.
  expect_near(linalg::pinv(d, from({0.6}, {})), {0, 0, 0, 0.25, 0, 0});
  EXPECT_EQ(linalg::pinv(seq({0, 2, 3})).shape(), (Shape{0, 3, 2}));
  const ndarray h = from({2, 1, 1, 2}, {2, 2});
  expect_near(linalg::pinv(h, std::nullopt, true), {2.0 / 3, -1.0 / 3, -1.0 / 3, 2.0 / 3}, 1e-12);
  // Overdetermined: fit y = 1 + 2t exactly through three points.
  const ndarray a = from({1, 0, 1, 1, 1, 2}, {3, 2});
  const ndarray b = from({1, 3, 5}, {3});
  auto [x, resid, rank, sv] = linalg::lstsq(a, b);
  expect_near(x, {1, 2}, 1e-12);
  EXPECT_EQ(rank, 2);
  EXPECT_EQ(resid.shape(), (Shape{1}));
  expect_near(resid, {0}, 1e-12);
  EXPECT_EQ(sv.shape(), (Shape{2}));
  EXPECT_THROW(linalg::lstsq(a, from({1, 2}, {2})), LinAlgError);
  EXPECT_EQ(scalar(linalg::matrix_rank(from({1, 2, 2, 4}, {2, 2}))), 1.0);
  EXPECT_EQ(scalar(linalg::matrix_rank(from({1, 0, 0, 1e-3}, {2, 2}), from({0.01}, {}))), 1.0);
  EXPECT_EQ(scalar(linalg::matrix_rank(from({0, 0}, {2}))), 0.0);
  expect_near(linalg::matrix_rank(from({1, 0, 0, 1, 1, 1, 1, 1}, {2, 2, 2})), {2, 1});
}

TEST(LinalgComposites, HermitianSvd) {
  const ndarray h = from({1, 0, 0, -3}, {2, 2});
  auto [u, s, vh] = linalg::svd_hermitian(h);
  expect_near(s, {3, 1}, 1e-12);
  expect_near(matmul(u, multiply(expand_dims(s, int64_t(-1)), vh)), {1, 0, 0, -3}, 1e-12);
  expect_near(std::get<1>(linalg::svd_hermitian(h, false)), {3, 1}, 1e-12);
}

TEST(LinalgComposites, MultiDotTensors) {
  const ndarray a = seq({2, 3}), b = seq({3, 4}), c = seq({4, 1});
  const ndarray arrays[] = {a, b, c};
  const ndarray want = matmul(matmul(a, b), c);
  expect_near(linalg::multi_dot(arrays), values(want));
  ndarray out(Shape{2, 1}, float64);
  EXPECT_TRUE(linalg::multi_dot(arrays, out).same_handle(out));
  expect_near(out, values(want));
  const ndarray one[] = {a};
  EXPECT_THROW(linalg::multi_dot(one), ValueError);
  // 1-D ends: a row and a column vector, a 0-d result.
  const ndarray ends[] = {from({1, 1}, {2}), a, b, from({1, 0, 0, 0}, {4})};
  EXPECT_EQ(linalg::multi_dot(ends).ndim(), 0);
  EXPECT_DOUBLE_EQ(scalar(linalg::multi_dot(ends)), values(matmul(matmul(from({1, 1}, {2}), a), b))[0]);
  // tensorinv of a (2, 2, 4) reshaped identity is its own reshaped inverse.
  const ndarray eye4 = eye(4).reshape(Shape{2, 2, 4});
  const ndarray ti = linalg::tensorinv(eye4, 2);
  EXPECT_EQ(ti.shape(), (Shape{4, 2, 2}));
  expect_near(ti.reshape(Shape{4, 4}), values(eye(4)));
  EXPECT_THROW(linalg::tensorinv(eye4, 0), ValueError);
  const ndarray x = linalg::tensorsolve(multiply(eye4, Operand(2.0)), from({2, 4, 6, 8}, {2, 2}));
  EXPECT_EQ(x.shape(), (Shape{4}));
  expect_near(x, {1, 2, 3, 4}, 1e-12);
}

TEST(LinalgComposites, Cross) {
  const ndarray ex = from({1, 0, 0}, {3}), ey = from({0, 1, 0}, {3});
  expect_near(cross(ex, ey), {0, 0, 1});
  expect_near(cross(ey, ex), {0, 0, -1});
  // Integers stay integers; stacks broadcast; the vector axis moves.
  EXPECT_EQ(cross(ex.astype(int64), ey.astype(int64)).dtype(), int64);
  const ndarray stacked = from({1, 0, 0, 0, 1, 0}, {2, 3});
  EXPECT_EQ(cross(stacked, ey).shape(), (Shape{2, 3}));
  expect_near(cross(stacked, ey), {0, 0, 1, 0, 0, 0});
  expect_near(cross(stacked.T(), ey, 0, -1, 0), {0, 0, 0, 0, 1, 0});
  // 2-element vectors only when allowed (NumPy before 2.5).
  const ndarray p = from({1, 2}, {2}), q = from({3, 4}, {2});
  EXPECT_THROW(cross(p, q), ValueError);
  EXPECT_DOUBLE_EQ(scalar(cross(p, q, -1, -1, -1, true)), -2.0);
  expect_near(cross(p, ex, -1, -1, -1, true), {0, 0, -2});
  EXPECT_THROW(cross(from({1}, {1}), ex, -1, -1, -1, true), ValueError);
}

}  // namespace cunumpy::test
