#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <cstdio>
#include <iosfwd>
#include <mutex>
#include <optional>
#include <string>

namespace clstep::cli::dap {

/// The base protocol of the Debug Adapter Protocol over a pair of streams: each message is a
/// header block (`Content-Length: N` and optional other fields, each line ended by CRLF,
/// the block by an empty line) followed by N bytes of UTF-8 JSON (DAP specification, "Base
/// Protocol"). Reading is for one thread; sending is safe from any thread.
class DapTransport {
public:
    /// The largest body accepted (bytes); longer ones are skipped with an error.
    static constexpr uint64_t kMaxBody = 64ull << 20;

    /// When the environment variable CLSTEP_DAP_TRACE names a file, every message read and
    /// sent is appended to it ("<- " and "-> " lines), for debugging editor set-ups.
    DapTransport(std::istream& in, std::ostream& out);
    ~DapTransport();

    /// One message read from the input.
    struct Incoming {
        bool eof = false;  ///< the input ended (no message)
        std::string body;  ///< the JSON text (when `error` is empty)
        std::string error; ///< why the header block was unusable (the body was skipped)
    };
    /// Reads the next message. A header block without a valid Content-Length, or with one
    /// above kMaxBody, gives `error` (the bytes of the body, when the length is known, are
    /// consumed) so that the caller can answer and go on with the next message.
    Incoming read();

    /// Writes `message` with its Content-Length header and flushes.
    void send(const nlohmann::json& message);

private:
    std::istream& m_in;
    std::ostream& m_out;
    std::mutex m_sendMutex;
    std::FILE* m_trace = nullptr;
};

} // namespace clstep::cli::dap
