#ifndef STOREFRONT_CTLS_SHIM_H
#define STOREFRONT_CTLS_SHIM_H
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509_vfy.h>

/// Names the server to reach (SNI), which a server hosting several names needs to pick its
/// certificate. `SSL_set_tlsext_host_name` is a macro, which Swift cannot call.
static inline int storefront_tls_set_server_name(SSL *ssl, const char *name)
{
    return (int)SSL_set_tlsext_host_name(ssl, name);
}

/// A server that closes the connection without TLS's goodbye has still ended its answer (the
/// answer's framing says whether it is whole). `SSL_OP_IGNORE_UNEXPECTED_EOF` and
/// `SSL_CTX_set_min_proto_version` are macros, which Swift cannot use.
static inline void storefront_tls_configure(SSL_CTX *context)
{
    SSL_CTX_set_options(context, SSL_OP_IGNORE_UNEXPECTED_EOF);
    SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION);
}

#endif
