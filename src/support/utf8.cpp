// UTF-8 validation, shared by the parser (program text), the checker (alphabet specs) and the
// diagnostics (which must not echo invalid bytes into a terminal).
#include "support/utf8.hpp"

namespace crasp {
namespace {

unsigned char utf8_byte(const char* p) { return static_cast<unsigned char>(*p); }
bool utf8_continuation(const char* p) { return (utf8_byte(p) & 0xC0) == 0x80; }

}  // namespace

const char* invalid_utf8(const char* b, const char* e) {
  const char* p = b;
  while (p < e) {
    const unsigned char c = utf8_byte(p);
    if (c < 0x80) {
      ++p;
      continue;
    }
    int len = 0;
    unsigned char lo = 0x80, hi = 0xBF;  // allowed range of the second byte
    if (c >= 0xC2 && c <= 0xDF) {
      len = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
      len = 3;
      if (c == 0xE0) lo = 0xA0;  // overlong
      if (c == 0xED) hi = 0x9F;  // surrogates
    } else if (c >= 0xF0 && c <= 0xF4) {
      len = 4;
      if (c == 0xF0) lo = 0x90;  // overlong
      if (c == 0xF4) hi = 0x8F;  // above U+10FFFF
    } else {
      return p;
    }
    if (e - p < len) return p;
    if (utf8_byte(p + 1) < lo || utf8_byte(p + 1) > hi) return p;
    for (int k = 2; k < len; ++k)
      if (!utf8_continuation(p + k)) return p;
    p += len;
  }
  return nullptr;
}

}  // namespace crasp
