// NumPy 2 type resolution for ufuncs: NEP 50 weak scalars take the dtype of the arrays
// they meet, then the first loop of the ufunc's ordered table that every input casts to
// safely is chosen (or, with dtype=, the first loop computing in that dtype whose inputs
// cast under the casting rule).
#include <cstdint>
#include <string>

#include "cunumpy/base/errors.hpp"
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

// True when the weak Python integer `v` (stored as int64 or uint64) fits integer dtype `d`.
bool int_fits(const Scalar& v, DType d) {
  IInfo info = iinfo(d);
  if (v.dtype() == uint64) return v.to_uint64() <= info.max;
  int64_t x = v.to_int64();
  return x >= info.min && (x < 0 || static_cast<uint64_t>(x) <= info.max);
}

// A Python int (weak), and one that C long cannot hold (NumPy's OverflowError where it
// converts to C long: the logical ufuncs, ldexp).
bool weak_int(const Operand& op) { return op.is_weak() && (op.is_huge_int() || op.dtype().is_integer()); }
bool beyond_int64(const Operand& op) {
  return op.is_huge_int() || (op.dtype() == uint64 && op.scalar().to_uint64() > uint64_t{INT64_MAX});
}

// The dtype a weak scalar, input `position`, takes next to arrays whose promoted dtype is
// `strong`.
DType weak_dtype(const Operand& op, int position, DType strong, const Ufunc& uf) {
  DType own = op.is_huge_int() ? int64 : op.dtype();
  if (op.is_huge_int() && strong.is_integer()) return uf.comparison ? float64 : strong;
  if (kind_rank(own) > kind_rank(strong)) {
    // The scalar's kind is higher: Python's default for it (complex follows float32).
    if (own.is_complex()) return strong.is_floating() ? complex_dtype(strong) : complex128;
    return own.is_integer() ? int64 : float64;
  }
  // NumPy 2 compares out-of-range Python integers exactly instead of raising; other
  // ufuncs check the value against the chosen loop (check_weak_ints).
  if (own.is_integer() && strong.is_integer() && !int_fits(op.scalar(), strong) &&
      uf.comparison)
    return own;
  if (own.is_integer() && strong.is_bool()) return int64;
  if ((own.is_integer() || own.is_bool()) && uf.name == "ldexp") {
    // ldexp's exponent is an integer whatever the mantissa's dtype; NumPy's first matching
    // loop takes a Python int as C int ('fi->f', 'di->d'): beyond int32 it overflows. An
    // int mantissa next to an integer exponent goes to the first loop, 'ei->e'/'el->e'.
    return position == 1 ? int32 : float16;
  }
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
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    const Operand& op = inputs[i];
    if (!op.is_weak()) continue;  // arrays and typed scalars: nothing to check (most calls)
    const DType t = loop->types[i];
    // (a logical ufunc converts a Python int to C long first, whatever its loop)
    if (uf.logical && beyond_int64(op)) throw OverflowError("Python int too large to convert to C long");
    if (!(t.is_integer() || t.is_bool())) continue;
    if (op.is_huge_int()) throw OverflowError(std::string("Python int too large to convert to ") + t.name());
    if (uf.logical || t.is_bool() || !op.dtype().is_integer() || int_fits(op.scalar(), t)) continue;
    std::string v = op.dtype() == uint64 ? std::to_string(op.scalar().to_uint64())
                                         : std::to_string(op.scalar().to_int64());
    throw OverflowError("Python integer " + v + " out of bounds for " + t.name());
  }
  return loop;
}

[[noreturn]] void cast_error(const Ufunc& uf, int i, DType from, DType to, Casting casting) {
  throw TypeError("Cannot cast ufunc '" + uf.name + "' input " + std::to_string(i) + " from " +
                  dtype_repr(from) + " to " + dtype_repr(to) + " with casting rule '" +
                  casting_name(casting) + "'");
}

