#include "proof_files.hpp"

#include <zlib.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <fstream>
#include <memory>
#include <string_view>

namespace loa::cli {

namespace {

// How long the text of the file at `path` is likely to be: its size, or
// for gzip the length its trailer gives (modulo 4 GiB, and the last member's
// only), so that the text is read into one buffer of about its size rather
// than one that doubles as it grows. Only a hint: 0 when unknown.
std::size_t expected_length(const std::string& path) {
  std::ifstream file(path, std::ios::binary | std::ios::ate);
  if (!file) return 0;
  const std::streamoff size = file.tellg();
  if (size < 18) return size > 0 ? std::size_t(size) : 0;
  std::array<unsigned char, 4> bytes{};
  file.seekg(0);
  file.read(reinterpret_cast<char*>(bytes.data()), 2);
  if (bytes[0] != 0x1f || bytes[1] != 0x8b) return std::size_t(size);
  file.seekg(size - 4);
  file.read(reinterpret_cast<char*>(bytes.data()), 4);
  if (!file) return 0;
  const std::uint32_t length = bytes[0] | bytes[1] << 8 | bytes[2] << 16 | std::uint32_t(bytes[3]) << 24;
  // Deflate packs at most about 1,032 to 1: a file cut short or damaged
  // (its last bytes not a length) cannot ask for more than that.
  return std::min<std::size_t>(length, std::size_t(size) * 1032);
}

}  // namespace

Expected<std::string> read_proof_file(const std::string& path) {
  // gzread() passes a file that is not gzip through unchanged.
  const std::unique_ptr<gzFile_s, int (*)(gzFile)> file(gzopen(path.c_str(), "rb"), gzclose);
  if (!file) return Error{"cannot read the proof " + path};
  std::string text;
  text.reserve(expected_length(path) + 1);
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
