// The ufunc registry: NumPy's ufuncs with their ordered loop tables, restricted to the 14
// dtypes cunumpy supports (NumPy's long double, object and datetime loops dropped; 'q'/'Q'
// folded into 'l'/'L', which are the same types on LP64). The tables were printed from
// NumPy 2's `ufunc.types`; resolution scans them in this order, as NumPy does.
// Multi-output ufuncs (divmod, modf, frexp) list nin input then nout output codes.
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/ops/elementwise.hpp"

namespace cunumpy {
namespace {

struct UfuncSpec {
  const char* name;
  const char* functor;  // struct in cn::op (src/scalar/cn_ops.h)
  int nin, nout;
  const char* identity;
  const char* types;  // NumPy's loop signatures, space separated
};

const UfuncSpec kSpecs[] = {
    {"add", "add", 2, 1, "0", "\?\?->? bb->b BB->B hh->h HH->H ii->i II->I ll->l LL->L ee->e ff->f dd->d FF->F DD->D"},
    {"subtract", "subtract", 2, 1, "", "bb->b BB->B hh->h HH->H ii->i II->I ll->l LL->L ee->e ff->f dd->d FF->F DD->D"},
    {"multiply", "multiply", 2, 1, "1", "\?\?->? bb->b BB->B hh->h HH->H ii->i II->I ll->l LL->L ee->e ff->f dd->d FF->F DD->D"},
    {"true_divide", "true_divide", 2, 1, "", "ee->e ff->f dd->d FF->F DD->D"},
    {"floor_divide", "floor_divide", 2, 1, "", "bb->b BB->B hh->h HH->H ii->i II->I ll->l LL->L ee->e ff->f dd->d"},
    {"remainder", "remainder", 2, 1, "", "bb->b BB->B hh->h HH->H ii->i II->I ll->l LL->L ee->e ff->f dd->d"},
    {"fmod", "fmod", 2, 1, "", "bb->b BB->B hh->h HH->H ii->i II->I ll->l LL->L ee->e ff->f dd->d"},
    {"power", "power", 2, 1, "", "bb->b BB->B hh->h HH->H ii->i II->I ll->l LL->L ee->e ff->f dd->d FF->F DD->D"},
    {"float_power", "float_power", 2, 1, "", "dd->d DD->D"},
    {"negative", "negative", 1, 1, "", "b->b B->B h->h H->H i->i I->I l->l L->L e->e f->f d->d F->F D->D"},
    {"positive", "positive", 1, 1, "", "b->b B->B h->h H->H i->i I->I l->l L->L e->e f->f d->d F->F D->D"},
    {"absolute", "absolute", 1, 1, "", "?->? b->b B->B h->h H->H i->i I->I l->l L->L e->e f->f d->d F->f D->d"},
    {"fabs", "fabs_", 1, 1, "", "e->e f->f d->d"},
    {"conjugate", "conjugate", 1, 1, "", "b->b B->B h->h H->H i->i I->I l->l L->L e->e f->f d->d F->F D->D"},
    {"square", "square", 1, 1, "", "b->b B->B h->h H->H i->i I->I l->l L->L e->e f->f d->d F->F D->D"},
    {"reciprocal", "reciprocal", 1, 1, "", "b->b B->B h->h H->H i->i I->I l->l L->L e->e f->f d->d F->F D->D"},
    {"sign", "sign", 1, 1, "", "b->b B->B h->h H->H i->i I->I l->l L->L e->e f->f d->d F->F D->D"},
    {"sqrt", "sqrt", 1, 1, "", "e->e f->f d->d F->F D->D"},
    {"cbrt", "cbrt", 1, 1, "", "e->e f->f d->d"},
    {"exp", "exp", 1, 1, "", "e->e f->f d->d F->F D->D"},
    {"exp2", "exp2", 1, 1, "", "e->e f->f d->d F->F D->D"},
    {"expm1", "expm1", 1, 1, "", "e->e f->f d->d F->F D->D"},
    {"log", "log", 1, 1, "", "e->e f->f d->d F->F D->D"},
    {"log2", "log2", 1, 1, "", "e->e f->f d->d F->F D->D"},
    {"log10", "log10", 1, 1, "", "e->e f->f d->d F->F D->D"},
    {"log1p", "log1p", 1, 1, "", "e->e f->f d->d F->F D->D"},
    {"sin", "sin", 1, 1, "", "e->e f->f d->d F->F D->D"},
    {"cos", "cos", 1, 1, "", "e->e f->f d->d F->F D->D"},
    {"tan", "tan", 1, 1, "", "e->e f->f d->d F->F D->D"},
    {"sinh", "sinh", 1, 1, "", "e->e f->f d->d F->F D->D"},
    {"cosh", "cosh", 1, 1, "", "e->e f->f d->d F->F D->D"},
    {"tanh", "tanh", 1, 1, "", "e->e f->f d->d F->F D->D"},
    {"arcsin", "arcsin", 1, 1, "", "e->e f->f d->d F->F D->D"},
    {"arccos", "arccos", 1, 1, "", "e->e f->f d->d F->F D->D"},
    {"arctan", "arctan", 1, 1, "", "e->e f->f d->d F->F D->D"},
    {"arcsinh", "arcsinh", 1, 1, "", "e->e f->f d->d F->F D->D"},
    {"arccosh", "arccosh", 1, 1, "", "e->e f->f d->d F->F D->D"},
    {"arctanh", "arctanh", 1, 1, "", "e->e f->f d->d F->F D->D"},
    {"arctan2", "arctan2", 2, 1, "", "ee->e ff->f dd->d"},
    {"hypot", "hypot", 2, 1, "0", "ee->e ff->f dd->d"},
    {"copysign", "copysign", 2, 1, "", "ee->e ff->f dd->d"},
    {"equal", "equal", 2, 1, "", "\?\?->? bb->? BB->? hh->? HH->? ii->? II->? ll->? LL->? lL->? Ll->? ee->? ff->? dd->? FF->? DD->?"},
    {"not_equal", "not_equal", 2, 1, "", "\?\?->? bb->? BB->? hh->? HH->? ii->? II->? ll->? LL->? lL->? Ll->? ee->? ff->? dd->? FF->? DD->?"},
    {"less", "less", 2, 1, "", "\?\?->? bb->? BB->? hh->? HH->? ii->? II->? ll->? LL->? lL->? Ll->? ee->? ff->? dd->? FF->? DD->?"},
    {"less_equal", "less_equal", 2, 1, "", "\?\?->? bb->? BB->? hh->? HH->? ii->? II->? ll->? LL->? lL->? Ll->? ee->? ff->? dd->? FF->? DD->?"},
    {"greater", "greater", 2, 1, "", "\?\?->? bb->? BB->? hh->? HH->? ii->? II->? ll->? LL->? lL->? Ll->? ee->? ff->? dd->? FF->? DD->?"},
    {"greater_equal", "greater_equal", 2, 1, "", "\?\?->? bb->? BB->? hh->? HH->? ii->? II->? ll->? LL->? lL->? Ll->? ee->? ff->? dd->? FF->? DD->?"},
    {"logical_and", "logical_and", 2, 1, "True", "\?\?->? bb->? BB->? hh->? HH->? ii->? II->? ll->? LL->? ee->? ff->? dd->? FF->? DD->?"},
    {"logical_or", "logical_or", 2, 1, "False", "\?\?->? bb->? BB->? hh->? HH->? ii->? II->? ll->? LL->? ee->? ff->? dd->? FF->? DD->?"},
    {"logical_xor", "logical_xor", 2, 1, "False", "\?\?->? bb->? BB->? hh->? HH->? ii->? II->? ll->? LL->? ee->? ff->? dd->? FF->? DD->?"},
    {"logical_not", "logical_not", 1, 1, "", "?->? b->? B->? h->? H->? i->? I->? l->? L->? e->? f->? d->? F->? D->?"},
    {"maximum", "maximum", 2, 1, "", "\?\?->? bb->b BB->B hh->h HH->H ii->i II->I ll->l LL->L ee->e ff->f dd->d FF->F DD->D"},
    {"minimum", "minimum", 2, 1, "", "\?\?->? bb->b BB->B hh->h HH->H ii->i II->I ll->l LL->L ee->e ff->f dd->d FF->F DD->D"},
    {"fmax", "fmax", 2, 1, "", "\?\?->? bb->b BB->B hh->h HH->H ii->i II->I ll->l LL->L ee->e ff->f dd->d FF->F DD->D"},
    {"fmin", "fmin", 2, 1, "", "\?\?->? bb->b BB->B hh->h HH->H ii->i II->I ll->l LL->L ee->e ff->f dd->d FF->F DD->D"},
    {"isnan", "isnan", 1, 1, "", "?->? b->? B->? h->? H->? i->? I->? l->? L->? e->? f->? d->? F->? D->?"},
    {"isinf", "isinf", 1, 1, "", "?->? b->? B->? h->? H->? i->? I->? l->? L->? e->? f->? d->? F->? D->?"},
    {"isfinite", "isfinite", 1, 1, "", "?->? b->? B->? h->? H->? i->? I->? l->? L->? e->? f->? d->? F->? D->?"},
    {"signbit", "signbit", 1, 1, "", "e->? f->? d->?"},
    {"floor", "floor", 1, 1, "", "?->? b->b B->B h->h H->H i->i I->I l->l L->L e->e f->f d->d"},
    {"ceil", "ceil", 1, 1, "", "?->? b->b B->B h->h H->H i->i I->I l->l L->L e->e f->f d->d"},
    {"trunc", "trunc", 1, 1, "", "?->? b->b B->B h->h H->H i->i I->I l->l L->L e->e f->f d->d"},
    {"rint", "rint", 1, 1, "", "e->e f->f d->d F->F D->D"},
    {"bitwise_and", "bitwise_and", 2, 1, "-1", "\?\?->? bb->b BB->B hh->h HH->H ii->i II->I ll->l LL->L"},
    {"bitwise_or", "bitwise_or", 2, 1, "0", "\?\?->? bb->b BB->B hh->h HH->H ii->i II->I ll->l LL->L"},
    {"bitwise_xor", "bitwise_xor", 2, 1, "0", "\?\?->? bb->b BB->B hh->h HH->H ii->i II->I ll->l LL->L"},
    {"invert", "invert", 1, 1, "", "?->? b->b B->B h->h H->H i->i I->I l->l L->L"},
    {"left_shift", "left_shift", 2, 1, "", "bb->b BB->B hh->h HH->H ii->i II->I ll->l LL->L"},
    {"right_shift", "right_shift", 2, 1, "", "bb->b BB->B hh->h HH->H ii->i II->I ll->l LL->L"},
    {"divmod", "divmod", 2, 2, "", "bb->bb BB->BB hh->hh HH->HH ii->ii II->II ll->ll LL->LL ee->ee ff->ff dd->dd"},
    {"modf", "modf", 1, 2, "", "e->ee f->ff d->dd"},
    {"frexp", "frexp", 1, 2, "", "e->ei f->fi d->di"},
    {"ldexp", "ldexp", 2, 1, "", "ei->e fi->f el->e fl->f di->d dl->d"},
    {"heaviside", "heaviside", 2, 1, "", "ee->e ff->f dd->d"},
    {"logaddexp", "logaddexp", 2, 1, "-inf", "ee->e ff->f dd->d"},
    {"logaddexp2", "logaddexp2", 2, 1, "-inf", "ee->e ff->f dd->d"},
    {"nextafter", "nextafter", 2, 1, "", "ee->e ff->f dd->d"},
    {"spacing", "spacing", 1, 1, "", "e->e f->f d->d"},
    {"deg2rad", "deg2rad", 1, 1, "", "e->e f->f d->d"},
    {"radians", "deg2rad", 1, 1, "", "e->e f->f d->d"},
    {"rad2deg", "rad2deg", 1, 1, "", "e->e f->f d->d"},
    {"degrees", "rad2deg", 1, 1, "", "e->e f->f d->d"},
    {"gcd", "gcd", 2, 1, "0", "bb->b BB->B hh->h HH->H ii->i II->I ll->l LL->L"},
    {"lcm", "lcm", 2, 1, "", "bb->b BB->B hh->h HH->H ii->i II->I ll->l LL->L"},
    {"bitwise_count", "bitwise_count", 1, 1, "", "b->B B->B h->B H->B i->B I->B l->B L->B"},
    // Internal: NumPy's clip ufunc (numpy._core.umath.clip), behind cunumpy.clip.
    {"_clip_keep", "clip_", 3, 1, "", "fff->f ddd->d"},  // float, scalar bounds: ties keep x
    {"_clip", "clip", 3, 1, "", "\?\?\?->? bbb->b BBB->B hhh->h HHH->H iii->i III->I lll->l LLL->L eee->e fff->f ddd->d FFF->F DDD->D"},
    // Internal (not a NumPy ufunc): cond ? x : y, used for where= masks.
    {"_where", "where_", 3, 1, "", "\?\?\?->? \?bb->b \?BB->B \?hh->h \?HH->H \?ii->i \?II->I \?ll->l \?LL->L \?ee->e \?ff->f \?dd->d \?FF->F \?DD->D"},
};

DType dtype_from_code(char c) {
  switch (c) {
    case '?': return bool_;
    case 'b': return int8;
    case 'h': return int16;
    case 'i': return int32;
    case 'l': return int64;
    case 'B': return uint8;
    case 'H': return uint16;
    case 'I': return uint32;
    case 'L': return uint64;
    case 'e': return float16;
    case 'f': return float32;
    case 'd': return float64;
    case 'F': return complex64;
    case 'D': return complex128;
  }
  throw ValueError(std::string("ufunc table: unknown type code ") + c);
}

struct Registry {
  std::vector<Ufunc> ufuncs;
  std::unordered_map<std::string_view, const Ufunc*> by_name;
};

Registry build_registry() {
  Registry r;
  for (const UfuncSpec& s : kSpecs) {
    Ufunc u;
    u.name = s.name;
    u.functor = s.functor;
    u.nin = s.nin;
    u.nout = s.nout;
    u.identity = s.identity;
    u.index = static_cast<int>(r.ufuncs.size());
    const std::string_view n = s.name;
    u.comparison = n == "equal" || n == "not_equal" || n == "less" || n == "less_equal" ||
                   n == "greater" || n == "greater_equal";
    u.logical = n.starts_with("logical_");
    u.refuses_bool = n == "sign" || n == "positive" || n == "gcd" || n == "lcm";
    u.fp_quiet = u.comparison || u.logical || n == "maximum" || n == "minimum" || n == "fmax" ||
                 n == "fmin" || n == "isnan" || n == "isinf" || n == "isfinite" || n == "signbit" ||
                 n == "sign" || n == "nextafter" || n == "spacing" || n == "clip" || n == "heaviside" ||
                 n == "_where";
    std::string_view types(s.types);
    while (!types.empty()) {
      std::size_t end = types.find(' ');
      std::string_view sig = types.substr(0, end);
      UfuncLoop loop;
      loop.signature = std::string(sig);
      for (char c : sig)
        if (c != '-' && c != '>') loop.types.push_back(dtype_from_code(c));
      u.loops.push_back(std::move(loop));
      types = end == std::string_view::npos ? std::string_view() : types.substr(end + 1);
    }
    r.ufuncs.push_back(std::move(u));
  }
  for (const Ufunc& u : r.ufuncs) r.by_name.emplace(u.name, &u);
  // NumPy's aliases name the same ufunc object.
  static const std::pair<const char*, const char*> kAliases[] = {
      {"divide", "true_divide"}, {"mod", "remainder"}, {"abs", "absolute"},
      {"conj", "conjugate"}, {"bitwise_not", "invert"}};
  for (auto [alias, target] : kAliases) r.by_name.emplace(alias, r.by_name.at(target));
  return r;
}

const Registry& registry() {
  static const Registry r = build_registry();
  return r;
}

}  // namespace

const Ufunc* find_ufunc(std::string_view name) {
  const Registry& r = registry();
  auto it = r.by_name.find(name);
  return it == r.by_name.end() ? nullptr : it->second;
}

const Ufunc& get_ufunc(std::string_view name) {
  if (const Ufunc* u = find_ufunc(name)) return *u;
  throw ValueError("no ufunc named '" + std::string(name) + "'");
}

std::span<const Ufunc> all_ufuncs() { return registry().ufuncs; }

}  // namespace cunumpy
