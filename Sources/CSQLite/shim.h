#ifndef STOREFRONT_CSQLITE_SHIM_H
#define STOREFRONT_CSQLITE_SHIM_H
#include <sqlite3.h>

/// Binds UTF-8 text that SQLite copies before returning.
///
/// SQLITE_TRANSIENT is a cast of -1 to a function pointer, which does not import into Swift.
static inline int storefront_sqlite3_bind_text_copied(sqlite3_stmt *statement, int index, const char *text, int length)
{
    return sqlite3_bind_text(statement, index, text, length, SQLITE_TRANSIENT);
}

#endif
