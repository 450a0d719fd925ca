// NumPy 2 type resolution for ufuncs: NEP 50 weak scalars take the dtype of the arrays
// they meet, then the first loop of the ufunc's ordered table that every input casts to
// safely is chosen (or, with dtype=, the first loop computing in that dtype whose inputs
// cast under the casting rule).
#include <string>

#include "cunumpy/core/errors.hpp"
#include "cunumpy/ops/elementwise.hpp"

namespace cunumpy {
namespace {

// "<class 'numpy.dtypes.Float64DType'>", as NumPy's no-loop error spells a dtype.
std::string dtype_class(DType d) {
  std::string n = d.name();
  std::string cls = n.rfind("uint", 0) == 0 ? "UInt" + n.substr(4)
                                            : std::string(1, char(n[0] - 'a' + 'A')) + n.substr(1);
  return "<class 'numpy.dtypes." + cls + "DType'>";
}

std::string dtype_repr(DType d) { return std::string("dtype('") + d.name() + "')"; }

int kind_rank(DType d) {
  switch (d.kind()) {
    case 'b': return 0;
    case 'i': case 'u': return 1;
    case 'f': return 2;
    default: return 3;  // 'c'
  }
}

bool is_comparison(const Ufunc& uf) {
  const std::string& n = uf.name;
  return n == "equal" || n == "not_equal" || n == "less" || n == "less_equal" ||
         n == "greater" || n == "greater_equal";
}

// True when the weak Python integer `v` (stored as int64 or uint64) fits integer dtype `d`.
bool int_fits(const Scalar& v, DType d) {
  IInfo info = iinfo(d);
  if (v.dtype() == uint64) return v.to_uint64() <= info.max;
  int64_t x = v.to_int64();
  return x >= info.min && (x < 0 || static_cast<uint64_t>(x) <= info.max);
}

// The dtype a weak scalar of `kind` takes next to arrays whose promoted dtype is `strong`.
DType weak_dtype(const Operand& op, DType strong, const Ufunc& uf) {
  DType own = op.is_huge_int() ? int64 : op.dtype();
  if (op.is_huge_int() && strong.is_integer()) return is_comparison(uf) ? float64 : strong;
  if (kind_rank(own) > kind_rank(strong)) {
    // The scalar's kind is higher: Python's default for it (complex follows float32).
    if (own.is_complex()) return strong.is_floating() ? complex_dtype(strong) : complex128;
    return own.is_integer() ? int64 : float64;
  }
  // NumPy 2 compares out-of-range Python integers exactly instead of raising; other
  // ufuncs check the value against the chosen loop (check_weak_ints).
  if (own.is_integer() && strong.is_integer() && !int_fits(op.scalar(), strong) &&
      is_comparison(uf))
    return own;
  if (own.is_integer() && strong.is_bool()) return int64;
  // ldexp's exponent is an integer whatever the mantissa's dtype; NumPy's first matching
  // loop takes a Python int as C int ('fi->f', 'di->d'): beyond int32 it overflows.
  if (own.is_integer() && uf.name == "ldexp") return int32;
  return strong;
}

// NumPy refuses boolean subtract and negative outright (their integer loops would
// otherwise accept bool inputs).
void check_boolean_ops(const Ufunc& uf, std::span<const DType> in) {
  if (in.size() == 2 && in[0].is_bool() && in[1].is_bool() && uf.name == "subtract")
    throw TypeError(
        "numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, "
        "the `^` operator, or the logical_xor function instead.");
  if (in.size() == 1 && in[0].is_bool() && uf.name == "negative")
    throw TypeError(
        "The numpy boolean negative, the `-` operator, is not supported, use the `~` "
        "operator or the logical_not function instead.");
}

// A weak Python int must fit the integer type its loop computes in (NumPy converts it
// to the loop's dtype: add(uint8, 300) overflows, hypot(uint8, 300) computes in float;
// the logical ufuncs take any int64 as a truth value).
const UfuncLoop* check_weak_ints(const Ufunc& uf, const UfuncLoop* loop,
                                 std::span<const Operand> inputs) {
  const bool logical = uf.name.rfind("logical_", 0) == 0;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    const Operand& op = inputs[i];
    const DType t = loop->types[i];
    if (!op.is_weak() || !(t.is_integer() || t.is_bool())) continue;
    if (op.is_huge_int()) throw OverflowError(std::string("Python int too large to convert to ") + t.name());
    if (logical || t.is_bool() || !op.dtype().is_integer() || int_fits(op.scalar(), t)) continue;
    std::string v = op.dtype() == uint64 ? std::to_string(op.scalar().to_uint64())
                                         : std::to_string(op.scalar().to_int64());
    throw OverflowError("Python integer " + v + " out of bounds for " + t.name());
  }
  return loop;
}

[[noreturn]] void no_loop(const Ufunc& uf, std::span<const DType> in);

// NumPy has no boolean loop for these, and does not let bool cast to their integer loops.
void check_bool_only(const Ufunc& uf, std::span<const DType> in) {
  const std::string& n = uf.name;
  if (n != "sign" && n != "positive" && n != "gcd" && n != "lcm") return;
  for (DType d : in)
    if (!d.is_bool()) return;
  no_loop(uf, in);
}

[[noreturn]] void no_loop(const Ufunc& uf, std::span<const DType> in) {
  std::string msg = "ufunc '" + uf.name + "' did not contain a loop with signature matching types (";
  for (std::size_t i = 0; i < in.size(); ++i) msg += (i ? ", " : "") + dtype_class(in[i]);
  msg += in.size() == 1 ? ",) -> None" : ") -> None";
  throw TypeError(msg);
}

}  // namespace

