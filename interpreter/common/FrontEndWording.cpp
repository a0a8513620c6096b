#include "common/FrontEndWording.h"

namespace clstep {

std::string FrontEndWording::message(const Diagnostic& d) const {
    if (d.kind != DiagnosticKind::StepLimit || stepLimitSetting.empty()) return d.message;
    return d.message + "; raise the limit with " + stepLimitSetting;
}

} // namespace clstep
