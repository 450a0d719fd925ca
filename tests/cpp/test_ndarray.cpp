// ndarray: creation, attributes, views (indexing, reshape, transpose, squeeze, view(dtype)),
// copies and casts (copy, astype, fill, assign, set_item), host transfer, and the errors
// NumPy raises for the same mistakes (checked by exception class and message).
// Runs on the current default device: the CPU backend in CI, CUDA with CUNUMPY_DEVICE=cuda.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <numeric>
#include <string>
#include <vector>

#include <cunumpy/cunumpy.hpp>

namespace cunumpy::test {
namespace {

// arange(n) as float64 reshaped to `shape` (built through copy_from_host only).
ndarray iota(const Shape& shape, DType dtype = float64) {
  ndarray a(shape, float64);
  std::vector<double> v(static_cast<std::size_t>(shape_size(shape)));
  std::iota(v.begin(), v.end(), 0.0);
  a.copy_from_host(v.data());
  return dtype == float64 ? a : a.astype(dtype);
}

std::vector<double> values(const ndarray& a) {
  return a.dtype() == float64 ? a.to_vector<double>() : a.astype(float64).to_vector<double>();
}

template <class E, class F>
std::string message_of(F&& f) {
  try {
    f();
  } catch (const E& e) {
    return e.what();
  } catch (const std::exception& e) {
    ADD_FAILURE() << "wrong exception type: " << e.what();
    return "";
  }
  ADD_FAILURE() << "no exception thrown";
  return "";
}

bool contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

}  // namespace

TEST(NDArray, AttributesOfAFreshArray) {
  ndarray a({2, 3, 4}, float32);
  EXPECT_TRUE(a.defined());
  EXPECT_EQ(a.shape(), (Shape{2, 3, 4}));
  EXPECT_EQ(a.strides(), (Strides{48, 16, 4}));
  EXPECT_EQ(a.ndim(), 3);
  EXPECT_EQ(a.size(), 24);
  EXPECT_EQ(a.itemsize(), 4);
  EXPECT_EQ(a.nbytes(), 96);
  EXPECT_EQ(a.dtype(), float32);
  EXPECT_EQ(a.device(), current_device());
  EXPECT_TRUE(a.c_contiguous());
  EXPECT_FALSE(a.f_contiguous());
  EXPECT_TRUE(a.owndata());
  EXPECT_FALSE(a.base().defined());
  EXPECT_NE(a.data(), nullptr);
  EXPECT_EQ(a.offset(), 0);
}

TEST(NDArray, FortranOrderStrides) {
  ndarray a({2, 3, 4}, int16, Order::F);
  EXPECT_EQ(a.strides(), (Strides{2, 4, 12}));
  EXPECT_TRUE(a.f_contiguous());
  EXPECT_FALSE(a.c_contiguous());
}

TEST(NDArray, ZeroDimensionalAndEmpty) {
  ndarray s(Shape{}, float64);
  EXPECT_EQ(s.ndim(), 0);
  EXPECT_EQ(s.size(), 1);
  s.fill(Scalar(2.5));
  EXPECT_DOUBLE_EQ(s.item().to_double(), 2.5);

  ndarray e({0, 3}, int32);
  EXPECT_EQ(e.size(), 0);
  EXPECT_EQ(e.nbytes(), 0);
  EXPECT_TRUE(e.c_contiguous());
  e.fill(Scalar(1));  // nothing to do, no crash
  EXPECT_TRUE(e.to_vector<int32_t>().empty());
  EXPECT_EQ(e.reshape({3, 0}).shape(), (Shape{3, 0}));
  EXPECT_EQ(e.astype(float64).size(), 0);
}

TEST(NDArray, NegativeDimensionIsValueError) {
  EXPECT_THROW(ndarray({2, -1}, float32), ValueError);
}

TEST(NDArray, EmptyHandleThrowsValueError) {
  ndarray h;
  EXPECT_FALSE(h.defined());
  EXPECT_THROW(h.copy(), ValueError);
}

TEST(NDArray, FillAndHostRoundTrip) {
  ndarray a({5}, int32);
  a.fill(Scalar(7));
  EXPECT_EQ(a.to_vector<int32_t>(), (std::vector<int32_t>{7, 7, 7, 7, 7}));
  std::vector<int32_t> src{1, -2, 3, -4, 5};
  a.copy_from_host(src.data());
  std::vector<int32_t> dst(5);
  a.copy_to_host(dst.data());
  EXPECT_EQ(dst, src);
  EXPECT_THROW(a.to_vector<double>(), TypeError);  // element size mismatch
}

TEST(NDArray, FillCastsTheValue) {
  ndarray a({3}, uint8);
  a.fill(Scalar(300));  // wraps like NumPy's unsafe cast
  EXPECT_EQ(a.to_vector<uint8_t>(), (std::vector<uint8_t>{44, 44, 44}));
  ndarray b({2}, float32);
  b.fill(Scalar(1.25));
  EXPECT_EQ(b.to_vector<float>(), (std::vector<float>{1.25f, 1.25f}));
}

TEST(NDArray, IntegerIndexGivesAView) {
  ndarray a = iota({2, 3, 4});
  ndarray r = a[{1}];
  EXPECT_EQ(r.shape(), (Shape{3, 4}));
  EXPECT_EQ(r.strides(), (Strides{32, 8}));
  EXPECT_EQ(values(r)[0], 12.0);
  EXPECT_FALSE(r.owndata());
  EXPECT_TRUE(r.base().defined());
  EXPECT_EQ(r.memory().get(), a.memory().get());
  ndarray last = a[{-1, -1, -1}];
  EXPECT_EQ(last.ndim(), 0);
  EXPECT_DOUBLE_EQ(last.item().to_double(), 23.0);
}

TEST(NDArray, SlicesWithSteps) {
  ndarray a = iota({10});
  ndarray s = a[{Slice{2, 8, 3}}];
  EXPECT_EQ(s.shape(), (Shape{2}));
  EXPECT_EQ(s.strides(), (Strides{24}));
  EXPECT_EQ(values(s), (std::vector<double>{2, 5}));

  ndarray rev = a[{Slice{std::nullopt, std::nullopt, -1}}];
  EXPECT_EQ(rev.strides(), (Strides{-8}));
  EXPECT_EQ(values(rev), (std::vector<double>{9, 8, 7, 6, 5, 4, 3, 2, 1, 0}));

  ndarray rev2 = a[{Slice{7, 1, -2}}];
  EXPECT_EQ(values(rev2), (std::vector<double>{7, 5, 3}));

  ndarray empty = a[{Slice{5, 2}}];
  EXPECT_EQ(empty.size(), 0);

  ndarray clipped = a[{Slice{-3, 100}}];
  EXPECT_EQ(values(clipped), (std::vector<double>{7, 8, 9}));
  EXPECT_THROW((a[{Slice{0, 5, 0}}]), ValueError);  // slice step cannot be zero
}

TEST(NDArray, EllipsisAndNewAxis) {
  ndarray a = iota({2, 3, 4});
  ndarray e = a[{ellipsis, 1}];
  EXPECT_EQ(e.shape(), (Shape{2, 3}));
  EXPECT_EQ(values(e), (std::vector<double>{1, 5, 9, 13, 17, 21}));
  ndarray n = a[{newaxis, ellipsis, newaxis}];
  EXPECT_EQ(n.shape(), (Shape{1, 2, 3, 4, 1}));
  ndarray m = a[{Slice{}, newaxis, 0}];
  EXPECT_EQ(m.shape(), (Shape{2, 1, 4}));
}

TEST(NDArray, IndexErrors) {
  ndarray a = iota({2, 3});
  std::string msg = message_of<IndexError>([&] { (void)a[{5}]; });
  EXPECT_TRUE(contains(msg, "5")) << msg;
  EXPECT_THROW((a[{0, -4}]), IndexError);
  std::string many = message_of<IndexError>([&] { (void)a[{0, 0, 0}]; });
  EXPECT_FALSE(many.empty());
  EXPECT_THROW((a[{ellipsis, 0, ellipsis}]), IndexError);  // only one Ellipsis
}

TEST(NDArray, WritesThroughAViewReachTheBase) {
  ndarray a = iota({3, 3});
  ndarray col = a[{Slice{}, 1}];
  col.fill(Scalar(-1.0));
  EXPECT_EQ(values(a), (std::vector<double>{0, -1, 2, 3, -1, 5, 6, -1, 8}));
}

TEST(NDArray, SetItemScalarAndBroadcastArray) {
  ndarray a = iota({2, 3});
  std::vector<Index> row{int64_t{0}};
  a.set_item(row, Scalar(9.0));
  EXPECT_EQ(values(a), (std::vector<double>{9, 9, 9, 3, 4, 5}));
  ndarray v = iota({3}, int32);  // broadcast over rows, cast int32 -> float64
  std::vector<Index> all{Slice{}};
  a.set_item(all, v);
  EXPECT_EQ(values(a), (std::vector<double>{0, 1, 2, 0, 1, 2}));
  ndarray bad = iota({2});
  EXPECT_THROW(a.set_item(all, bad), ValueError);
}

TEST(NDArray, AssignBroadcastsAndNamesShapes) {
  ndarray a({2, 3}, float32);
  a.assign(iota({1, 3}));
  EXPECT_EQ(a.to_vector<float>(), (std::vector<float>{0, 1, 2, 0, 1, 2}));
  std::string msg = message_of<ValueError>([&] { a.assign(iota({4})); });
  EXPECT_TRUE(contains(msg, "(4,)")) << msg;
}

TEST(NDArray, ReshapeIsAViewWhenContiguous) {
  ndarray a = iota({2, 3, 4});
  ndarray r = a.reshape({6, 4});
  EXPECT_EQ(r.shape(), (Shape{6, 4}));
  EXPECT_EQ(r.memory().get(), a.memory().get());
  EXPECT_EQ(a.reshape({-1}).shape(), (Shape{24}));
  EXPECT_EQ(a.reshape({4, -1, 2}).shape(), (Shape{4, 3, 2}));
  EXPECT_EQ(values(a.reshape({24})), values(a));
}

TEST(NDArray, ReshapeOrderF) {
  ndarray a = iota({2, 3});
  ndarray f = a.reshape({3, 2}, Order::F);
  // NumPy: np.arange(6.).reshape(2, 3).reshape(3, 2, order='F')
  EXPECT_EQ(values(f), (std::vector<double>{0, 4, 3, 2, 1, 5}));
}

TEST(NDArray, ReshapeOfTransposeCopies) {
  ndarray t = iota({2, 3}).T();
  ndarray r = t.reshape({6});
  EXPECT_EQ(values(r), (std::vector<double>{0, 3, 1, 4, 2, 5}));
}

TEST(NDArray, ReshapeErrorsNameTheSizes) {
  ndarray a = iota({2, 3});
  std::string msg = message_of<ValueError>([&] { a.reshape({4, 2}); });
  EXPECT_TRUE(contains(msg, "6")) << msg;
  EXPECT_TRUE(contains(msg, "(4, 2)")) << msg;
  EXPECT_THROW(a.reshape({-1, -1}), ValueError);
  EXPECT_THROW(a.reshape({-1, 4}), ValueError);
}

TEST(NDArray, TransposeAndFriends) {
  ndarray a = iota({2, 3, 4});
  ndarray t = a.transpose();
  EXPECT_EQ(t.shape(), (Shape{4, 3, 2}));
  EXPECT_EQ(t.strides(), (Strides{8, 32, 96}));
  EXPECT_TRUE(t.f_contiguous());
  EXPECT_EQ(t.memory().get(), a.memory().get());
  // NumPy: np.arange(24.).reshape(2,3,4).transpose(1,0,2)[0]
  std::vector<int64_t> axes{1, 0, 2};
  ndarray p = a.transpose(axes);
  EXPECT_EQ(p.shape(), (Shape{3, 2, 4}));
  EXPECT_EQ(values(p[{0}]), (std::vector<double>{0, 1, 2, 3, 12, 13, 14, 15}));
  std::vector<int64_t> bad{0, 1, 5};
  EXPECT_THROW(a.transpose(bad), AxisError);
  std::vector<int64_t> rep{0, 0, 1};
  EXPECT_THROW(a.transpose(rep), ValueError);
  std::vector<int64_t> short_axes{0, 1};
  EXPECT_THROW(a.transpose(short_axes), ValueError);

  EXPECT_EQ(a.swapaxes(0, -1).shape(), (Shape{4, 3, 2}));
  EXPECT_EQ(a.mT().shape(), (Shape{2, 4, 3}));
  EXPECT_THROW(iota({3}).mT(), ValueError);
  EXPECT_THROW(a.swapaxes(0, 3), AxisError);
}

TEST(NDArray, Squeeze) {
  ndarray a = iota({1, 3, 1});
  EXPECT_EQ(a.squeeze().shape(), (Shape{3}));
  std::vector<int64_t> ax{-1};
  EXPECT_EQ(a.squeeze(ax).shape(), (Shape{1, 3}));
  std::vector<int64_t> bad{1};
  EXPECT_THROW(a.squeeze(bad), ValueError);  // cannot squeeze a dimension of size 3
}

TEST(NDArray, RavelAndFlatten) {
  ndarray a = iota({2, 3});
  EXPECT_EQ(a.ravel().memory().get(), a.memory().get());
  ndarray f = a.flatten();
  EXPECT_NE(f.memory().get(), a.memory().get());
  EXPECT_EQ(values(a.ravel(Order::F)), (std::vector<double>{0, 3, 1, 4, 2, 5}));
  EXPECT_EQ(values(a.T().ravel()), (std::vector<double>{0, 3, 1, 4, 2, 5}));
}

TEST(NDArray, CopyIsIndependentAndContiguous) {
  ndarray a = iota({3, 4});
  ndarray v = a[{Slice{std::nullopt, std::nullopt, -1}, Slice{1, std::nullopt, 2}}];
  ndarray c = v.copy();
  EXPECT_TRUE(c.c_contiguous());
  EXPECT_TRUE(c.owndata());
  EXPECT_EQ(values(c), (std::vector<double>{9, 11, 5, 7, 1, 3}));
  a.fill(Scalar(0.0));
  EXPECT_EQ(values(c), (std::vector<double>{9, 11, 5, 7, 1, 3}));
  ndarray f = iota({2, 3}).copy(Order::F);
  EXPECT_TRUE(f.f_contiguous());
  EXPECT_EQ(values(f), (std::vector<double>{0, 1, 2, 3, 4, 5}));
}

TEST(NDArray, CopyToHostOfNonContiguousViewIsCOrder) {
  ndarray a = iota({3, 4}, int64);
  ndarray t = a.T();
  std::vector<int64_t> out(12);
  t.copy_to_host(out.data());
  EXPECT_EQ(out, (std::vector<int64_t>{0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11}));
}

TEST(NDArray, AstypeConvertsLikeNumPy) {
  ndarray a({4}, float64);
  std::vector<double> src{1.7, -1.7, 0.0, 2.5};
  a.copy_from_host(src.data());
  EXPECT_EQ(a.astype(int32).to_vector<int32_t>(), (std::vector<int32_t>{1, -1, 0, 2}));
  EXPECT_EQ(a.astype(bool_).view(uint8).to_vector<uint8_t>(), (std::vector<uint8_t>{1, 1, 0, 1}));
  EXPECT_EQ(a.astype(float32).to_vector<float>(), (std::vector<float>{1.7f, -1.7f, 0.0f, 2.5f}));
  ndarray big({2}, int64);
  std::vector<int64_t> bsrc{300, -1};
  big.copy_from_host(bsrc.data());
  EXPECT_EQ(big.astype(uint8).to_vector<uint8_t>(), (std::vector<uint8_t>{44, 255}));
  ndarray z({1}, complex128);
  z.fill(Scalar(std::complex<double>(1.5, 2.0)));
  EXPECT_EQ(z.astype(float64).to_vector<double>(), (std::vector<double>{1.5}));
}

TEST(NDArray, AstypeOfStridedViewAndEveryPair) {
  ndarray a = iota({4, 5})[{Slice{std::nullopt, std::nullopt, -1}, Slice{0, 5, 2}}];
  for (int i = 0; i < kNumDTypes; ++i) {
    DType d(static_cast<DTypeId>(i));
    if (d.is_bool()) continue;
    ndarray c = a.astype(d);
    EXPECT_EQ(c.dtype(), d);
    EXPECT_EQ(c.shape(), (Shape{4, 3}));
    EXPECT_EQ(values(c), (std::vector<double>{15, 17, 19, 10, 12, 14, 5, 7, 9, 0, 2, 4}))
        << d.name();
  }
}

TEST(NDArray, AstypeCastingCheck) {
  ndarray a = iota({3});
  std::string msg = message_of<TypeError>([&] { a.astype(int32, Order::K, Casting::Safe); });
  EXPECT_TRUE(contains(msg, "float64")) << msg;
  EXPECT_TRUE(contains(msg, "int32")) << msg;
  EXPECT_NO_THROW(a.astype(complex128, Order::K, Casting::Safe));
  EXPECT_NO_THROW(a.astype(float32, Order::K, Casting::SameKind));
  EXPECT_THROW(a.astype(float32, Order::K, Casting::No), TypeError);
}

TEST(NDArray, AstypeWithoutCopyReturnsTheSameData) {
  ndarray a = iota({3});
  ndarray same = a.astype(float64, Order::K, Casting::Unsafe, /*copy=*/false);
  EXPECT_EQ(same.data(), a.data());
  ndarray copied = a.astype(float64);
  EXPECT_NE(copied.data(), a.data());
}

TEST(NDArray, ViewAsAnotherDType) {
  ndarray a({2}, float32);
  a.fill(Scalar(1.0f));
  ndarray bits = a.view(int32);
  EXPECT_EQ(bits.to_vector<int32_t>(), (std::vector<int32_t>{0x3f800000, 0x3f800000}));
  ndarray bytes = a.view(uint8);
  EXPECT_EQ(bytes.shape(), (Shape{8}));
  ndarray wide = ndarray({2, 8}, uint8).view(float64);
  EXPECT_EQ(wide.shape(), (Shape{2, 1}));
  // NumPy: the last axis (4 bytes) is not a multiple of float64's size.
  EXPECT_THROW(ndarray({2, 4}, uint8).view(float64), ValueError);
  EXPECT_THROW(ndarray({3}, uint8).view(float32), ValueError);
}

TEST(NDArray, ItemNeedsSizeOne) {
  EXPECT_THROW(iota({2}).item(), ValueError);
  EXPECT_DOUBLE_EQ(iota({1, 1}).item().to_double(), 0.0);
  EXPECT_EQ(iota({1}, int16).item().dtype(), int16);
}

TEST(NDArray, HandleCopySharesData) {
  ndarray a = iota({3});
  ndarray b = a;  // another name for the same array
  EXPECT_TRUE(b.same_handle(a));
  b.fill(Scalar(5.0));
  EXPECT_EQ(values(a), (std::vector<double>{5, 5, 5}));
}

TEST(NDArray, ToSameDeviceIsANoOp) {
  ndarray a = iota({3});
  ndarray b = a.to(a.device());
  EXPECT_EQ(b.data(), a.data());
  ndarray c = a.to(Device::cpu());
  EXPECT_EQ(c.device(), Device::cpu());
  EXPECT_EQ(values(c), (std::vector<double>{0, 1, 2}));
}

TEST(Shape, Helpers) {
  EXPECT_EQ(shape_size(Shape{2, 3, 4}), 24);
  EXPECT_EQ(shape_size(Shape{}), 1);
  EXPECT_EQ(shape_str(Shape{2, 3}), "(2, 3)");
  EXPECT_EQ(shape_str(Shape{5}), "(5,)");
  EXPECT_EQ(shape_str(Shape{}), "()");
  EXPECT_EQ(contiguous_strides(Shape{2, 3}, 8), (Strides{24, 8}));
  EXPECT_EQ(contiguous_strides(Shape{2, 3}, 8, Order::F), (Strides{8, 16}));
  EXPECT_EQ(broadcast_shapes(Shape{3, 1}, Shape{4}), (Shape{3, 4}));
  EXPECT_EQ(broadcast_shapes(Shape{}, Shape{2, 0}), (Shape{2, 0}));
  std::string msg = message_of<ValueError>([] { broadcast_shapes(Shape{3}, Shape{4}); });
  EXPECT_TRUE(contains(msg, "(3,)") && contains(msg, "(4,)")) << msg;
  EXPECT_EQ(normalize_axis(-1, 3), 2);
  EXPECT_THROW(normalize_axis(3, 3), AxisError);
  EXPECT_EQ(order_from_char('f'), Order::F);
  EXPECT_THROW(order_from_char('x'), ValueError);
}

// Creation functions (expected values printed by NumPy for the same calls).
TEST(Creation, ZerosOnesFullEmpty) {
  ndarray z = zeros({2, 3}, int32);
  EXPECT_EQ(z.shape(), (Shape{2, 3}));
  EXPECT_EQ(z.to_vector<int32_t>(), std::vector<int32_t>(6, 0));
  EXPECT_EQ(zeros({2}).dtype(), float64);  // NumPy's default
  EXPECT_EQ(ones({3}, float32).to_vector<float>(), std::vector<float>(3, 1.0f));
  EXPECT_TRUE(zeros({2, 3}, float64, Order::F).f_contiguous());
  ndarray f = full({2}, Scalar(7));
  EXPECT_EQ(f.dtype(), int64);  // np.full((2,), 7).dtype
  EXPECT_EQ(f.to_vector<int64_t>(), (std::vector<int64_t>{7, 7}));
  EXPECT_EQ(full({2}, Scalar(2.5)).dtype(), float64);
  EXPECT_EQ(full({2}, Scalar(2.5), float32).to_vector<float>(), (std::vector<float>{2.5f, 2.5f}));
  ndarray e = empty({4, 0});
  EXPECT_EQ(e.size(), 0);
  EXPECT_THROW(zeros({-1}), ValueError);
}

TEST(Creation, LikeFormsKeepDTypeAndLayout) {
  ndarray a = zeros({2, 3}, int16, Order::F);
  ndarray o = ones_like(a);
  EXPECT_EQ(o.dtype(), int16);
  EXPECT_TRUE(o.f_contiguous());
  EXPECT_EQ(o.device(), a.device());
  ndarray z = zeros_like(a, float32, Order::C, Shape{4});
  EXPECT_EQ(z.dtype(), float32);
  EXPECT_EQ(z.shape(), (Shape{4}));
  EXPECT_EQ(full_like(a, Scalar(3)).to_vector<int16_t>(), std::vector<int16_t>(6, 3));
  EXPECT_EQ(empty_like(a).shape(), a.shape());
}

TEST(Creation, ArangeLinspaceLogspace) {
  ndarray a = arange(Scalar(5));
  EXPECT_EQ(a.dtype(), int64);
  EXPECT_EQ(a.to_vector<int64_t>(), (std::vector<int64_t>{0, 1, 2, 3, 4}));
  EXPECT_EQ(values(arange(Scalar(1), Scalar(2), Scalar(0.25))),
            (std::vector<double>{1.0, 1.25, 1.5, 1.75}));
  EXPECT_EQ(values(arange(Scalar(0.5), Scalar(3))), (std::vector<double>{0.5, 1.5, 2.5}));
  EXPECT_EQ(arange(Scalar(3), Scalar(0)).size(), 0);
  EXPECT_EQ(values(arange(Scalar(10), int8)[{Slice{std::nullopt, std::nullopt, 3}}]),
            (std::vector<double>{0, 3, 6, 9}));
  EXPECT_THROW(arange(Scalar(0), Scalar(5), Scalar(0)), Error);  // step 0
  EXPECT_EQ(values(linspace(Scalar(0), Scalar(1), 5)),
            (std::vector<double>{0.0, 0.25, 0.5, 0.75, 1.0}));
  EXPECT_EQ(values(linspace(Scalar(0), Scalar(1), 4, false)),
            (std::vector<double>{0.0, 0.25, 0.5, 0.75}));
  std::vector<double> lg = values(logspace(Scalar(0), Scalar(2), 3));
  ASSERT_EQ(lg.size(), 3u);
  EXPECT_DOUBLE_EQ(lg[0], 1.0);
  EXPECT_DOUBLE_EQ(lg[1], 10.0);
  EXPECT_DOUBLE_EQ(lg[2], 100.0);
}

TEST(Creation, EyeIdentityTri) {
  EXPECT_EQ(values(eye(2, 3, 1)), (std::vector<double>{0, 1, 0, 0, 0, 1}));
  EXPECT_EQ(values(identity(2)), (std::vector<double>{1, 0, 0, 1}));
  EXPECT_EQ(tri(3, std::nullopt, 0, int32).to_vector<int32_t>(),
            (std::vector<int32_t>{1, 0, 0, 1, 1, 0, 1, 1, 1}));
}

TEST(Creation, FromHostAndAsarray) {
  std::vector<float> host{1, 2, 3, 4, 5, 6};
  // A transposed host layout: (3, 2) with strides (4, 12) bytes.
  ndarray a = array_from_host(host.data(), Shape{3, 2}, Strides{4, 12}, float32, current_device());
  EXPECT_EQ(a.to_vector<float>(), (std::vector<float>{1, 4, 2, 5, 3, 6}));
  ndarray same = asarray(a);
  EXPECT_EQ(same.data(), a.data());
  ndarray d = asarray(a, float64);
  EXPECT_EQ(d.dtype(), float64);
  EXPECT_TRUE(asfortranarray(a).f_contiguous());
  EXPECT_TRUE(ascontiguousarray(a.T()).c_contiguous());
}

TEST(Manipulation, FreeFunctions) {
  ndarray a = iota({2, 3});
  EXPECT_EQ(reshape(a, {3, 2}).shape(), (Shape{3, 2}));
  EXPECT_EQ(transpose(a).shape(), (Shape{3, 2}));
  EXPECT_EQ(moveaxis(iota({2, 3, 4}), 0, -1).shape(), (Shape{3, 4, 2}));
  EXPECT_EQ(expand_dims(a, 1).shape(), (Shape{2, 1, 3}));
  EXPECT_EQ(squeeze(iota({1, 2, 1})).shape(), (Shape{2}));
  ndarray b = broadcast_to(iota({3}), {2, 3});
  EXPECT_EQ(b.strides(), (Strides{0, 8}));
  EXPECT_EQ(values(b), (std::vector<double>{0, 1, 2, 0, 1, 2}));
  EXPECT_THROW(broadcast_to(iota({3}), {4}), ValueError);
  std::vector<ndarray> ins{iota({3, 1}), iota({4})};
  auto outs = broadcast_arrays(ins);
  ASSERT_EQ(outs.size(), 2u);
  EXPECT_EQ(outs[0].shape(), (Shape{3, 4}));
  EXPECT_EQ(outs[1].shape(), (Shape{3, 4}));
  EXPECT_EQ(atleast_1d(ndarray(Shape{}, float32)).shape(), (Shape{1}));
  EXPECT_EQ(atleast_2d(iota({3})).shape(), (Shape{1, 3}));
  EXPECT_EQ(atleast_3d(iota({3})).shape(), (Shape{1, 3, 1}));
  EXPECT_EQ(atleast_3d(iota({2, 3})).shape(), (Shape{2, 3, 1}));
}

}  // namespace cunumpy::test
