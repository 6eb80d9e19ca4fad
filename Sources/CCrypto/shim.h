#ifndef STOREFRONT_CCRYPTO_SHIM_H
#define STOREFRONT_CCRYPTO_SHIM_H
#include <stddef.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/params.h>
#include <openssl/rand.h>

/// Creates an HMAC-SHA256 context keyed with `key`, or returns NULL.
///
/// OSSL_PARAM arrays are awkward to build from Swift, so the one parameter
/// (the digest name) is set here.
static inline EVP_MAC_CTX *storefront_hmac_sha256_new(const unsigned char *key, size_t key_length)
{
    EVP_MAC *mac = EVP_MAC_fetch(NULL, OSSL_MAC_NAME_HMAC, NULL);
    if (mac == NULL) {
        return NULL;
    }
    EVP_MAC_CTX *context = EVP_MAC_CTX_new(mac);
    EVP_MAC_free(mac);
    if (context == NULL) {
        return NULL;
    }
    char digest[] = "SHA256";
    OSSL_PARAM parameters[] = {
        OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, digest, 0),
        OSSL_PARAM_construct_end(),
    };
    if (EVP_MAC_init(context, key, key_length, parameters) != 1) {
        EVP_MAC_CTX_free(context);
        return NULL;
    }
    return context;
}

/// Restarts a keyed HMAC context for a new message, keeping its key.
static inline int storefront_hmac_restart(EVP_MAC_CTX *context)
{
    return EVP_MAC_init(context, NULL, 0, NULL);
}

#endif
