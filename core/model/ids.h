#pragma once

#include <cstdint>

namespace concord::model {

// Row ids of the study file. Plain integers: they are only meaningful within one study.
using Id = std::int64_t;

} // namespace concord::model
