// CRASP_TEST_SANITIZED: 1 when this test program is built with AddressSanitizer (the asan preset),
// where every operation is several times slower and the long tests check shorter lengths. gcc
// defines __SANITIZE_ADDRESS__; clang, the asan preset's compiler, answers
// __has_feature(address_sanitizer) instead.
#pragma once

#if defined(__SANITIZE_ADDRESS__)
#define CRASP_TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CRASP_TEST_SANITIZED 1
#endif
#endif

#ifndef CRASP_TEST_SANITIZED
#define CRASP_TEST_SANITIZED 0
#endif
