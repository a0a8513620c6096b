#pragma once

#include <stdexcept>
#include <string>

namespace clstep::cli::dap {

/// A request the adapter cannot carry out: its text becomes the `message` of the error
/// response (DAP ErrorResponse) and the adapter goes on with the next request.
class DapError : public std::runtime_error {
public:
    explicit DapError(const std::string& message) : std::runtime_error(message) {}
};

} // namespace clstep::cli::dap
