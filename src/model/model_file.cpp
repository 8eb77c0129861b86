// Model files on disk. load() checks the file before reading it whole: it must be a regular file
// (a directory or a device is refused by name; a FIFO must not block the open), and its header is
// validated against the file's size before the data section is allocated, so a damaged length or
// a huge sparse file costs no memory.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <new>

#include "crasp/model_io.hpp"
#include "model/model_decode.hpp"
#include "model/safetensors.hpp"
#include "support/huge_pages.hpp"

namespace crasp::model {

namespace {

// Closes the descriptor on every path out of load().
class descriptor {
 public:
  explicit descriptor(int fd) : fd_(fd) {}
  descriptor(const descriptor&) = delete;
  descriptor& operator=(const descriptor&) = delete;
  ~descriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  [[nodiscard]] int get() const { return fd_; }

 private:
  int fd_;
};

// Reads exactly `n` bytes from fd into `out`. Returns 0, or the errno of the failure (EIO when
// the file ends early, as when it shrinks while being read).
int read_into(int fd, char* out, std::uint64_t n) {
  while (n > 0) {
    // Linux transfers at most about 2 GiB per read().
    const auto chunk = static_cast<std::size_t>(std::min<std::uint64_t>(n, std::uint64_t{1} << 30));
    const ssize_t got = ::read(fd, out, chunk);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) return errno;
    if (got == 0) return EIO;
    out += got;
    n -= static_cast<std::uint64_t>(got);
  }
  return 0;
}

// Appends exactly `n` bytes read from fd to `out` (read_into's errors; `out` unchanged then).
int read_exact(int fd, std::uint64_t n, std::string& out) {
  const std::size_t old = out.size();
  out.resize(old + static_cast<std::size_t>(n));
  const int err = read_into(fd, out.data() + old, n);
  if (err != 0) out.resize(old);
  return err;
}

std::string cannot_read(int err) { return fmt::format("cannot read the model file: {}", std::strerror(err)); }

}  // namespace

diagnostics save(const model& m, const std::string& path, dtype type) {
  diagnostics diags;
  const std::optional<std::string> bytes = to_bytes(m, diags, type);
  if (!bytes) return diags;
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  if (f) f.write(bytes->data(), static_cast<std::streamsize>(bytes->size()));
  if (!f) diags.error(path, "cannot write the model file");
  return diags;
}

load_result load(const std::string& path) {
  load_result out;
  // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer.
  const descriptor fd(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC));
  if (fd.get() < 0) {
    out.diags.error(path, fmt::format("cannot open the model file: {}", std::strerror(errno)));
    return out;
  }
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0) {
    out.diags.error(path, cannot_read(errno));
    return out;
  }
  if (S_ISDIR(st.st_mode)) {
    out.diags.error(path, "is a directory, not a model file");
    return out;
  }
  if (!S_ISREG(st.st_mode)) {
    out.diags.error(path, "not a regular file: a model file must be a regular file");
    return out;
  }
  const auto size = static_cast<std::uint64_t>(st.st_size);
  std::string bytes;
  int err = read_exact(fd.get(), std::min<std::uint64_t>(size, 8), bytes);
  if (err == 0) err = read_exact(fd.get(), safetensors::header_prefix_bytes(bytes, size) - bytes.size(), bytes);
  if (err != 0) {
    out.diags.error(path, cannot_read(err));
    return out;
  }
  const std::optional<safetensors::header> h = safetensors::read_header(bytes, size, path, out.diags);
  if (!h) return out;
  // The header now vouches for every byte of the data section (exactly h->data_bytes of them).
  // read() goes straight into an uninitialized buffer: neither zero-filled first nor copied
  // through a smaller one (each was a pass over the whole model); on huge pages when it is large
  // (first-touch faults of 4 KiB pages were most of loading a large model on a VM).
  support::huge_vector<char> data;
  try {
    data.resize(static_cast<std::size_t>(h->data_bytes));
  } catch (const std::bad_alloc&) {  // a file far larger than memory, with a consistent header
    out.diags.error(path, fmt::format("not enough memory for the {} bytes of tensor data", h->data_bytes));
    return out;
  } catch (const std::length_error&) {
    out.diags.error(path, fmt::format("not enough memory for the {} bytes of tensor data", h->data_bytes));
    return out;
  }
  if ((err = read_into(fd.get(), data.data(), h->data_bytes)) != 0) {
    out.diags.error(path, cannot_read(err));
    return out;
  }
  return detail::from_tensors(*h, std::string_view(data.data(), data.size()), path);
}

}  // namespace crasp::model
