import AllowanceServer
import Logging
import NIOCore
import NIOPosix
import Vapor

// `allowance-server [serve|migrate|seed|verify]`; serve is the default.

// Swift's tasks run on the server's event loops instead of a separate pool of threads, so a
// request is not handed between threads each time its handler awaits (Vapor's own template
// does this). Nothing here blocks a task for long: password hashing runs on its pool; SQLite's
// reads run in the task (prepared once, short), and its write groups, their `COMMIT` and the
// checkpoints on the I/O threads.
_ = NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
var env = try Environment.detect()
try LoggingSystem.bootstrap(from: &env)
let app = try await Application.make(env)
do {
    try await configure(app)
    try await app.execute()
} catch {
    app.logger.report(error: error)
    try? await app.asyncShutdown()
    exit(1)
}
try await app.asyncShutdown()
