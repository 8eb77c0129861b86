// UTF-8 validation (support/utf8.cpp).
#pragma once

namespace crasp {

/// The first byte of [b, e) that does not start or continue a well-formed UTF-8 sequence
/// (overlong forms, surrogates and code points above U+10FFFF included), or null.
const char* invalid_utf8(const char* b, const char* e);

}  // namespace crasp
