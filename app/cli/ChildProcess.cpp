// ChildProcess: a clstep-cli child run with its output in files (grade's submissions).
#include "ChildProcess.h"

#include <cerrno>
#include <cstring>
#include <filesystem>

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>

extern char** environ;

namespace clstep::cli {

ChildProcess::~ChildProcess() {
    if (m_pid > 0 && !m_done) kill();
}

bool ChildProcess::start(const std::string& program, const std::vector<std::string>& args,
                         const std::string& outPath, const std::string& errPath) {
    std::vector<std::string> all{program};
    all.insert(all.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& a : all)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, outPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                     0644);
    posix_spawn_file_actions_addopen(&actions, 2, errPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                     0644);
    m_start = std::chrono::steady_clock::now();
    const int rc = posix_spawn(&m_pid, program.c_str(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (rc != 0) {
        m_error = std::strerror(rc);
        m_pid = -1;
        return false;
    }
    m_done = false;
    return true;
}

bool ChildProcess::finished() {
    if (m_done || m_pid <= 0) return true;
    int status = 0;
    const pid_t r = waitpid(m_pid, &status, WNOHANG);
    if (r == 0) return false;
    m_done = true;
    if (r < 0) {
        m_error = std::strerror(errno);
        return true;
    }
    if (WIFEXITED(status)) m_exitCode = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) m_signal = WTERMSIG(status);
    return true;
}

void ChildProcess::kill() {
    if (m_pid <= 0 || m_done) return;
    ::kill(m_pid, SIGKILL);
    int status = 0;
    waitpid(m_pid, &status, 0);
    m_done = true;
    m_exitCode = -1;
    m_signal = SIGKILL;
}

double ChildProcess::elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count();
}

std::string ChildProcess::selfPath() {
    std::error_code ec;
    auto p = std::filesystem::read_symlink("/proc/self/exe", ec);
    return ec ? std::string("clstep-cli") : p.string();
}

} // namespace clstep::cli
