#ifndef STOREFRONT_CPOSTGRES_SHIM_H
#define STOREFRONT_CPOSTGRES_SHIM_H
#include <libpq-fe.h>
#endif