Resolution resolve_ufunc(const Ufunc& uf, std::span<const Operand> inputs,
                         const UfuncOptions& options) {
  if (static_cast<int>(inputs.size()) != uf.nin)
    throw TypeError(uf.name + "() takes " + std::to_string(uf.nin) + " positional argument" +
                    (uf.nin == 1 ? "" : "s") + " but " + std::to_string(inputs.size()) +
                    " were given");
  // Promote the strong operands (arrays, typed scalars) first; weak scalars follow them.
  bool any_strong = false;
  DType strong = bool_;
  for (const Operand& op : inputs) {
    if (op.is_weak()) continue;
    strong = any_strong ? promote_types(strong, op.dtype()) : op.dtype();
    any_strong = true;
  }
  Resolution r;
  for (const Operand& op : inputs) {
    if (op.is_huge_int() && !any_strong) throw OverflowError("Python int too large to convert to C long");
    r.input_dtypes.push_back(op.is_weak() && any_strong ? weak_dtype(op, strong, uf) : op.dtype());
  }
  std::span<const DType> in(r.input_dtypes.data(), r.input_dtypes.size());
  // A non-bool dtype= picks a numeric loop: negative(bool_array, dtype=float32) is fine.
  if (!options.dtype || options.dtype->is_bool()) check_boolean_ops(uf, in);
  if (!options.dtype) check_bool_only(uf, in);

  // A weak Python float or complex must also cast to dtype='s loop (maximum(bool_array,
  // 1e300, dtype=int8) raises); weak ints are checked by value (check_weak_ints), and under
  // 'no'/'equiv' NumPy's rules for weak scalars differ: left unchecked.
  // (a weak float needs only a same-kind cast: add(int16, 2.5, dtype=float32, casting='safe')
  // is fine).
  auto exempt = [&](int i) {
    const Operand& op = inputs[i];
    return op.is_weak() && (options.casting < Casting::Safe || op.is_huge_int() ||
                            op.dtype().is_integer() || op.dtype().is_bool());
  };
  auto castable = [&](int i, DType to) {
    Casting rule = options.casting;
    if (inputs[i].is_weak() && rule == Casting::Safe) rule = Casting::SameKind;
    return exempt(i) || can_cast(in[i], to, rule);
  };
  if (options.dtype) {
    // dtype= names the output dtype: the first loop computing in it whose inputs cast
    // under `casting`.
    const UfuncLoop* candidate = nullptr;
    for (const UfuncLoop& loop : uf.loops) {
      bool outs = true;
      for (int o = 0; o < uf.nout; ++o) outs = outs && loop.types[uf.nin + o] == *options.dtype;
      if (!outs) continue;
      if (!candidate) candidate = &loop;
      bool ok = true;
      for (int i = 0; i < uf.nin; ++i)
        ok = ok && castable(i, loop.types[i]);
      if (ok) {
        r.loop = check_weak_ints(uf, &loop, inputs);
        return r;
      }
    }
    if (!candidate) no_loop(uf, in);
    check_weak_ints(uf, candidate, inputs);  // NumPy converts Python ints first
    for (int i = 0; i < uf.nin; ++i)
      if (!castable(i, candidate->types[i]))
        throw TypeError("Cannot cast ufunc '" + uf.name + "' input " + std::to_string(i) +
                        " from " + dtype_repr(in[i]) + " to " + dtype_repr(candidate->types[i]) +
                        " with casting rule '" + casting_name(options.casting) + "'");
  }

  // Integer true division computes in float64 (NumPy's TrueDivisionTypeResolver).
  bool all_int = true;
  for (DType d : in) all_int = all_int && (d.is_integer() || d.is_bool());
  const bool int_true_divide = all_int && uf.name == "true_divide";  // once, not per loop
  for (const UfuncLoop& loop : uf.loops) {
    bool ok = true;
    for (int i = 0; i < uf.nin && ok; ++i) {
      DType want = loop.types[i];
      ok = int_true_divide ? want == float64 : can_cast(in[i], want, Casting::Safe);
    }
    if (!ok) continue;
    // A casting rule stricter than 'safe' also constrains the inputs (NumPy checks it).
    if (options.casting < Casting::Safe)
      for (int i = 0; i < uf.nin; ++i)
        if (!inputs[i].is_weak() && !can_cast(in[i], loop.types[i], options.casting))
          throw TypeError("Cannot cast ufunc '" + uf.name + "' input " + std::to_string(i) +
                          " from " + dtype_repr(in[i]) + " to " + dtype_repr(loop.types[i]) +
                          " with casting rule '" + casting_name(options.casting) + "'");
    r.loop = check_weak_ints(uf, &loop, inputs);
    return r;
  }
  no_loop(uf, in);
}

}  // namespace cunumpy
