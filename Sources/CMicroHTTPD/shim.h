#ifndef STOREFRONT_CMICROHTTPD_SHIM_H
#define STOREFRONT_CMICROHTTPD_SHIM_H

#include <sys/types.h>
#include <sys/socket.h>
#include <stdint.h>
#include <microhttpd.h>

/* MHD_start_daemon and MHD_get_daemon_info are variadic, which Swift cannot call: these
   fixed-argument wrappers pass the options `storefront serve` uses. */

/** The type MHD_OPTION_URI_LOG_CALLBACK takes: it sees the request target as sent, before the
    library percent-decodes it, and its result becomes the request's context. */
typedef void *(*storefront_mhd_uri_callback)(void *context, const char *uri, struct MHD_Connection *connection);

/** Starts a daemon on an already listening socket, its own epoll thread and a thread pool. */
static inline struct MHD_Daemon *storefront_mhd_start(
    int listening_socket, unsigned int connection_limit, unsigned int connection_timeout_seconds,
    unsigned int thread_pool_size, size_t connection_memory_limit,
    MHD_AccessHandlerCallback access_handler, void *access_context,
    MHD_RequestCompletedCallback completed_handler, void *completed_context,
    storefront_mhd_uri_callback uri_handler, void *uri_context)
{
    unsigned int flags = MHD_USE_EPOLL_INTERNAL_THREAD | MHD_USE_SUPPRESS_DATE_NO_CLOCK;
    return MHD_start_daemon(flags, 0, NULL, NULL, access_handler, access_context,
                            MHD_OPTION_LISTEN_SOCKET, (MHD_socket)listening_socket,
                            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                            MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout_seconds,
                            MHD_OPTION_THREAD_POOL_SIZE, thread_pool_size,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, connection_memory_limit,
                            MHD_OPTION_NOTIFY_COMPLETED, completed_handler, completed_context,
                            MHD_OPTION_URI_LOG_CALLBACK, uri_handler, uri_context,
                            MHD_OPTION_END);
}

/** The number of connections the daemon holds open now. */
static inline unsigned int storefront_mhd_open_connections(struct MHD_Daemon *daemon)
{
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info == NULL ? 0 : info->num_connections;
}

#endif
