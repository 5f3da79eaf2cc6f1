#include <stdarg.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>
#include <microhttpd.h>

/* Swift cannot call C variadic functions, so the daemon's options (and the one
   connection fact TesseraServe needs) are passed here as plain arguments.

   What libmicrohttpd keeps (see PreviewServer and RequestRouter, which own it):
   - `handler_context` for as long as the daemon runs: the router, retained by
     PreviewServer until MHD_stop_daemon has returned (which joins every thread);
   - `address` only during MHD_start_daemon (it binds, then forgets the pointer);
   - each response's reader context until its free callback, which releases it. */

/* Leaves the request path exactly as the client sent it (still percent-encoded), so
   TesseraServe decodes it once, strictly, and can refuse %00, overlong UTF-8 and
   double encoding instead of seeing a path libmicrohttpd already decoded. */
static inline size_t tessera_keep_escaped(void *cls, struct MHD_Connection *connection, char *s) {
    (void)cls;
    (void)connection;
    return strlen(s);
}

static inline struct MHD_Daemon *tessera_start_daemon(
    unsigned int flags,
    const struct sockaddr *address,
    unsigned int connection_limit,
    unsigned int connection_timeout_seconds,
    size_t thread_stack_size,
    MHD_AccessHandlerCallback handler,
    void *handler_context) {
    return MHD_start_daemon(
        flags, 0, NULL, NULL, handler, handler_context,
        MHD_OPTION_SOCK_ADDR, address,
        MHD_OPTION_CONNECTION_LIMIT, connection_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout_seconds,
        MHD_OPTION_THREAD_STACK_SIZE, thread_stack_size,
        MHD_OPTION_UNESCAPE_CALLBACK, tessera_keep_escaped, NULL,
        MHD_OPTION_END);
}

/* The port the daemon listens on, useful when it was started on port 0. */
static inline uint16_t tessera_daemon_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

/* The socket of a connection, or -1; valid while the connection is open (during any
   callback for it). */
static inline int tessera_connection_socket(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}
