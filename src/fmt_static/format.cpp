// fmt's compiled part, built once into libcrasp for the static command (CRASP_STATIC_CLI).
//
// Debian ships fmt 9 as a shared library and headers only. A fully static `crasp` cannot load
// libfmt.so, and the header-only mode (FMT_HEADER_ONLY) makes every translation unit that
// includes <fmt/format.h> compile all of format-inl.h again: about 5 s of a 7 s compile, in some
// 120 files. Instead, every file includes fmt as it would against the shared library, and this
// one file defines what that library would: the non-template functions of format-inl.h (FMT_FUNC
// is empty without FMT_HEADER_ONLY, so they get external linkage here) and the templates that
// format.h declares `extern template` or only declares, instantiated for the types crasp formats.
#include <fmt/format-inl.h>

FMT_BEGIN_NAMESPACE
namespace detail {

template auto dragonbox::to_decimal(float x) noexcept -> dragonbox::decimal_fp<float>;
template auto dragonbox::to_decimal(double x) noexcept -> dragonbox::decimal_fp<double>;

template locale_ref::locale_ref(const std::locale& loc);
template auto locale_ref::get<std::locale>() const -> std::locale;

template auto thousands_sep_impl(locale_ref) -> thousands_sep_result<char>;
template auto decimal_point_impl(locale_ref) -> char;
template void buffer<char>::append(const char*, const char*);
template void vformat_to(buffer<char>&, string_view, basic_format_args<FMT_BUFFER_CONTEXT(char)>,
                         locale_ref);

template auto thousands_sep_impl(locale_ref) -> thousands_sep_result<wchar_t>;
template auto decimal_point_impl(locale_ref) -> wchar_t;
template void buffer<wchar_t>::append(const wchar_t*, const wchar_t*);

}  // namespace detail
FMT_END_NAMESPACE
