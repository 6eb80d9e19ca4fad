#ifndef STOREFRONT_CCRYPTO_CERTIFICATES_H
#define STOREFRONT_CCRYPTO_CERTIFICATES_H
// ECDSA P-256 keys and X.509 certificates for the store's certificate authority. Written in C
// because the calls involved are macros, variadic, or take OSSL_PARAM arrays, none of which
// Swift can call directly. Included at the end of shim.h, after the helpers it shares.
#include <stddef.h>
#include <string.h>
#include <time.h>
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/objects.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <openssl/x509_vfy.h>

/// Generates a new ECDSA key on the P-256 curve (prime256v1), or returns NULL.
static inline EVP_PKEY *storefront_p256_generate(void)
{
    EVP_PKEY_CTX *context = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
    if (context == NULL) {
        return NULL;
    }
    EVP_PKEY *key = NULL;
    if (EVP_PKEY_keygen_init(context) != 1
        || EVP_PKEY_CTX_set_group_name(context, "prime256v1") != 1
        || EVP_PKEY_keygen(context, &key) != 1) {
        key = NULL;
    }
    EVP_PKEY_CTX_free(context);
    return key;
}

/// Whether `key` is an EC key on P-256.
static inline int storefront_is_p256(EVP_PKEY *key)
{
    char group[64] = {0};
    size_t length = 0;
    return EVP_PKEY_is_a(key, "EC")
        && EVP_PKEY_get_group_name(key, group, sizeof group, &length) == 1
        && strcmp(group, "prime256v1") == 0;
}

/// Reads an unencrypted PEM private key and returns it only when it is a P-256 key.
static inline EVP_PKEY *storefront_p256_read_private_pem(const char *text, int length)
{
    BIO *input = BIO_new_mem_buf(text, length);
    if (input == NULL) {
        return NULL;
    }
    EVP_PKEY *key = PEM_read_bio_PrivateKey(input, NULL, storefront_refuse_passphrase, NULL);
    BIO_free(input);
    if (key != NULL && !storefront_is_p256(key)) {
        EVP_PKEY_free(key);
        return NULL;
    }
    return key;
}

/// Reads a PEM public key (SubjectPublicKeyInfo) and returns it only when it is a P-256 key.
static inline EVP_PKEY *storefront_p256_read_public_pem(const char *text, int length)
{
    BIO *input = BIO_new_mem_buf(text, length);
    if (input == NULL) {
        return NULL;
    }
    EVP_PKEY *key = PEM_read_bio_PUBKEY(input, NULL, storefront_refuse_passphrase, NULL);
    BIO_free(input);
    if (key != NULL && !storefront_is_p256(key)) {
        EVP_PKEY_free(key);
        return NULL;
    }
    return key;
}

/// Signs the SHA-256 digest of `message` with an EC key; the signature is DER (X9.62
/// ECDSA-Sig-Value), at most 72 bytes for P-256. Returns 1 on success.
static inline int storefront_ecdsa_sha256_sign(
    EVP_PKEY *key, const unsigned char *message, size_t message_length,
    unsigned char *signature, size_t *signature_length)
{
    EVP_MD_CTX *context = EVP_MD_CTX_new();
    if (context == NULL) {
        return 0;
    }
    int result = EVP_DigestSignInit(context, NULL, EVP_sha256(), NULL, key) == 1
        && EVP_DigestSign(context, signature, signature_length, message, message_length) == 1;
    EVP_MD_CTX_free(context);
    return result;
}

/// Checks a DER ECDSA-SHA256 signature over `message`: 1 valid, 0 not valid or not checkable.
static inline int storefront_ecdsa_sha256_verify(
    EVP_PKEY *key, const unsigned char *message, size_t message_length,
    const unsigned char *signature, size_t signature_length)
{
    EVP_MD_CTX *context = EVP_MD_CTX_new();
    if (context == NULL) {
        return 0;
    }
    int result = EVP_DigestVerifyInit(context, NULL, EVP_sha256(), NULL, key) == 1
        && EVP_DigestVerify(context, signature, signature_length, message, message_length) == 1;
    EVP_MD_CTX_free(context);
    return result;
}

