// Proof files as the command line reads them: plain or gzip-compressed
// (the stored 6x6 proof is tests/data/six/six.proof.gz), so that a user
// never has to unpack one first. The library reads plain files only: it
// depends on the standard library alone.
#pragma once

#include <memory>
#include <string>

#include "loa/base/expected.hpp"
#include "loa/solve/proof_book.hpp"

namespace loa::cli {

// The text of the proof file at `path`, unpacked if it is gzip; an error
// names the file.
Expected<std::string> read_proof_file(const std::string& path);

// The book of the proof file at `path` (plain or gzip), checked as
// verify_proof() checks it.
Expected<std::shared_ptr<const ProofBook>> read_proof_book_file(const std::string& path);

}  // namespace loa::cli