// A casting rule stricter than 'safe' also constrains the inputs, as NumPy checks it:
// arrays and typed scalars by dtype, a Python bool as a bool array; under 'equiv' a Python
// int/float/complex must already be the loop's dtype as its default (int64/float64/
// complex128), except a Python int compared with an integer loop (NumPy compares those
// exactly, in the arrays' own loop: their inputs are checked against that, `strong`).
// The logical ufuncs cast their inputs to bool whatever the rule.
void check_strict_casting(const Ufunc& uf, const UfuncLoop& loop, std::span<const Operand> inputs,
                          std::span<const DType> in, Casting casting, DType strong) {
  if (casting >= Casting::Safe || uf.logical) return;
  bool exact_int_compare = false;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    // NumPy converts a Python int for an integer loop before any cast check (under
    // 'equiv', one for a loop other than int64 fails that rule first).
    const DType t = loop.types[i];
    if (inputs[i].is_huge_int() && (t.is_integer() || t.is_bool()) &&
        !(casting == Casting::Equiv && t != int64))
      throw OverflowError("Python int too large to convert to C long");
    exact_int_compare = exact_int_compare ||
        (uf.comparison && inputs[i].is_weak() && strong.is_integer() && in[i] != strong &&
         (inputs[i].is_huge_int() || inputs[i].dtype().is_integer()));
  }
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    const Operand& op = inputs[i];
    const DType to = exact_int_compare ? strong : loop.types[i];
    if (op.is_weak() && !op.dtype().is_bool()) {
      const bool is_int = op.is_huge_int() || op.dtype().is_integer();
      if (casting != Casting::Equiv || (!op.is_huge_int() && op.dtype() == to) ||
          (is_int && to.is_integer() && uf.comparison))
        continue;
      throw TypeError(std::string("cannot cast Python ") +
                      (is_int ? "int" : op.dtype().is_floating() ? "float" : "complex") + " to " +
                      to.name() + " under the casting rule 'equiv'");
    }
    const DType from = op.is_weak() ? bool_ : in[i];
    if (!can_cast(from, to, casting)) cast_error(uf, static_cast<int>(i), from, to, casting);
  }
}

[[noreturn]] void no_loop(const Ufunc& uf, std::span<const DType> in);

// ldexp with dtype=: NumPy resolves its mixed loops ('ei->e' ... 'dl->d') with the legacy
// type-tuple resolver. The loops computing in `dtype` are tried in order; the inputs must
// cast to one safely (or under `casting` when stricter). A Python int mantissa next to an
// integer exponent array casts to any float, else it is int64; a Python int exponent is
// int32 (int64 next to a bool mantissa or another Python scalar), and once the loop is
// chosen its value must fit that loop's type: NumPy's OverflowError otherwise.
const UfuncLoop* ldexp_with_dtype(const Ufunc& uf, std::span<const Operand> inputs, DType dtype,
                                  Casting casting) {
  const Operand& m = inputs[0];
  const Operand& e = inputs[1];
  DType mt = m.dtype();
  if (weak_int(m)) mt = !e.is_weak() && e.dtype().is_integer() ? bool_ : int64;  // bool_: safe to every float
  DType et = e.dtype();
  if (weak_int(e)) et = m.is_weak() || m.dtype().is_bool() ? int64 : int32;
  const Casting input_casting = casting < Casting::Safe ? casting : Casting::Safe;
  for (const UfuncLoop& loop : uf.loops) {
    if (loop.types[2] != dtype || !can_cast(mt, loop.types[0], input_casting) ||
        !can_cast(et, loop.types[1], input_casting))
      continue;
    if ((weak_int(m) && beyond_int64(m)) || (weak_int(e) && (beyond_int64(e) || !int_fits(e.scalar(), loop.types[1]))))
      throw OverflowError("Python int too large to convert to C long");
    return &loop;
  }
  throw TypeError("No loop matching the specified signature and casting was found for ufunc " + uf.name);
}

