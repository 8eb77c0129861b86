// The step shared by from_bytes() and load(): decoded safetensors contents to a checked model.
#pragma once

#include <string>
#include <string_view>

#include "crasp/model_io.hpp"
#include "model/safetensors.hpp"

namespace crasp::model::detail {

/// Builds the model the metadata describes, fills it from the tensors of the data section `data`
/// (exactly h.data_bytes long; each tensor must exist, with the implied shape; no other tensor
/// may exist) and validates it. Errors are under `origin`.
load_result from_tensors(const safetensors::header& h, std::string_view data,
                         const std::string& origin);

}  // namespace crasp::model::detail
