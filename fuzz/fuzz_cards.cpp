// libFuzzer target: the card-data parsers (Supporting Cast's cast file, which a local user may
// name and a record carries; Cheaty Mages!' and Mwahahaha!'s card files). The first byte picks
// the parser; the rest is the file's text.
#include <cstddef>
#include <cstdint>
#include <string>

#include "cheaty_mages/cheaty_mages.h"
#include "mwahahaha/mwahahaha.h"
#include "supporting_cast/supporting_cast.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace villainy;
  if (size == 0) return 0;
  const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  try {
    switch (data[0] % 3) {
      case 0:
        (void)supporting_cast::Cast::parse(text, "fuzz.json");
        break;
      case 1:
        (void)cheaty_mages::CardData::parse(text, "fuzz.json");
        break;
      default:
        (void)mwahahaha::CardData::parse(text, "fuzz.json");
        break;
    }
  } catch (const Error&) {
  }
  return 0;
}
