#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace concord::judge {

// SHA-256 (FIPS 180-4), for the content-addressed cache of judge calls: the same endpoint, model,
// request body and sample index always give the same key, and different ones practically never do.
class Sha256 {
public:
    Sha256();
    Sha256 &update(std::string_view data);
    std::array<std::uint8_t, 32> digest();      // finishes the hash; the object is spent afterwards

    static std::string hex(std::string_view data);

private:
    void block(const std::uint8_t *p);

    std::array<std::uint32_t, 8> m_state;
    std::array<std::uint8_t, 64> m_buffer{};
    std::size_t m_buffered = 0;
    std::uint64_t m_length = 0;
};

} // namespace concord::judge
