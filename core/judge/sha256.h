// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

struct evp_md_ctx_st; // OpenSSL's EVP_MD_CTX, so that libcrypto's headers stay out of core's interface

namespace concord::judge {

// SHA-256 (FIPS 180-4) by OpenSSL's libcrypto, for the content-addressed cache of judge calls: the same
// endpoint, model, request body and sample index always give the same key, and different ones
// practically never do. Keys already stored in studies are the lower-case hex digests hex() returns.
class Sha256 {
public:
    Sha256();
    Sha256 &update(std::string_view data);
    std::array<std::uint8_t, 32> digest(); // finishes the hash; the object is spent afterwards

    static std::string hex(std::string_view data);

private:
    struct FreeContext {
        void operator()(evp_md_ctx_st *context) const;
    };
    std::unique_ptr<evp_md_ctx_st, FreeContext> m_context;
};

} // namespace concord::judge
