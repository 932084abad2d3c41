import AllowanceKit
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The first `count` requests it is shown, of those a test transport acts on (drops, answers
/// busy), and the Idempotency-Key of every one of them, in order.
final class FirstRequests: @unchecked Sendable {
    // A lock guards the counters: requests run on any task.
    private let lock = NSLock()
    private var left: Int
    private var seen: [String?] = []

    init(_ count: Int) { left = count }

    /// The Idempotency-Key of every request shown, in order (nil when it had none).
    var keys: [String?] { lock.withLock { seen } }

    /// Notes `request`'s key; true while it is one of the first `count`.
    func take(_ request: URLRequest) -> Bool {
        lock.withLock {
            seen.append(request.value(forHTTPHeaderField: "Idempotency-Key"))
            guard left > 0 else { return false }
            left -= 1
            return true
        }
    }
}

/// Sends every request for real but loses the first `drops` answers to money-moving POSTs,
/// as a connection that times out after the server has acted would.
final class AnswerDroppingTransport: HTTPTransport, Sendable {
    private let dropped: FirstRequests
    private let live = URLSessionTransport()

    init(drops: Int) { dropped = FirstRequests(drops) }

    /// The Idempotency-Key of every money move sent, in order.
    var keys: [String?] { dropped.keys }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let answer = try await live.send(request)
        guard request.httpMethod == "POST", request.url?.path.hasSuffix("/transactions") == true else { return answer }
        if dropped.take(request) { throw URLError(.timedOut) }
        return answer
    }
}

/// Answers the first `busy` requests to paths ending in `pathSuffix` as a busy server does
/// (503, `server_busy`, `Retry-After: retryAfter`) without sending them; sends the rest for real.
final class BusyServerTransport: HTTPTransport, Sendable {
    private let answeredBusy: FirstRequests
    private let pathSuffix: String
    private let retryAfter: Int
    private let live = URLSessionTransport()

    init(busy: Int, pathSuffix: String, retryAfter: Int = 1) {
        answeredBusy = FirstRequests(busy)
        self.pathSuffix = pathSuffix
        self.retryAfter = retryAfter
    }

    /// The Idempotency-Key of every request to the path, in order (nil when it had none).
    var keys: [String?] { answeredBusy.keys }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        guard let url = request.url, url.path.hasSuffix(pathSuffix), answeredBusy.take(request) else {
            return try await live.send(request)
        }
        let body = #"{"error":{"code":"server_busy","message":"The server is busy; try again in a moment"}}"#
        let response = HTTPURLResponse(
            url: url, statusCode: 503, httpVersion: "HTTP/1.1",
            headerFields: ["Content-Type": "application/json", "Retry-After": String(retryAfter)])!
        return (Data(body.utf8), response)
    }
}

/// Counts the requests sent to each path.
final class CountingTransport: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [String: Int] = [:]
    private let live = URLSessionTransport()

    func count(_ path: String) -> Int { lock.withLock { counts[path] ?? 0 } }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        lock.withLock { counts[request.url?.path ?? "", default: 0] += 1 }
        return try await live.send(request)
    }
}

/// A clock the test sets.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var instant: Date
    init(_ date: Date = Date()) { instant = date }
    var now: Date {
        get { lock.withLock { instant } }
        set { lock.withLock { instant = newValue } }
    }
}

/// Sends every request for real, but before the first one asking for the ledger's second page
/// (`offset=100`) runs `meanwhile`: a posting landing while an export reads its pages.
final class PostingBetweenPagesTransport: HTTPTransport, Sendable {
    private let first = FirstRequests(1)
    private let meanwhile: @Sendable () async throws -> Void
    private let live = URLSessionTransport()

    init(meanwhile: @escaping @Sendable () async throws -> Void) { self.meanwhile = meanwhile }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        if request.httpMethod == "GET", request.url?.query?.contains("offset=100") == true, first.take(request) { try await meanwhile() }
        return try await live.send(request)
    }
}
