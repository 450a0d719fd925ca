// ufunc_call: resolves a ufunc call (types, broadcast shape, device, outputs), then hands
// the resolved task to the backend of the arrays' device. Also the named C++ functions and
// the in-place operators.
#include <string>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/runtime/cuda_info.hpp"
#include "cunumpy/ops/elementwise.hpp"
#include "cunumpy/ops/reduction.hpp"
#include "ops/elementwise/elementwise_exec.hpp"

namespace cunumpy {
namespace {

std::string dtype_repr(DType d) { return std::string("dtype('") + d.name() + "')"; }

// Byte range [lo, hi) an array's elements occupy.
std::pair<const char*, const char*> byte_extent(const ndarray& a) {
  const char* lo = static_cast<const char*>(a.data());
  const char* hi = lo;
  for (int d = 0; d < a.ndim(); ++d) {
    const int64_t span = (a.shape()[d] - 1) * a.strides()[d];
    (span < 0 ? lo : hi) += span;
  }
  return {lo, hi + a.itemsize()};
}

// True when writing `out` could change elements of `in` not yet read: they overlap
// without being the same view (NumPy copies such inputs first, so `x[1:] += x[:-1]` works).
bool needs_copy(const ndarray& in, const ndarray& out) {
  if (in.memory() != out.memory()) return false;
  if (in.data() == out.data() && in.strides() == out.strides() && in.shape() == out.shape())
    return false;
  auto [a0, a1] = byte_extent(in);
  auto [b0, b1] = byte_extent(out);
  return a0 < b1 && b0 < a1;
}

// Given outputs must accept the loop's output dtypes under `casting`: checked, as NumPy
// does, before any shape is broadcast (a bad cast is the error even where shapes differ).
void check_out_casting(const Ufunc& uf, const UfuncLoop& loop, std::span<const ndarray> out,
                       Casting casting) {
  for (int o = 0; o < static_cast<int>(out.size()) && o < uf.nout; ++o) {
    if (!out[o].defined()) continue;
    const DType loop_out = loop.types[uf.nin + o];
    if (!can_cast(loop_out, out[o].dtype(), casting))
      throw TypeError("Cannot cast ufunc '" + uf.name + "' output from " + dtype_repr(loop_out) +
                      " to " + dtype_repr(out[o].dtype()) + " with casting rule '" +
                      casting_name(casting) + "'");
  }
}

// The ufunc without where= (`mask`: the caller's where=, for the checks that honour it).
std::vector<ndarray> run_ufunc(const Ufunc& uf, std::span<const Operand> inputs,
                               const UfuncOptions& options, const ndarray* mask) {
  Resolution res = resolve_ufunc(uf, inputs, options);
  const UfuncLoop& loop = *res.loop;
  check_out_casting(uf, loop, options.out, options.casting);

  // Broadcast shape and device of the array inputs.
  Shape shape;
  bool have_device = false;
  Device device = current_device();
  auto check_device = [&](const ndarray& a, const char* what) {
    if (!have_device) {
      device = a.device();
      have_device = true;
    } else if (a.device() != device &&
               !(a.device().is_cuda() && device.is_cuda() &&
                 cuda_info::peer_access_enabled(device.index, a.device().index))) {
      // Another GPU's array is usable only with peer access enabled (CuPy's rule).
      throw ValueError("ufunc '" + uf.name + "': " + what + " is on " + a.device().str() +
                       " but the other operands are on " + device.str() +
                       " (enable peer access or move it with asarray)");
    }
  };
  for (const Operand& op : inputs) {
    if (!op.is_array()) continue;
    if (!op.array().defined()) throw ValueError("ufunc '" + uf.name + "': undefined array operand");
    check_device(op.array(), "an input");
    shape = broadcast_shapes(shape, op.array().shape());
  }

  // Outputs: given ones fix the shape (inputs must broadcast to it) and must accept the
  // loop's output dtype under `casting`.
  if (!options.out.empty() && static_cast<int>(options.out.size()) != uf.nout)
    throw ValueError("ufunc '" + uf.name + "': out must have " + std::to_string(uf.nout) +
                     " entries, got " + std::to_string(options.out.size()));
  std::vector<ndarray> outputs(uf.nout);
  for (int o = 0; o < static_cast<int>(options.out.size()); ++o) {
    const ndarray& out = options.out[o];
    if (!out.defined()) continue;
    out.check_writeable();
    check_device(out, "out");
    Shape b = broadcast_shapes(shape, out.shape());
    if (b != out.shape())
      throw ValueError("non-broadcastable output operand with shape " + shape_str(out.shape()) +
                       " doesn't match the broadcast shape " + shape_str(b));
    shape = out.shape();
    outputs[o] = out;
  }
  for (int o = 0; o < uf.nout; ++o)
    if (!outputs[o].defined())
      outputs[o] = ndarray(shape, loop.types[uf.nin + o], Order::C, device);

  if (shape_size(shape) == 0) return outputs;
  detail::check_integer_power(uf, loop, inputs, shape, mask);

  detail::ElementwiseTask task;
  task.ufunc = &uf;
  task.loop = &loop;
  task.shape = shape;
  for (const ndarray& o : outputs) task.outputs.push_back(o);
  for (int i = 0; i < uf.nin; ++i) {
    detail::ElementwiseTask::Input in;
    if (inputs[i].is_array()) {
      in.array = inputs[i].array();
      for (const ndarray& o : outputs)
        if (in.array.size() > 0 && needs_copy(in.array, o)) {
          in.array = in.array.copy();
          break;
        }
    }
    else if (uf.logical && inputs[i].is_weak() && inputs[i].dtype().is_integer())
      // A Python int is a truth value there (256 is true in an int8 loop, not 0).
      in.value = inputs[i].scalar().cast(bool_).cast(loop.types[i]);
    else
      in.value = inputs[i].scalar().cast(loop.types[i]);
    task.inputs.push_back(std::move(in));
  }
  backend_for(device).elementwise(task);
  return outputs;
}

// where=mask: the ufunc runs unmasked into temporaries, then each output takes the new
// values where the mask is true (`_where` selection, cast to the output's dtype). Outputs
// allocated here keep uninitialized values where the mask is false, as in NumPy.
std::vector<ndarray> call_with_where(const Ufunc& uf, std::span<const Operand> inputs,
                                     const UfuncOptions& options) {
  ndarray mask = *options.where;
  if (!mask.defined()) throw ValueError("ufunc '" + uf.name + "': undefined where= array");
  if (mask.dtype() != bool_) mask = mask.astype(bool_);
  UfuncOptions plain = options;
  plain.where.reset();
  plain.out.clear();
  check_out_casting(uf, *resolve_ufunc(uf, inputs, plain).loop, options.out, options.casting);
  std::vector<ndarray> results = run_ufunc(uf, inputs, plain, &mask);
  // The outputs: given ones, else fresh arrays of the broadcast shape of result and mask.
  std::vector<ndarray> outputs(uf.nout);
  for (int o = 0; o < uf.nout; ++o) {
    if (o < static_cast<int>(options.out.size()) && options.out[o].defined()) {
      outputs[o] = options.out[o];  // its casting checked above
    } else {
      outputs[o] = ndarray(broadcast_shapes(results[o].shape(), mask.shape()), results[o].dtype(),
                           Order::C, results[o].device());
    }
    static const Ufunc& select = get_ufunc("_where");
    UfuncOptions sel;
    sel.out.push_back(outputs[o]);
    // (the results in the output's dtype first: select's loop is then '?TT->T')
    const ndarray res = results[o].dtype() == outputs[o].dtype() ? results[o] : results[o].astype(outputs[o].dtype());
    const Operand in[3] = {Operand(mask), Operand(res), Operand(outputs[o])};
    ufunc_call(select, in, sel);
  }
  return outputs;
}

}  // namespace

// Checked before running, as the kernels have no error channel.
void detail::check_integer_power(const Ufunc& uf, const UfuncLoop& loop,
                                 std::span<const Operand> inputs, const Shape& shape,
                                 const ndarray* mask) {
  const DType t = loop.types[1];
  if (t.kind() != 'i' || uf.name != "power" || shape_size(shape) == 0) return;
  bool negative;
  if (inputs[1].is_array()) {
    ndarray e = inputs[1].array();
    if (e.dtype() != t) e = e.astype(t);
    const Operand lt[2] = {Operand(e), Operand(0)};
    ndarray neg = ufunc_call(get_ufunc("less"), lt, {})[0];
    if (mask) {
      const Operand both[2] = {Operand(neg), Operand(*mask)};
      neg = ufunc_call(get_ufunc("logical_and"), both, {})[0];
    }
    negative = any(neg).item().to_int64() != 0;
  } else {
    negative = inputs[1].scalar().cast(t).to_int64() < 0 && (!mask || any(*mask).item().to_int64() != 0);
  }
  if (negative) throw ValueError("Integers to negative integer powers are not allowed.");
}

std::vector<ndarray> ufunc_call(const Ufunc& uf, std::span<const Operand> inputs,
                                const UfuncOptions& options) {
  if (options.where) return call_with_where(uf, inputs, options);
  return run_ufunc(uf, inputs, options, nullptr);
}

std::vector<ndarray> ufunc_call(std::string_view name, std::span<const Operand> inputs,
                                const UfuncOptions& options) {
  return ufunc_call(get_ufunc(name), inputs, options);
}

// ---- named functions ------------------------------------------------------------------
#define CUNUMPY_DEFINE_UNARY(NAME)                                      \
  ndarray NAME(const Operand& x, const UfuncOptions& options) {         \
    static const Ufunc& uf = get_ufunc(#NAME);                          \
    const Operand in[1] = {x};                                          \
    return ufunc_call(uf, in, options)[0];                              \
  }
#define CUNUMPY_DEFINE_BINARY(NAME)                                                     \
  ndarray NAME(const Operand& x1, const Operand& x2, const UfuncOptions& options) {     \
    static const Ufunc& uf = get_ufunc(#NAME);                                          \
    const Operand in[2] = {x1, x2};                                                     \
    return ufunc_call(uf, in, options)[0];                                              \
  }
CUNUMPY_UNARY_UFUNCS(CUNUMPY_DEFINE_UNARY)
CUNUMPY_BINARY_UFUNCS(CUNUMPY_DEFINE_BINARY)
#undef CUNUMPY_DEFINE_UNARY
#undef CUNUMPY_DEFINE_BINARY

std::pair<ndarray, ndarray> divmod(const Operand& x1, const Operand& x2, const UfuncOptions& options) {
  static const Ufunc& uf = get_ufunc("divmod");
  const Operand in[2] = {x1, x2};
  std::vector<ndarray> r = ufunc_call(uf, in, options);
  return {r[0], r[1]};
}
std::pair<ndarray, ndarray> modf(const Operand& x, const UfuncOptions& options) {
  static const Ufunc& uf = get_ufunc("modf");
  const Operand in[1] = {x};
  std::vector<ndarray> r = ufunc_call(uf, in, options);
  return {r[0], r[1]};
}
std::pair<ndarray, ndarray> frexp(const Operand& x, const UfuncOptions& options) {
  static const Ufunc& uf = get_ufunc("frexp");
  const Operand in[1] = {x};
  std::vector<ndarray> r = ufunc_call(uf, in, options);
  return {r[0], r[1]};
}

// ---- in-place operators ----------------------------------------------------------------
namespace {
ndarray& in_place(const char* name, ndarray& a, const Operand& b) {
  UfuncOptions options;
  options.out.assign(1, a);
  const Operand in[2] = {Operand(a), b};
  ufunc_call(get_ufunc(name), in, options);
  return a;
}
}  // namespace
ndarray& operator+=(ndarray& a, const Operand& b) { return in_place("add", a, b); }
ndarray& operator-=(ndarray& a, const Operand& b) { return in_place("subtract", a, b); }
ndarray& operator*=(ndarray& a, const Operand& b) { return in_place("multiply", a, b); }
ndarray& operator/=(ndarray& a, const Operand& b) { return in_place("true_divide", a, b); }
ndarray& operator%=(ndarray& a, const Operand& b) { return in_place("remainder", a, b); }

}  // namespace cunumpy
