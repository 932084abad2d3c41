import Vapor

extension RoutesBuilder {
    /// Routes wrapped in `middleware`, as `grouped` wraps them, but run in one task with their
    /// handler (`InlineResponder`).
    func inline(_ middleware: any AsyncMiddleware...) -> any RoutesBuilder { inline(middleware) }

    func inline(_ middleware: [any AsyncMiddleware]) -> any RoutesBuilder {
        middleware.isEmpty ? self : InlineMiddlewareGroup(root: self, middleware: middleware)
    }
}

/// Puts its middleware in front of each route's handler, in one `InlineResponder`; a route of
/// a group inside it (`inline` again) already has one, and gets this group's in front.
private struct InlineMiddlewareGroup: RoutesBuilder {
    let root: any RoutesBuilder
    let middleware: [any AsyncMiddleware]

    func add(_ route: Route) {
        if let inner = route.responder as? InlineResponder {
            route.responder = InlineResponder(middleware: middleware + inner.middleware, handler: inner.handler)
        } else {
            route.responder = InlineResponder(middleware: middleware, handler: route.responder)
        }
        root.add(route)
    }
}

/// A route's middleware and handler, each calling the next in the same task.
///
/// Vapor runs each `AsyncMiddleware` in a task of its own, and the handler in another, each
/// answering the one before through a future: a signed-in read behind three of them made four
/// tasks. On the 1,000-family database with its answers kept (alternating builds): SQLite's
/// transaction list 10,888-10,997 a second to 11,263-11,567, its child page 10,256-10,351 to
/// 10,411-10,573.
///
/// On PostgreSQL the task runs on the request's event loop (`EventLoopExecutors`), the loop of
/// the connections `req.database` takes. The server's tasks run on the event loops anyway
/// (`main.swift`), but on the loop of whatever answered them last: after the session lookup
/// (on a connection of its own, on either loop) or a posting group, a request's statements
/// were sent from the other loop's thread, and their answers taken up there. With 150 writes a
/// second beside them: the child page 3,463-3,542 a second to 3,856-3,869, the list
/// 4,347-4,780 to 4,611-4,882; pages made afresh measured the same. Not on SQLite, whose reads
/// run on the thread that asks: held to its loop, a request waited for the other requests'
/// queries there, and the child page made afresh went from 1,677-1,718 to 1,290-1,321.
struct InlineResponder: AsyncResponder {
    let middleware: [any AsyncMiddleware]
    let handler: any Responder

    func respond(to request: Request) async throws -> Response {
        guard let executor = request.application.eventLoopExecutors?.executor(for: request.eventLoop) else {
            return try await respond(to: request, from: middleware[...])
        }
        return try await withTaskExecutorPreference(executor) { try await respond(to: request, from: middleware[...]) }
    }

    private func respond(to request: Request, from rest: ArraySlice<any AsyncMiddleware>) async throws -> Response {
        guard let first = rest.first else {
            // A handler Vapor made from an `async` closure is called here; any other answers
            // through its future.
            if let handler = handler as? any AsyncResponder { return try await handler.respond(to: request) }
            return try await handler.respond(to: request).get()
        }
        return try await first.respond(to: request, chainingTo: Next { try await respond(to: $0, from: rest.dropFirst()) })
    }

    private struct Next: AsyncResponder {
        let closure: @Sendable (Request) async throws -> Response
        func respond(to request: Request) async throws -> Response { try await closure(request) }
    }
}
