#pragma once

#include <QString>

#include <iosfwd>

namespace clstep::ui {

/// `clstep --headless FILE`: the GUI's demo without a window. Loads the file through
/// debug::Session like the GUI does, runs the whole NDRange, prints the diagnostics it found
/// (data races with both work-items and lines), compares a few schedules, and prints the
/// `dump` arguments in oclgrind-kernel's format.
class HeadlessRunner {
public:
    struct Options {
        bool deviceBigEndian = false;
        int exploreSchedules = 4; ///< 0 skips the schedule comparison
    };

    /// Returns the process exit code: 0 when the kernel was loaded and ran to the end
    /// (diagnostics such as races are findings, not failures), 1 otherwise.
    static int run(const QString& path, const Options& options, std::ostream& out,
                   std::ostream& err);
};

} // namespace clstep::ui
