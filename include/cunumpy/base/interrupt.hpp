// Interrupting long host work (Ctrl-C). The library itself knows nothing of signals: the
// embedding layer (the Python extension) installs a hook that looks for a pending
// interrupt and throws to abandon the work; long CPU loops call check_interrupt() between
// chunks on the calling thread.
#pragma once

namespace cunumpy {

// Called on the thread that started the work, never on a pool worker; it throws (any
// exception: it propagates to the caller of the operation) to stop the work.
using InterruptHook = void (*)();
void set_interrupt_hook(InterruptHook hook);  // nullptr removes it
// Runs the installed hook, if any.
void check_interrupt();

}  // namespace cunumpy
