#ifndef STOREFRONT_CCRYPTO_RECEIPTS_H
#define STOREFRONT_CCRYPTO_RECEIPTS_H
// PKCS#7 SignedData for app receipts: the container Apple wraps a receipt's ASN.1 payload in.
// Written in C because PKCS#7 works through BIOs and certificate stacks Swift cannot build.
// Included at the end of shim.h, after certificates.h.
#include <openssl/bio.h>
#include <openssl/pkcs7.h>
#include <openssl/x509.h>
#include <openssl/x509_vfy.h>

/// Signs `content` as PKCS#7 SignedData with `leaf` and its `key`, carrying `leaf`,
/// `intermediate` and `root` so a verifier needs only the root. No signed attributes, so
/// the same content signed twice differs only in ECDSA's random nonce. Returns the DER
/// length and sets `*der` (freed with OPENSSL_free), or 0 on failure.
static inline int storefront_pkcs7_sign(
    X509 *leaf, EVP_PKEY *key, X509 *intermediate, X509 *root,
    const unsigned char *content, int content_length, unsigned char **der)
{
    *der = NULL;
    STACK_OF(X509) *chain = sk_X509_new_null();
    BIO *input = BIO_new_mem_buf(content, content_length);
    PKCS7 *signed_data = NULL;
    int length = 0;
    if (chain != NULL && input != NULL
        && sk_X509_push(chain, intermediate) > 0 && sk_X509_push(chain, root) > 0) {
        signed_data = PKCS7_sign(leaf, key, chain, input, PKCS7_BINARY | PKCS7_NOATTR | PKCS7_NOSMIMECAP);
    }
    if (signed_data != NULL) {
        length = i2d_PKCS7(signed_data, der);
        if (length <= 0) {
            length = 0;
        }
    }
    PKCS7_free(signed_data);
    BIO_free(input);
    sk_X509_free(chain);
    return length;
}

/// What `storefront_pkcs7_verify` found.
enum storefront_pkcs7_outcome {
    /// The signature holds and its certificate chains up to the root: the content is returned.
    STOREFRONT_PKCS7_AUTHENTIC = 0,
    /// The bytes are not one DER PKCS#7 SignedData with attached content.
    STOREFRONT_PKCS7_MALFORMED = 1,
    /// It is SignedData, but its signature or certificate chain does not hold for this root.
    STOREFRONT_PKCS7_NOT_AUTHENTIC = 2,
    /// The check could not run (out of memory).
    STOREFRONT_PKCS7_UNCHECKED = 3,
};

/// Whether `algorithm` is `nid` with absent or NULL parameters, as this store writes it.
static inline int storefront_algorithm_is(const X509_ALGOR *algorithm, int nid)
{
    const ASN1_OBJECT *object = NULL;
    int parameter_type = 0;
    X509_ALGOR_get0(&object, &parameter_type, NULL, algorithm);
    return OBJ_obj2nid(object) == nid && (parameter_type == V_ASN1_UNDEF || parameter_type == V_ASN1_NULL);
}

/// Whether `signed_data` has the shape this store signs: version 1, SHA-256, data content,
/// one ECDSA-SHA256 signer (version 1), and exactly three certificates of which one is `root`
/// itself. PKCS7_verify looks only at what it needs, so without this a changed byte in the
/// copy of the root it carries, a version number or an algorithm name would go unnoticed.
static inline int storefront_pkcs7_has_store_shape(PKCS7 *signed_data, X509 *root)
{
    PKCS7_SIGNED *sign = signed_data->d.sign;
    STACK_OF(PKCS7_SIGNER_INFO) *signers = PKCS7_get_signer_info(signed_data);
    if (sign == NULL || ASN1_INTEGER_get(sign->version) != 1 || sk_X509_num(sign->cert) != 3
        || sign->contents == NULL || !PKCS7_type_is_data(sign->contents)
        || sk_X509_ALGOR_num(sign->md_algs) != 1 || !storefront_algorithm_is(sk_X509_ALGOR_value(sign->md_algs, 0), NID_sha256)
        || signers == NULL || sk_PKCS7_SIGNER_INFO_num(signers) != 1) {
        return 0;
    }
    PKCS7_SIGNER_INFO *signer = sk_PKCS7_SIGNER_INFO_value(signers, 0);
    if (ASN1_INTEGER_get(signer->version) != 1 || !storefront_algorithm_is(signer->digest_alg, NID_sha256)
        || !storefront_algorithm_is(signer->digest_enc_alg, NID_ecdsa_with_SHA256)) {
        return 0;
    }
    int carries_root = 0;
    for (int index = 0; index < sk_X509_num(sign->cert); index++) {
        carries_root |= X509_cmp(sk_X509_value(sign->cert, index), root) == 0;
    }
    return carries_root;
}

/// Checks DER PKCS#7 SignedData against `root` alone (the certificates it carries may fill
/// the chain in, but only `root` is trusted) at time `at`. On STOREFRONT_PKCS7_AUTHENTIC sets
/// `*content` (freed with OPENSSL_free) and `*content_length`.
static inline int storefront_pkcs7_verify(
    const unsigned char *der, long der_length, X509 *root, time_t at,
    unsigned char **content, long *content_length)
{
    *content = NULL;
    *content_length = 0;
    const unsigned char *cursor = der;
    PKCS7 *signed_data = d2i_PKCS7(NULL, &cursor, der_length);
    if (signed_data == NULL) {
        return STOREFRONT_PKCS7_MALFORMED;
    }
    if (cursor != der + der_length || !PKCS7_type_is_signed(signed_data) || PKCS7_get_detached(signed_data)) {
        PKCS7_free(signed_data);
        return STOREFRONT_PKCS7_MALFORMED;
    }
    X509_STORE *store = X509_STORE_new();
    BIO *output = BIO_new(BIO_s_mem());
    int outcome = STOREFRONT_PKCS7_UNCHECKED;
    if (store != NULL && output != NULL && X509_STORE_add_cert(store, root) == 1) {
        X509_VERIFY_PARAM *parameters = X509_STORE_get0_param(store);
        X509_VERIFY_PARAM_set_flags(parameters, X509_V_FLAG_X509_STRICT);
        X509_VERIFY_PARAM_set_time(parameters, at);
        // The store's leaf carries no extended key usage; any purpose its key usage allows.
        X509_STORE_set_purpose(store, X509_PURPOSE_ANY);
        if (!storefront_pkcs7_has_store_shape(signed_data, root)) {
            outcome = STOREFRONT_PKCS7_NOT_AUTHENTIC;
        } else if (PKCS7_verify(signed_data, NULL, store, NULL, output, PKCS7_BINARY) == 1) {
            const char *bytes = NULL;
            long length = BIO_get_mem_data(output, &bytes);
            unsigned char *copy = length > 0 ? OPENSSL_malloc((size_t)length) : NULL;
            if (copy != NULL) {
                memcpy(copy, bytes, (size_t)length);
                *content = copy;
                *content_length = length;
                outcome = STOREFRONT_PKCS7_AUTHENTIC;
            } else {
                outcome = length > 0 ? STOREFRONT_PKCS7_UNCHECKED : STOREFRONT_PKCS7_MALFORMED;
            }
        } else {
            outcome = STOREFRONT_PKCS7_NOT_AUTHENTIC;
        }
    }
    BIO_free(output);
    X509_STORE_free(store);
    PKCS7_free(signed_data);
    ERR_clear_error();
    return outcome;
}

#endif
