// ReductionKernel: CuPy's type resolution, NumPy's axis handling over the broadcast inputs,
// then two launches: partial results per (output, chunk of the reduced elements) and a
// final pass combining them and running post_map_expr. Kept and reduced axes are each
// coalesced where every input allows it, so the generated index arithmetic is short.
#include "cunumpy/ops/reduction_kernel.hpp"

#include <algorithm>
#include <mutex>

#include "core/backend.hpp"
#include "cunumpy/base/errors.hpp"
#include "ops/user_kernels/kernel_args.hpp"
#include "ops/user_kernels/reduction_source.hpp"

namespace cunumpy {

struct ReductionKernel::Impl {
  std::vector<user::Param> in, out;
  std::string map_expr, reduce_expr, post_map_expr;
  std::optional<std::string> identity;
  ReductionKernelOptions opt;
  user::FunctionCache functions;
};

ReductionKernel::ReductionKernel(const std::string& in_params, const std::string& out_params,
                                 const std::string& map_expr, const std::string& reduce_expr,
                                 const std::string& post_map_expr, std::optional<std::string> identity,
                                 ReductionKernelOptions options)
    : impl_(std::make_shared<Impl>()) {
  impl_->in = user::parse_params(in_params);
  impl_->out = user::parse_params(out_params);
  if (impl_->out.empty()) throw ValueError("ReductionKernel needs at least one output parameter");
  for (const user::Param& o : impl_->out)
    if (o.raw) throw NotImplementedError("raw output parameters of ReductionKernel are not supported");
  impl_->map_expr = map_expr;
  impl_->reduce_expr = reduce_expr;
  impl_->post_map_expr = post_map_expr;
  impl_->identity = std::move(identity);
  impl_->opt = std::move(options);
}

int ReductionKernel::nin() const { return static_cast<int>(impl_->in.size()); }
int ReductionKernel::nout() const { return static_cast<int>(impl_->out.size()); }
const std::string& ReductionKernel::name() const { return impl_->opt.name; }

namespace {

// Dimensions of one group (kept or reduced), coalesced: extents and each input's strides.
struct Group {
  SmallVector<int64_t, 8> shape;
  SmallVector<SmallVector<int64_t, 8>, 4> strides;  // per array input
  int64_t size = 1;
};

Group make_group(const SmallVector<int, 8>& dims, const Shape& shape,
                 const SmallVector<Strides, 4>& bstrides) {
  Group g;
  g.strides.resize(bstrides.size());
  for (int d : dims) {
    const int64_t n = shape[d];
    g.size *= n;
    if (n == 1) continue;
    bool merge = !g.shape.empty();
    for (std::size_t a = 0; a < bstrides.size() && merge; ++a)
      merge = g.strides[a].back() == bstrides[a][d] * n;
    if (merge) {
      g.shape.back() *= n;
      for (std::size_t a = 0; a < bstrides.size(); ++a) g.strides[a].back() = bstrides[a][d];
      continue;
    }
    g.shape.push_back(n);
    for (std::size_t a = 0; a < bstrides.size(); ++a) g.strides[a].push_back(bstrides[a][d]);
  }
  if (g.shape.empty()) {  // no dimension left: one step of extent 1
    g.shape.push_back(1);
    for (auto& s : g.strides) s.push_back(0);
  }
  return g;
}

Strides broadcast_strides(const ndarray& a, const Shape& shape) {
  const int nd = static_cast<int>(shape.size());
  Strides s(nd, 0);
  for (int i = 0; i < a.ndim(); ++i) {
    const int j = nd - a.ndim() + i;
    if (a.shape()[i] == shape[j]) s[j] = a.strides()[i];
  }
  return s;
}

}  // namespace

std::vector<ndarray> ReductionKernel::operator()(std::span<const Operand> args, const Axes& axis,
                                                 bool keepdims) const {
  Impl& k = *impl_;
  const std::size_t nin = k.in.size(), nout = k.out.size();
  std::vector<ndarray> given = user::given_outputs(k.in, k.out, args, k.opt.name);
  std::vector<DType> in_types, out_types;
  user::TypeMap types;
  user::resolve_types(k.in, k.out, args.first(nin), given, &in_types, &out_types, &types);

  // The reduction runs over the broadcast shape of the non-raw array inputs.
  user::CallShape cs = user::call_shape(k.in, k.out, args.first(nin), {});
  for (const ndarray& g : given)
    if (g.defined() && g.device() != cs.device) throw ValueError("output array is on another device");
  if (!cs.have_arrays) throw ValueError("ReductionKernel needs at least one non-raw array argument");
  const Shape& shape = cs.shape;
  const int nd = static_cast<int>(shape.size());
  SmallVector<bool, 8> reduced(nd, !axis.has_value());
  if (axis)
    for (int64_t ax : *axis) {
      if (ax < -nd || ax >= nd)
        throw AxisError("axis " + std::to_string(ax) + " is out of bounds for array of dimension " + std::to_string(nd));
      const int d = static_cast<int>(ax < 0 ? ax + nd : ax);
      if (reduced[d]) throw ValueError("duplicate value in 'axis'");
      reduced[d] = true;
    }
  Shape out_shape;
  SmallVector<int, 8> kept_dims, red_dims;
  for (int d = 0; d < nd; ++d) {
    if (!reduced[d]) {
      kept_dims.push_back(d);
      out_shape.push_back(shape[d]);
    } else {
      red_dims.push_back(d);
      if (keepdims) out_shape.push_back(1);
    }
  }
  for (std::size_t o = 0; o < nout; ++o)
    if (given[o].defined() && given[o].shape() != out_shape)
      throw ValueError("Out shape is mismatched: " + shape_str(given[o].shape()) + " vs " + shape_str(out_shape));

  SmallVector<ndarray, 4> arrays;
  SmallVector<Strides, 4> bstrides;
  std::vector<user::ArgKind> in_kinds(nin);
  for (std::size_t i = 0; i < nin; ++i) {
    in_kinds[i] = k.in[i].raw ? user::ArgKind::Raw : args[i].is_array() ? user::ArgKind::Array : user::ArgKind::Scalar;
    if (in_kinds[i] == user::ArgKind::Array) {
      arrays.push_back(args[i].array());
      bstrides.push_back(broadcast_strides(args[i].array(), shape));
    }
  }
  const Group kept = make_group(kept_dims, shape, bstrides);
  const Group red = make_group(red_dims, shape, bstrides);
  const int64_t M = kept.size, K = red.size;

  // Results computed into dense temporaries of M elements, copied to given outputs.
  std::vector<ndarray> outs(nout);
  for (std::size_t o = 0; o < nout; ++o) outs[o] = ndarray(Shape{M}, out_types[o], Order::C, cs.device);
  auto finish = [&]() {
    std::vector<ndarray> r(nout);
    for (std::size_t o = 0; o < nout; ++o) {
      ndarray shaped = outs[o].reshape(out_shape);
      if (given[o].defined()) {
        given[o].assign(shaped);
        r[o] = given[o];
      } else {
        r[o] = shaped;
      }
    }
    return r;
  };
  if (M == 0) return finish();

  std::string reduce_type;
  if (k.opt.reduce_type) {
    reduce_type = *k.opt.reduce_type;
  } else {
    reduce_type = k.out[0].dtype ? user::c_type(out_types[0], k.opt.cn_types) : k.out[0].type_name;
  }
  // Key: each input's kind (2 bits) and dtype, each output's dtype, the kept and reduced
  // ranks (the parameter counts are fixed per kernel).
  cuda::FunctionKey key = user::function_key(cuda::KernelFamily::UserReduction, cs.device);
  for (std::size_t i = 0; i < nin; ++i) {
    key.push(in_kinds[i] == user::ArgKind::Raw ? 0 : in_kinds[i] == user::ArgKind::Array ? 1 : 2, 2);
    key.push(static_cast<uint64_t>(in_types[i].id()), 4);
  }
  for (std::size_t o = 0; o < nout; ++o) key.push(static_cast<uint64_t>(out_types[o].id()), 4);
  key.push(kept.shape.size(), 8).push(red.shape.size(), 8);

  void* fn = k.functions.get(key, [&] {
    user::ReductionSpec spec;
    spec.name = k.opt.name;
    spec.in = k.in;
    spec.out = k.out;
    spec.in_kinds = in_kinds;
    spec.types = types;
    spec.in_types = in_types;
    spec.out_types = out_types;
    spec.map_expr = k.map_expr;
    spec.reduce_expr = k.reduce_expr;
    spec.post_map_expr = k.post_map_expr;
    spec.preamble = k.opt.preamble;
    spec.reduce_type = reduce_type;
    spec.identity = k.identity;
    spec.cn_types = k.opt.cn_types;
    spec.kept_ndim = static_cast<int>(kept.shape.size());
    spec.reduced_ndim = static_cast<int>(red.shape.size());
    spec.cuda = !cs.device.is_cpu();
    return user::compile_function(cs.device, user::reduction_source(spec), spec.name, k.opt.options);
  });

  // Chunks per output: enough blocks (CUDA) or tasks (CPU) to fill the device. With one
  // chunk, a thread per output (stage 2) serves many outputs or short rows better than a
  // block per output (stage 0, then 1); on the CPU it always does.
  const bool cpu = cs.device.is_cpu();
  const int64_t target = cpu ? int64_t{backend_for(cs.device).host_threads()} * 4 : 1024;
  const int64_t min_chunk = cpu ? 1 << 15 : 2048;
  int64_t chunks = 1;
  if (M < target) chunks = std::max<int64_t>(1, std::min((target + M - 1) / M, K / min_chunk));
  const int64_t per = std::max<int64_t>(1, (K + chunks - 1) / chunks);
  const bool per_thread = chunks == 1 && (cpu || K <= 64 || M >= (int64_t{1} << 18));
  if (per_thread) chunks = 0;  // no partial buffer
  // Partial slots: 16 bytes hold every dtype's C type; other reduce types get 64.
  int64_t slot = user::kPartialSlot;
  for (int t = 0; t < kNumDTypes; ++t) {
    const DType d(static_cast<DTypeId>(t));
    if (reduce_type == user::c_type(d, k.opt.cn_types) || reduce_type == d.c_type()) slot = 16;
  }
  for (const auto& [name, d] : types)
    if (reduce_type == name) slot = 16;
  for (const char* c : {"float", "double", "int", "unsigned int", "long long", "unsigned long long", "long",
                        "unsigned long", "short", "char", "signed char", "unsigned char", "bool"})
    if (reduce_type == c) slot = 16;
  ndarray partial(Shape{std::max<int64_t>(M * chunks * slot, 1)}, uint8, Order::C, cs.device);

  std::vector<long long> params;
  for (int64_t e : kept.shape) params.push_back(e);
  for (int64_t e : red.shape) params.push_back(e);
  for (std::size_t a = 0; a < arrays.size(); ++a)
    for (int64_t s : kept.strides[a]) params.push_back(s);
  for (std::size_t a = 0; a < arrays.size(); ++a)
    for (int64_t s : red.strides[a]) params.push_back(s);
  auto run_stage = [&](int stage) {
    user::KernelArgs ka;
    for (const ndarray& a : arrays) ka.add_pointer(a.data());
    for (std::size_t i = 0; i < nin; ++i)
      if (in_kinds[i] == user::ArgKind::Raw) ka.add_raw(args[i].array());
    for (std::size_t i = 0; i < nin; ++i)
      if (in_kinds[i] == user::ArgKind::Scalar) ka.add_scalar(args[i].scalar().cast(in_types[i]));
    for (long long v : {static_cast<long long>(M), static_cast<long long>(K),
                        static_cast<long long>(chunks), static_cast<long long>(per)})
      ka.add_value(v);
    ka.add_bytes(params.data(), params.size() * sizeof(long long));
    ka.add_pointer(partial.data());
    ka.add_value(static_cast<long long>(slot));
    for (const ndarray& o : outs) ka.add_pointer(o.data());
    ka.add_value(stage);
    if (stage == 0) user::launch(cs.device, fn, ka.pointers(), M * chunks, user::LaunchKind::Blocks);
    else user::launch(cs.device, fn, ka.pointers(), M, user::LaunchKind::Elementwise,
                      std::max<int64_t>(1, (1 << 15) / std::max<int64_t>(K, 1)));
  };
  if (per_thread) {
    run_stage(2);
  } else {
    run_stage(0);
    run_stage(1);
  }
  return finish();
}

}  // namespace cunumpy