/// Converts a DER ECDSA signature into the 64-byte R||S form JWS uses (RFC 7518 §3.4).
/// Returns 1 on success.
static inline int storefront_ecdsa_der_to_raw(const unsigned char *der, long der_length, unsigned char *raw64)
{
    const unsigned char *cursor = der;
    ECDSA_SIG *signature = d2i_ECDSA_SIG(NULL, &cursor, der_length);
    if (signature == NULL) {
        return 0;
    }
    // Trailing bytes after the DER value mean it was not a signature this code made.
    int result = cursor == der + der_length
        && BN_bn2binpad(ECDSA_SIG_get0_r(signature), raw64, 32) == 32
        && BN_bn2binpad(ECDSA_SIG_get0_s(signature), raw64 + 32, 32) == 32;
    ECDSA_SIG_free(signature);
    return result;
}

/// Converts a 64-byte R||S signature into DER; `der` must hold 72 bytes. Returns the DER
/// length, or 0 on failure.
static inline int storefront_ecdsa_raw_to_der(const unsigned char *raw64, unsigned char *der)
{
    ECDSA_SIG *signature = ECDSA_SIG_new();
    if (signature == NULL) {
        return 0;
    }
    BIGNUM *r = BN_bin2bn(raw64, 32, NULL);
    BIGNUM *s = BN_bin2bn(raw64 + 32, 32, NULL);
    if (r == NULL || s == NULL || ECDSA_SIG_set0(signature, r, s) != 1) {
        BN_free(r);
        BN_free(s);
        ECDSA_SIG_free(signature);
        return 0;
    }
    int length = i2d_ECDSA_SIG(signature, NULL);
    if (length <= 0 || length > 72) {
        ECDSA_SIG_free(signature);
        return 0;
    }
    unsigned char *cursor = der;
    length = i2d_ECDSA_SIG(signature, &cursor);
    ECDSA_SIG_free(signature);
    return length > 0 ? length : 0;
}

/// Adds the standard extension `nid` written in OpenSSL's configuration syntax.
static inline int storefront_add_extension(X509 *certificate, X509V3_CTX *context, int nid, const char *value)
{
    X509_EXTENSION *extension = X509V3_EXT_conf_nid(NULL, context, nid, value);
    if (extension == NULL) {
        return 0;
    }
    int result = X509_add_ext(certificate, extension, -1);
    X509_EXTENSION_free(extension);
    return result;
}

/// Adds a non-critical extension `oid` whose value is the DER NULL (05 00), the form of
/// Apple's marker extensions.
static inline int storefront_add_marker(X509 *certificate, const char *oid)
{
    ASN1_OBJECT *object = OBJ_txt2obj(oid, 1);
    ASN1_OCTET_STRING *value = ASN1_OCTET_STRING_new();
    static const unsigned char der_null[2] = {0x05, 0x00};
    int result = 0;
    if (object != NULL && value != NULL && ASN1_OCTET_STRING_set(value, der_null, 2) == 1) {
        X509_EXTENSION *extension = X509_EXTENSION_create_by_OBJ(NULL, object, 0, value);
        if (extension != NULL) {
            result = X509_add_ext(certificate, extension, -1);
            X509_EXTENSION_free(extension);
        }
    }
    ASN1_OBJECT_free(object);
    ASN1_OCTET_STRING_free(value);
    return result;
}

/// Issues a certificate for `subject_key` named `common_name` (organisation `organization`),
/// signed with ECDSA-SHA256 by `issuer_key`; `issuer` NULL makes it self-signed. A CA gets
/// keyCertSign and cRLSign, a leaf digitalSignature; `marker_oid` (may be NULL) is added as
/// a marker extension. Validity runs from `not_before` to `not_after` (seconds since 1970).
static inline X509 *storefront_issue_certificate(
    EVP_PKEY *subject_key, const char *common_name, const char *organization,
    EVP_PKEY *issuer_key, X509 *issuer, long serial, int is_ca, const char *marker_oid,
    time_t not_before, time_t not_after)
{
    X509 *certificate = X509_new();
    if (certificate == NULL) {
        return NULL;
    }
    X509_NAME *name = X509_NAME_new();
    int ok = name != NULL
        && X509_set_version(certificate, X509_VERSION_3) == 1
        && ASN1_INTEGER_set(X509_get_serialNumber(certificate), serial) == 1
        && X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_UTF8, (const unsigned char *)common_name, -1, -1, 0) == 1
        && X509_NAME_add_entry_by_txt(name, "O", MBSTRING_UTF8, (const unsigned char *)organization, -1, -1, 0) == 1
        && X509_set_subject_name(certificate, name) == 1
        && X509_set_issuer_name(certificate, issuer != NULL ? X509_get_subject_name(issuer) : name) == 1
        && ASN1_TIME_set(X509_getm_notBefore(certificate), not_before) != NULL
        && ASN1_TIME_set(X509_getm_notAfter(certificate), not_after) != NULL
        && X509_set_pubkey(certificate, subject_key) == 1;
    X509_NAME_free(name);
    if (ok) {
        X509V3_CTX context;
        X509V3_set_ctx_nodb(&context);
        X509V3_set_ctx(&context, issuer != NULL ? issuer : certificate, certificate, NULL, NULL, 0);
        ok = storefront_add_extension(certificate, &context, NID_basic_constraints,
                                      is_ca ? "critical,CA:TRUE" : "critical,CA:FALSE")
            && storefront_add_extension(certificate, &context, NID_key_usage,
                                        is_ca ? "critical,keyCertSign,cRLSign" : "critical,digitalSignature")
            && storefront_add_extension(certificate, &context, NID_subject_key_identifier, "hash")
            && storefront_add_extension(certificate, &context, NID_authority_key_identifier, "keyid:always")
            && (marker_oid == NULL || storefront_add_marker(certificate, marker_oid))
            && X509_sign(certificate, issuer_key, EVP_sha256()) > 0;
    }
    if (!ok) {
        X509_free(certificate);
        return NULL;
    }
    return certificate;
}

