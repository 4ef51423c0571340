// The page `loa serve` sends: the files of frontends/web/, embedded in the
// binary at build time (frontends/web/page/embed.cmake), so the one executable is
// all a user needs and no path from a request ever reaches the file system.
#pragma once

#include <string_view>

namespace loa::cli {

struct WebAsset {
  std::string_view path;  // "/index.html", "/app.js", ...
  std::string_view content_type;
  std::string_view body;
};

// The embedded file served at `path` ("/" is "/index.html"), or nullptr.
const WebAsset* find_web_asset(std::string_view path);

}  // namespace loa::cli
