#ifndef STOREFRONT_CCRYPTO_SHIM_H
#define STOREFRONT_CCRYPTO_SHIM_H
#include <stddef.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/params.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/ec.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <openssl/x509_vfy.h>

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

/// Refuses every passphrase request, so reading an encrypted PEM fails instead of
/// prompting on the terminal.
static inline int storefront_refuse_passphrase(char *buffer, int size, int rwflag, void *userdata)
{
    (void)buffer;
    (void)size;
    (void)rwflag;
    (void)userdata;
    return -1;
}

/// Writes `key` as PEM into a new memory BIO: the private key as unencrypted PKCS#8 when
/// `private_part` is non-zero, else the public key as SubjectPublicKeyInfo. NULL on failure.
static inline BIO *storefront_write_pem(EVP_PKEY *key, int private_part)
{
    BIO *output = BIO_new(BIO_s_mem());
    if (output == NULL) {
        return NULL;
    }
    int written = private_part
        ? PEM_write_bio_PrivateKey(output, key, NULL, NULL, 0, NULL, NULL)
        : PEM_write_bio_PUBKEY(output, key);
    if (written != 1) {
        BIO_free(output);
        return NULL;
    }
    return output;
}

/// The bytes held by a memory BIO (`BIO_get_mem_data` is a macro); returns their count.
static inline long storefront_memory_contents(BIO *bio, const char **data)
{
    return BIO_get_mem_data(bio, data);
}

#include "certificates.h"
#include "receipts.h"

#endif
