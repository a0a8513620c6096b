#pragma once

#include "common/FrontEndWording.h"

namespace clstep::ui {

/// The GUI's names for the settings the runtime's facts depend on: the step limit is the
/// Launch panel's "Step limit" (a `step-limit` diagnostic advises it, never clstep-cli's
/// `--max-steps`; FrontEndWording).
inline const FrontEndWording& guiWording() {
    static const FrontEndWording wording{"Launch › Step limit"};
    return wording;
}

} // namespace clstep::ui
