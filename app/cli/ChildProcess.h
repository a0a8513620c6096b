#pragma once

#include <chrono>
#include <string>
#include <vector>

#include <sys/types.h>

namespace clstep::cli {

/// One child process of clstep-cli (`grade` runs each submission as `clstep-cli sweep` in
/// its own process, so an endless loop, a host memory blow-up or a crash of the interpreter
/// ends only that child). Its stdout and stderr go to files. POSIX (posix_spawn, waitpid).
class ChildProcess {
public:
    ChildProcess() = default;
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;
    /// Kills (SIGKILL) and reaps a child that is still running.
    ~ChildProcess();

    /// Starts `program` with `args` (argv[1...]), stdout to `outPath`, stderr to `errPath`
    /// (created or truncated), stdin from /dev/null. False (and `error()`) when it cannot start.
    bool start(const std::string& program, const std::vector<std::string>& args,
               const std::string& outPath, const std::string& errPath);
    /// True once the child has ended (reaps it without blocking).
    bool finished();
    /// Kills the child (SIGKILL) and waits for it.
    void kill();
    /// Seconds since start().
    double elapsed() const;

    /// After finished(): the exit code, or -1 when a signal ended it (`signal()` says which).
    int exitCode() const { return m_exitCode; }
    int signal() const { return m_signal; }
    const std::string& error() const { return m_error; }

    /// The path of the running clstep-cli binary (/proc/self/exe), to start itself again.
    static std::string selfPath();

private:
    pid_t m_pid = -1;
    bool m_done = false;
    int m_exitCode = -1, m_signal = 0;
    std::string m_error;
    std::chrono::steady_clock::time_point m_start;
};

} // namespace clstep::cli
