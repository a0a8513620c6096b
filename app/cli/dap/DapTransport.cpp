// DapTransport: Content-Length framing of DAP messages.
#include "DapTransport.h"

#include <cstdlib>
#include <istream>
#include <ostream>

namespace clstep::cli::dap {

namespace {

std::string lowerTrim(std::string s) {
    while (!s.empty() && (s.back() == '\r' || s.back() == ' ' || s.back() == '\t'))
        s.pop_back();
    size_t b = s.find_first_not_of(" \t");
    s = b == std::string::npos ? std::string() : s.substr(b);
    for (char& c : s)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

} // namespace

DapTransport::DapTransport(std::istream& in, std::ostream& out) : m_in(in), m_out(out) {
    // std::cin is tied to std::cout: every read would flush the output from the reading
    // thread, outside the send mutex, racing with a send on another thread.
    m_in.tie(nullptr);
    if (const char* path = std::getenv("CLSTEP_DAP_TRACE"); path && *path)
        m_trace = std::fopen(path, "a");
}

DapTransport::~DapTransport() {
    if (m_trace) std::fclose(m_trace);
}

DapTransport::Incoming DapTransport::read() {
    Incoming msg;
    std::string line;
    bool any = false;
    std::optional<uint64_t> length;
    std::string bad;
    while (true) {
        if (!std::getline(m_in, line)) {
            msg.eof = true;
            if (any) msg.error = "the input ended inside a message header";
            return msg;
        }
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty()) {
            if (!any) continue; // blank lines between messages
            break;
        }
        any = true;
        size_t colon = line.find(':');
        if (colon == std::string::npos) {
            bad = "header line without ':': '" + line.substr(0, 80) + "'";
            continue;
        }
        if (lowerTrim(line.substr(0, colon)) != "content-length") continue;
        std::string value = lowerTrim(line.substr(colon + 1));
        try {
            size_t used = 0;
            unsigned long long n = std::stoull(value, &used);
            if (used != value.size() || value[0] == '-') throw std::invalid_argument(value);
            length = n;
        } catch (...) {
            bad = "Content-Length is not a number: '" + value.substr(0, 40) + "'";
        }
    }
    if (!length) {
        msg.error = bad.empty() ? "message header without Content-Length" : bad;
        return msg;
    }
    if (*length > kMaxBody) {
        m_in.ignore(static_cast<std::streamsize>(*length));
        msg.error = "message body of " + std::to_string(*length) + " bytes is too long (at most " +
                    std::to_string(kMaxBody) + ")";
        return msg;
    }
    msg.body.resize(*length);
    m_in.read(msg.body.data(), static_cast<std::streamsize>(*length));
    if (static_cast<uint64_t>(m_in.gcount()) != *length) {
        msg.body.resize(static_cast<size_t>(m_in.gcount()));
        msg.eof = true;
        msg.error = "the input ended inside a message body";
    }
    if (m_trace) {
        std::lock_guard<std::mutex> lock(m_sendMutex);
        std::fprintf(m_trace, "<- %s%s\n", msg.body.c_str(), msg.eof ? " [end of input]" : "");
        std::fflush(m_trace);
    }
    return msg;
}

void DapTransport::send(const nlohmann::json& message) {
    std::string text = message.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    std::lock_guard<std::mutex> lock(m_sendMutex);
    m_out << "Content-Length: " << text.size() << "\r\n\r\n" << text;
    m_out.flush();
    if (m_trace) {
        std::fprintf(m_trace, "-> %s\n", text.c_str());
        std::fflush(m_trace);
    }
}

} // namespace clstep::cli::dap