/// The DER encoding of `certificate` in a buffer the caller frees with OPENSSL_free; returns
/// its length, or 0 on failure.
static inline int storefront_certificate_der(X509 *certificate, unsigned char **der)
{
    *der = NULL;
    int length = i2d_X509(certificate, der);
    return length > 0 ? length : 0;
}

/// Reads one DER certificate that fills all of `der`, or returns NULL.
static inline X509 *storefront_certificate_from_der(const unsigned char *der, long length)
{
    const unsigned char *cursor = der;
    X509 *certificate = d2i_X509(NULL, &cursor, length);
    if (certificate != NULL && cursor != der + length) {
        X509_free(certificate);
        return NULL;
    }
    return certificate;
}

/// Whether `certificate` carries the extension `oid`.
static inline int storefront_certificate_has_extension(X509 *certificate, const char *oid)
{
    ASN1_OBJECT *object = OBJ_txt2obj(oid, 1);
    if (object == NULL) {
        return 0;
    }
    int found = X509_get_ext_by_OBJ(certificate, object, -1) >= 0;
    ASN1_OBJECT_free(object);
    return found;
}

/// Checks `leaf` <- `intermediate` <- `root` at the time `at` with the strict checks Apple's
/// libraries ask for (X509_STRICT), trusting `root` alone. Returns X509_V_OK (0) when the
/// chain holds, else OpenSSL's verification error code (see X509_verify_cert_error_string),
/// or -1 when the check could not run.
static inline int storefront_verify_chain(X509 *root, X509 *intermediate, X509 *leaf, time_t at)
{
    X509_STORE *store = X509_STORE_new();
    X509_STORE_CTX *context = X509_STORE_CTX_new();
    STACK_OF(X509) *untrusted = sk_X509_new_null();
    int result = -1;
    if (store != NULL && context != NULL && untrusted != NULL
        && X509_STORE_add_cert(store, root) == 1
        && sk_X509_push(untrusted, intermediate) > 0
        && X509_STORE_CTX_init(context, store, leaf, untrusted) == 1) {
        X509_STORE_CTX_set_flags(context, X509_V_FLAG_X509_STRICT);
        X509_STORE_CTX_set_time(context, 0, at);
        result = X509_verify_cert(context) == 1 ? X509_V_OK : X509_STORE_CTX_get_error(context);
        if (result == X509_V_OK && sk_X509_num(X509_STORE_CTX_get0_chain(context)) != 3) {
            // A chain that skips the intermediate is not the three-certificate chain asked for.
            result = X509_V_ERR_PATH_LENGTH_EXCEEDED;
        }
    }
    sk_X509_free(untrusted);
    X509_STORE_CTX_free(context);
    X509_STORE_free(store);
    return result;
}

/// Whether `certificate`'s public key and `key` are the same key.
static inline int storefront_certificate_matches_key(X509 *certificate, EVP_PKEY *key)
{
    EVP_PKEY *public_key = X509_get0_pubkey(certificate);
    return public_key != NULL && EVP_PKEY_eq(public_key, key) == 1;
}

/// The certificate's public key, with a reference the caller frees with EVP_PKEY_free.
static inline EVP_PKEY *storefront_certificate_public_key(X509 *certificate)
{
    return X509_get_pubkey(certificate);
}

#endif
