// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/sha256.h"

#include "error.h"

#include <openssl/evp.h>

namespace concord::judge {

namespace {

std::string toHex(const unsigned char *bytes, std::size_t size)
{
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string out;
    out.reserve(2 * size);
    for (std::size_t i = 0; i < size; ++i) {
        out.push_back(kDigits[bytes[i] >> 4]);
        out.push_back(kDigits[bytes[i] & 0xf]);
    }
    return out;
}

} // namespace

void Sha256::FreeContext::operator()(evp_md_ctx_st *context) const
{
    EVP_MD_CTX_free(context);
}

Sha256::Sha256()
    : m_context(EVP_MD_CTX_new())
{
    if (!m_context || EVP_DigestInit_ex(m_context.get(), EVP_sha256(), nullptr) != 1)
        fail("libcrypto could not start a SHA-256 digest");
}

Sha256 &Sha256::update(std::string_view data)
{
    if (EVP_DigestUpdate(m_context.get(), data.data(), data.size()) != 1)
        fail("libcrypto could not update a SHA-256 digest");
    return *this;
}

std::array<std::uint8_t, 32> Sha256::digest()
{
    std::array<std::uint8_t, 32> out{};
    unsigned int size = 0;
    if (EVP_DigestFinal_ex(m_context.get(), out.data(), &size) != 1 || size != out.size())
        fail("libcrypto could not finish a SHA-256 digest");
    return out;
}

std::string Sha256::hex(std::string_view data)
{
    std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
    unsigned int size = 0;
    if (EVP_Digest(data.data(), data.size(), digest.data(), &size, EVP_sha256(), nullptr) != 1 || size != 32)
        fail("libcrypto could not compute a SHA-256 digest");
    return toHex(digest.data(), size);
}

} // namespace concord::judge
