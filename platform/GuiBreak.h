#pragma once

#include "KernelObject.h"
#include "runtime/KernelArgument.h"
#include "runtime/NDRange.h"

#include <cstdint>
#include <vector>

namespace clstep::ocl {

/// `clstep-cli exec --break-on error|KERNEL[:N]` (DeviceSettings::breakOn): opens one launch
/// in the `clstep` GUI with the program's live buffers and waits inside the enqueue.
///
/// The launch is recorded (LaunchRecorder) into a temporary bundle with the buffers' and
/// images' bytes before the launch, the program's build options and the device's byte order
/// (`# clstep:` directives the GUI applies); the GUI (DeviceSettings::gui) opens its launch.sim
/// with
/// `--results DIR`, and the host thread waits for the GUI process to exit. When the user
/// closes the window the GUI writes every buffer and image as DIR/NAME.bin (an image's
/// texels in its ImageObject layout), and those bytes become the
/// launch's results (`finalBytes`), which the launcher then copies into the program's
/// cl_mem objects. A session closed before every work-group finished gives the buffers as
/// they were at that moment (said on stderr).
///
/// Without a display (DISPLAY, WAYLAND_DISPLAY and QT_QPA_PLATFORM all unset), without the
/// GUI executable, or if the GUI fails, a message goes to stderr and false is returned: the
/// program continues with clstep's own run of the launch.
/// Buffers shared by several arguments (KernelArgument::aliasOf) come back through their
/// owner only. Returns true if `finalBytes` now holds the GUI's results.
bool breakIntoGui(uint32_t launchNumber, const KernelObject& kernel, const NDRange& range,
                  const std::vector<KernelArgument>& args,
                  std::vector<std::vector<uint8_t>>& finalBytes);

} // namespace clstep::ocl
