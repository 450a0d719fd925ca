// The arguments of a user-kernel call: the outputs it passed, its device (all arrays must
// share it) and the broadcast shape of the non-raw arrays.
#include "cunumpy/base/errors.hpp"
#include "ops/user_kernels/user_kernel.hpp"

namespace cunumpy::user {

std::vector<ndarray> given_outputs(const std::vector<Param>& in, const std::vector<Param>& out,
                                   std::span<const Operand> args, const std::string& kernel_name) {
  const std::size_t nin = in.size(), nout = out.size();
  if (args.size() != nin && args.size() != nin + nout)
    throw TypeError("Wrong number of arguments for '" + kernel_name + "': expected " + std::to_string(nin) +
                    " or " + std::to_string(nin + nout) + ", got " + std::to_string(args.size()));
  std::vector<ndarray> outs(nout);
  if (args.size() == nin + nout)
    for (std::size_t o = 0; o < nout; ++o) {
      if (!args[nin + o].is_array()) throw TypeError("Output arguments must be cunumpy.ndarray");
      outs[o] = args[nin + o].array();
    }
  for (std::size_t i = 0; i < nin; ++i)
    if (in[i].raw && !args[i].is_array())
      throw TypeError("raw parameter '" + in[i].name + "' needs a cunumpy.ndarray argument");
  return outs;
}

CallShape call_shape(const std::vector<Param>& in, const std::vector<Param>& out,
                     std::span<const Operand> in_args, std::span<const ndarray> outs) {
  CallShape cs;
  bool have_device = false;
  auto visit = [&](const ndarray& a, bool raw) {
    if (!have_device) {
      cs.device = a.device();
      have_device = true;
    } else if (a.device() != cs.device) {
      throw ValueError("arrays of one kernel call are on different devices (" + cs.device.str() +
                       " and " + a.device().str() + ")");
    }
    if (raw) return;
    cs.shape = cs.have_arrays ? broadcast_shapes(cs.shape, a.shape()) : a.shape();
    cs.have_arrays = true;
  };
  for (std::size_t i = 0; i < in.size(); ++i)
    if (in_args[i].is_array()) visit(in_args[i].array(), in[i].raw);
  for (std::size_t o = 0; o < out.size() && o < outs.size(); ++o)
    if (outs[o].defined()) visit(outs[o], out[o].raw);
  if (!have_device) cs.device = current_device();
  return cs;
}

}  // namespace cunumpy::user