// NumPy has no boolean loop for these, and does not let bool cast to their integer loops.
void check_bool_only(const Ufunc& uf, std::span<const DType> in) {
  if (!uf.refuses_bool) return;
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

// The first loop whose inputs the dtypes `in` cast to safely (integer true division computes
// in float64, NumPy's TrueDivisionTypeResolver); nullptr when none does. The answer depends
// on the ufunc and `in` alone, so it is remembered per thread: the scan costs about as much
// as the rest of a small call's resolution (tens of loops, two casts each).
const UfuncLoop* find_loop(const Ufunc& uf, std::span<const DType> in) {
  struct Entry {
    const Ufunc* uf = nullptr;
    uint64_t sig = 0;
    const UfuncLoop* loop = nullptr;
  };
  thread_local Entry memo[64];
  const bool memoizable = in.size() <= 8;
  uint64_t sig = in.size();
  for (DType d : in) sig = sig << 7 | static_cast<uint64_t>(d.id());
  // The registry's ufuncs live until exit, so their addresses identify them.
  const uint64_t h = (reinterpret_cast<uintptr_t>(&uf) ^ sig) * 0x9e3779b97f4a7c15ull;
  Entry& e = memo[h >> 58];
  if (memoizable && e.uf == &uf && e.sig == sig) return e.loop;

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
    if (memoizable) e = Entry{&uf, sig, &loop};
    return &loop;
  }
  return nullptr;
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
  for (int i = 0; i < uf.nin; ++i) {
    const Operand& op = inputs[i];
    // (ldexp converts a Python int to C long: 2**63 too, where other ufuncs take uint64)
    if (!any_strong && (op.is_huge_int() || (!options.dtype && uf.name == "ldexp" && weak_int(op) && beyond_int64(op))))
      throw OverflowError("Python int too large to convert to C long");
    r.input_dtypes.push_back(op.is_weak() && any_strong ? weak_dtype(op, i, strong, uf) : op.dtype());
  }
  std::span<const DType> in(r.input_dtypes.data(), r.input_dtypes.size());
  // A non-bool dtype= picks a numeric loop: negative(bool_array, dtype=float32) is fine.
  if (!options.dtype || options.dtype->is_bool()) check_boolean_ops(uf, in);
  if (!options.dtype) check_bool_only(uf, in);

  // With dtype=, a weak Python scalar must reach the loop by kind whatever the rule short
  // of 'unsafe' (maximum(bool_array, 1e300, dtype=int8) and add(bool_array, 3, dtype=bool)
  // raise; add(int16, 2.5, dtype=float32, casting='safe') is fine); ints are then checked by
  // value (check_weak_ints), 'no'/'equiv' by check_strict_casting.
  auto castable = [&](int i, DType to) {
    if (uf.logical) return true;  // inputs cast to bool regardless
    const Operand& op = inputs[i];
    if (!op.is_weak()) return can_cast(in[i], to, options.casting);
    return op.is_huge_int() || options.casting == Casting::Unsafe ||
           kind_rank(op.dtype()) <= kind_rank(to);
  };
  if (options.dtype && uf.nin == 2 && uf.name == "ldexp") {
    r.loop = ldexp_with_dtype(uf, inputs, *options.dtype, options.casting);
    return r;
  }
  if (options.dtype) {
    // dtype= names the output dtype. As NumPy: the first loop computing in it whose inputs
    // cast safely (isinf(float64, dtype=bool) is 'd->?', not 'e->?' reached by same_kind),
    // else the homogeneous loop, every type dtype, under `casting` (absolute(complex128,
    // dtype=float32) is 'f->f': a cast error, or the real part's under 'unsafe'; signbit
    // has no '?->?': no loop). With inputs_in_dtype, the homogeneous loop comes first.
    const DType want = *options.dtype;
    auto reads = [&](const UfuncLoop& loop, auto&& cast_ok) {
      bool outs = true, ins = true;
      for (int o = 0; o < uf.nout; ++o) outs = outs && loop.types[uf.nin + o] == want;
      for (int i = 0; i < uf.nin && outs && ins; ++i) ins = cast_ok(i, loop.types[i]);
      return outs && ins;
    };
    auto safely = [&](int i, DType to) {
      const Operand& op = inputs[i];
      if (uf.logical || !op.is_weak()) return uf.logical || can_cast(in[i], to, Casting::Safe);
      return op.is_huge_int() || kind_rank(op.dtype()) <= kind_rank(to);
    };
    auto choose = [&](const UfuncLoop& loop) {
      check_strict_casting(uf, loop, inputs, in, options.casting, strong);
      r.loop = check_weak_ints(uf, &loop, inputs);
      return r;
    };
    const UfuncLoop* homogeneous = nullptr;
    bool computes_in_dtype = false;
    for (const UfuncLoop& loop : uf.loops) {
      computes_in_dtype = computes_in_dtype || reads(loop, [](int, DType) { return true; });
      if (!homogeneous && reads(loop, [&](int, DType t) { return t == want; })) homogeneous = &loop;
    }
    auto choose_homogeneous = [&] {
      check_weak_ints(uf, homogeneous, inputs);  // NumPy converts Python ints first
      for (int i = 0; i < uf.nin; ++i)
        if (!castable(i, want)) cast_error(uf, i, in[i], want, options.casting);
      return choose(*homogeneous);
    };
    if (options.inputs_in_dtype && homogeneous) return choose_homogeneous();
    for (const UfuncLoop& loop : uf.loops)
      if (reads(loop, safely)) return choose(loop);
    if (!computes_in_dtype) no_loop(uf, in);
    if (!homogeneous)
      throw TypeError("No loop matching the specified signature and casting was found for ufunc " + uf.name);
    return choose_homogeneous();
  }

  const UfuncLoop* loop = find_loop(uf, in);
  if (!loop) no_loop(uf, in);
  check_strict_casting(uf, *loop, inputs, in, options.casting, strong);
  r.loop = check_weak_ints(uf, loop, inputs);
  return r;
}

}  // namespace cunumpy
