// ElementwiseKernel: argument checks, CuPy's type resolution and output allocation on every
// call (cheap loops over a few parameters), then one hash lookup for the compiled function
// of (device, argument kinds and dtypes, layout); the source is generated and compiled
// only on a miss.
#include "cunumpy/ops/elementwise_kernel.hpp"


#include "cunumpy/base/errors.hpp"
#include "cunumpy/core/launch_plan.hpp"
#include "cunumpy/runtime/device.hpp"
#include "ops/user_kernels/elementwise_source.hpp"
#include "ops/user_kernels/kernel_args.hpp"

namespace cunumpy {

struct ElementwiseKernel::Impl {
  std::vector<user::Param> in, out;
  std::string operation;
  ElementwiseKernelOptions opt;
  user::FunctionCache functions;
};

ElementwiseKernel::ElementwiseKernel(const std::string& in_params, const std::string& out_params,
                                     const std::string& operation, ElementwiseKernelOptions options)
    : impl_(std::make_shared<Impl>()) {
  impl_->in = user::parse_params(in_params);
  impl_->out = user::parse_params(out_params);
  if (impl_->out.empty()) throw ValueError("ElementwiseKernel needs at least one output parameter");
  for (const user::Param& o : impl_->out)
    for (const user::Param& i : impl_->in)
      if (o.name == i.name) throw ValueError("Duplicated parameter name: '" + o.name + "'");
  impl_->operation = operation;
  impl_->opt = std::move(options);
}

int ElementwiseKernel::nin() const { return static_cast<int>(impl_->in.size()); }
int ElementwiseKernel::nout() const { return static_cast<int>(impl_->out.size()); }
const std::string& ElementwiseKernel::name() const { return impl_->opt.name; }

std::vector<ndarray> ElementwiseKernel::operator()(std::span<const Operand> args,
                                                   std::optional<int64_t> size) const {
  Impl& k = *impl_;
  const std::size_t nin = k.in.size(), nout = k.out.size();
  std::vector<ndarray> outs = user::given_outputs(k.in, k.out, args, k.opt.name);

  std::vector<DType> in_types, out_types;
  user::TypeMap types;
  user::resolve_types(k.in, k.out, args.first(nin), outs, &in_types, &out_types, &types);

  // Device, and the loop shape: the broadcast of the non-raw arrays, else `size`.
  user::CallShape cs = user::call_shape(k.in, k.out, args.first(nin), outs);
  if (size) {
    if (cs.have_arrays) throw ValueError("The size must not be given when non-raw arrays are passed");
    if (*size < 0) throw ValueError("size must be non-negative");
    cs.shape = Shape{*size};
  } else if (!cs.have_arrays) {
    throw ValueError("Loop size is undecided");
  }
  for (std::size_t o = 0; o < nout; ++o) {
    if (!outs[o].defined()) {
      outs[o] = ndarray(cs.shape, out_types[o], Order::C, cs.device);
    } else if (!k.out[o].raw && outs[o].shape() != cs.shape) {
      throw ValueError("Out shape is mismatched: " + shape_str(outs[o].shape()) + " vs " + shape_str(cs.shape));
    }
  }

  // Plan over the non-raw arrays, in C order so that `i` is the C-order element index.
  SmallVector<ndarray, 8> arrays;
  for (std::size_t o = 0; o < nout; ++o)
    if (!k.out[o].raw) arrays.push_back(outs[o]);
  for (std::size_t i = 0; i < nin; ++i)
    if (!k.in[i].raw && args[i].is_array()) arrays.push_back(args[i].array());
  LaunchPlan plan = make_launch_plan(cs.shape, std::span<const ndarray>(arrays.data(), arrays.size()), true);
  if (plan.size == 0) return outs;
  if (arrays.empty()) {  // only raw arrays and scalars: a dense 1-D loop of `size`
    plan.contiguous = true;
    plan.index32 = plan.size <= 0x7fffffff;
  }

  std::vector<user::ArgKind> in_kinds(nin), out_kinds(nout);
  // Key: each input's kind (2 bits) and dtype, each output's dtype, the layout. The
  // parameter counts are fixed per kernel, so the fields need no lengths.
  cuda::FunctionKey key = user::function_key(cuda::KernelFamily::UserElementwise, cs.device);
  for (std::size_t i = 0; i < nin; ++i) {
    in_kinds[i] = k.in[i].raw ? user::ArgKind::Raw : args[i].is_array() ? user::ArgKind::Array : user::ArgKind::Scalar;
    key.push(in_kinds[i] == user::ArgKind::Raw ? 0 : in_kinds[i] == user::ArgKind::Array ? 1 : 2, 2);
    key.push(static_cast<uint64_t>(in_types[i].id()), 4);
  }
  for (std::size_t o = 0; o < nout; ++o) {
    out_kinds[o] = k.out[o].raw ? user::ArgKind::Raw : user::ArgKind::Array;
    key.push(static_cast<uint64_t>(out_types[o].id()), 4);
  }
  key.push(plan.contiguous ? 1 : 0, 1).push(static_cast<uint64_t>(plan.ndim()), 8).push(plan.index32 ? 1 : 0, 1);

  void* fn = k.functions.get(key, [&] {
    user::ElementwiseSpec spec;
    spec.name = k.opt.name;
    spec.in = k.in;
    spec.out = k.out;
    spec.in_kinds = in_kinds;
    spec.out_kinds = out_kinds;
    spec.types = types;
    spec.in_types = in_types;
    spec.out_types = out_types;
    spec.operation = k.operation;
    spec.preamble = k.opt.preamble;
    spec.loop_prep = k.opt.loop_prep;
    spec.after_loop = k.opt.after_loop;
    spec.cn_types = k.opt.cn_types;
    spec.contiguous = plan.contiguous;
    spec.ndim = plan.ndim();
    spec.index32 = plan.index32;
    spec.cuda = !cs.device.is_cpu();
    return user::compile_function(cs.device, user::elementwise_source(spec), spec.name, k.opt.options);
  });

  // Arguments in the generated signature's order.
  user::KernelArgs ka;
  for (const PlanOperand& op : plan.ops) ka.add_pointer(op.data);
  for (std::size_t o = 0; o < nout; ++o)
    if (k.out[o].raw) ka.add_raw(outs[o]);
  for (std::size_t i = 0; i < nin; ++i)
    if (k.in[i].raw) ka.add_raw(args[i].array());
  for (std::size_t i = 0; i < nin; ++i)
    if (in_kinds[i] == user::ArgKind::Scalar) ka.add_scalar(args[i].scalar().cast(in_types[i]));
  if (plan.index32) ka.add_value(static_cast<uint32_t>(plan.size));
  else ka.add_value(static_cast<long long>(plan.size));
  if (!plan.contiguous) ka.add_plan_params(plan, plan.index32);
  user::launch(cs.device, fn, ka.pointers(), plan.size, user::LaunchKind::Elementwise);
  return outs;
}

}  // namespace cunumpy
