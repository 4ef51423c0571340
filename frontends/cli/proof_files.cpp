#include "proof_files.hpp"

#include <zlib.h>

#include <array>
#include <memory>
#include <string_view>

namespace loa::cli {

Expected<std::string> read_proof_file(const std::string& path) {
  // gzread() passes a file that is not gzip through unchanged.
  const std::unique_ptr<gzFile_s, int (*)(gzFile)> file(gzopen(path.c_str(), "rb"), gzclose);
  if (!file) return Error{"cannot read the proof " + path};
  std::string text;
  std::array<char, 1 << 16> buffer;
  for (;;) {
    const int got = gzread(file.get(), buffer.data(), unsigned(buffer.size()));
    if (got > 0) {
      text.append(buffer.data(), std::size_t(got));
      continue;
    }
    // At the end, Z_BUF_ERROR says the file stopped inside a gzip stream:
    // zlib hands over what it had, and the cut must not pass for the end.
    int code = Z_OK;
    const char* why = gzerror(file.get(), &code);
    if (got == 0 && code == Z_OK) return text;
    std::string_view reason = code == Z_ERRNO ? "read error" : why;
    if (reason.starts_with(path + ": ")) reason.remove_prefix(path.size() + 2);  // zlib names the file too
    return Error{"cannot read the proof " + path + ": " + std::string(reason)};
  }
}

Expected<std::shared_ptr<const ProofBook>> read_proof_book_file(const std::string& path) {
  auto text = read_proof_file(path);
  if (!text) return Error{text.error()};
  return proof_book_of(*text, path);
}

}  // namespace loa::cli
