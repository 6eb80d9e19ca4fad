#ifndef STOREFRONT_CCRYPTO_SHIM_H
#define STOREFRONT_CCRYPTO_SHIM_H
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>
#include <openssl/err.h>
#endif
