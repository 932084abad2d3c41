import Vapor

/// On shutdown, stops the HTTP server before anything else. Vapor closes the server and the
/// databases together at the very end; a request still running then found its database gone
/// and the process crashed (Fluent's `req.db` unwraps it) instead of finishing. Closing the
/// server first lets requests in flight finish and answer (up to the server's shutdown
/// timeout) while the databases are still open. Registered last, so it runs first.
struct StopServingFirst: LifecycleHandler {
    func shutdownAsync(_ application: Application) async {
        await application.server.shutdown()
    }
}
