#include "common_atomic_file.h"

#include "common_error.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <sys/stat.h>
#include <iostream>
#include <unistd.h>
#include <vector>

namespace cpm {

bool is_stdout_name(const std::string &path)
{
    return path == "-" || path == "stdout";
}

bool is_stdin_name(const std::string &path)
{
    return path == "-" || path == "stdin";
}

AtomicFile::AtomicFile(const std::string &path) : path_(path)
{
    if (is_stdout_name(path))
        return;
    if (path.empty())
        throw UsageError("empty output file name");
    struct stat st;
    if (stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
        // A device or FIFO (/dev/null, a pipe): write to it directly;
        // renaming over it would replace it.
        direct_ = true;
        file_.open(path, std::ios::out);
        if (!file_)
            throw Error("cannot write output file '" + path + "'");
        return;
    }
    std::vector<char> name(path.begin(), path.end());
    const char suffix[] = ".tmp.XXXXXX";
    name.insert(name.end(), suffix, suffix + sizeof suffix);
    int fd = mkstemp(name.data());
    if (fd < 0)
        throw Error("cannot create output file '" + path +
                    "': " + std::strerror(errno));
    close(fd);
    tmp_ = name.data();
    file_.open(tmp_, std::ios::out | std::ios::trunc);
    if (!file_) {
        std::remove(tmp_.c_str());
        throw Error("cannot write output file '" + path + "'");
    }
}

AtomicFile::~AtomicFile()
{
    if (!committed_ && !tmp_.empty() && !direct_) {
        file_.close();
        std::remove(tmp_.c_str());
    }
}

std::ostream &AtomicFile::stream()
{
    return tmp_.empty() && !direct_ ? std::cout
                                    : static_cast<std::ostream &>(file_);
}

void AtomicFile::commit()
{
    if (committed_)
        return;
    if (direct_) {
        file_.flush();
        if (!file_)
            throw Error("error writing output file '" + path_ + "'");
        committed_ = true;
        return;
    }
    if (tmp_.empty()) {
        std::cout.flush();
        if (!std::cout)
            throw Error("error writing to standard output");
        committed_ = true;
        return;
    }
    file_.flush();
    bool ok = static_cast<bool>(file_);
    file_.close();
    if (!ok || file_.fail())
        throw Error("error writing output file '" + path_ + "'");
    if (std::rename(tmp_.c_str(), path_.c_str()) != 0)
        throw Error("cannot rename '" + tmp_ + "' to '" + path_ +
                    "': " + std::strerror(errno));
    committed_ = true;
}

} // namespace cpm
