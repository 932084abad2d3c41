import AllowanceAPI
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The Swift client of every `/api/v1` endpoint, typed with the server's own `AllowanceAPI`
/// types. It keeps the session in a `TokenStore`, refreshes the token before it expires,
/// retries once after a 401, and sends money moves with an `Idempotency-Key` it keeps when
/// it repeats a request that timed out. Every failure is an `APIError` with a message for people.
public actor APIClient {
    public nonisolated let server: URL
    let tokenStore: any TokenStore
    private let transport: any HTTPTransport
    private let now: @Sendable () -> Date
    private let timeout: TimeInterval
    private let refreshMargin: TimeInterval
    private let retriesAfterTimeout: Int
    /// The longest `Retry-After` (seconds) of a busy server that the client waits out by itself;
    /// past it, the person sees the server's words.
    static let busyWaitLimit = 5
    private var refreshing: Task<StoredSession, any Error>?
    private var observer: (@Sendable (StoredSession?) -> Void)?

    /// - Parameters:
    ///   - server: the server's root, `http://127.0.0.1:8080`.
    ///   - refreshMargin: a token with less than this left is refreshed before the next call.
    ///   - retriesAfterTimeout: how often a retry-safe request is repeated when no answer came
    ///     (or a busy server asked for it again shortly).
    public init(
        server: URL, tokenStore: any TokenStore = InMemoryTokenStore(), transport: any HTTPTransport = URLSessionTransport(),
        timeout: TimeInterval = 30, refreshMargin: TimeInterval = 300, retriesAfterTimeout: Int = 1,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.server = server
        self.tokenStore = tokenStore
        self.transport = transport
        self.timeout = timeout
        self.refreshMargin = refreshMargin
        self.retriesAfterTimeout = retriesAfterTimeout
        self.now = now
    }

    /// The stored session, if any (it may have expired on the server).
    public func currentSession() -> StoredSession? { try? tokenStore.load() }

    /// Called with the new session after sign-in and refresh, and with nil when the session ends.
    public func observeSession(_ observer: @escaping @Sendable (StoredSession?) -> Void) { self.observer = observer }

    // MARK: - Sending

    func call<Answer: Decodable>(_ request: APIRequest, as: Answer.Type = Answer.self) async throws -> Answer {
        let (data, response) = try await perform(request)
        return try decode(Answer.self, data, response)
    }

    /// For answers that are text, not JSON (the ledger's CSV).
    func callForText(_ request: APIRequest) async throws -> String {
        let (data, response) = try await perform(request)
        try checkStatus(data, response)
        return String(decoding: data, as: UTF8.self)
    }

    /// For answers without a body (204).
    func callWithoutAnswer(_ request: APIRequest) async throws {
        let (data, response) = try await perform(request)
        try checkStatus(data, response)
    }

    /// Sends with the session's token: refreshed first when close to expiry; after a 401,
    /// retried once with a newer token (someone else's refresh, or our own), and a second 401
    /// ends the session.
    func perform(_ request: APIRequest) async throws -> (Data, HTTPURLResponse) {
        guard request.authenticated else { return try await exchange(request, token: nil) }
        let session = try await liveSession()
        let first = try await exchange(request, token: session.token)
        guard Self.isSessionRefusal(first) else { return first }
        let newer: StoredSession
        if let stored = try? tokenStore.load(), stored.token != session.token {
            newer = stored
        } else {
            newer = try await refreshed(session)
        }
        let second = try await exchange(request, token: newer.token)
        if Self.isSessionRefusal(second) {
            endSession(refused: newer.token)
            throw APIError.signedOut
        }
        return second
    }

    private func liveSession() async throws -> StoredSession {
        guard let session = try? tokenStore.load() else { throw APIError.signedOut }
        if let expiresAt = session.expiresAt, expiresAt.timeIntervalSince(now()) < refreshMargin {
            return try await refreshed(session)
        }
        return session
    }

    /// One refresh at a time: concurrent calls share it.
    private func refreshed(_ session: StoredSession) async throws -> StoredSession {
        if let refreshing { return try await refreshing.value }
        let task = Task { try await self.exchangeToken(of: session) }
        refreshing = task
        defer { refreshing = nil }
        return try await task.value
    }

    private func exchangeToken(of session: StoredSession) async throws -> StoredSession {
        let (data, response) = try await exchange(APIRequest(.post, "/api/v1/auth/refresh"), token: session.token)
        if Self.isSessionRefusal((data, response)) {
            endSession(refused: session.token)
            throw APIError.signedOut
        }
        let auth = try decode(AuthResponse.self, data, response)
        return try begin(StoredSession(server: server, auth: auth))
    }

    func begin(_ session: StoredSession) throws -> StoredSession {
        try tokenStore.save(session)
        observer?(session)
        return session
    }

    /// Forgets the session. With `refused`, only if that is still the stored token: a session
    /// begun meanwhile (a sign-in elsewhere in the app) is not thrown away for an old token.
    func endSession(refused token: String? = nil) {
        if let token, let stored = try? tokenStore.load(), stored.token != token { return }
        try? tokenStore.clear()
        observer?(nil)
    }

    /// One request on the wire, repeated (with the same `Idempotency-Key`) when no answer came,
    /// or the server said it was busy and to come back within `busyWaitLimit`, and repeating is
    /// safe. A busy server did none of the work (a money move's key is left free for the repeat).
    private func exchange(_ request: APIRequest, token: String?) async throws -> (Data, HTTPURLResponse) {
        let urlRequest = try makeURLRequest(request, token: token)
        var attempt = 0
        while true {
            do {
                let (data, response) = try await transport.send(urlRequest)
                if response.statusCode == 503, request.isRetrySafe, attempt < retriesAfterTimeout,
                    let wait = response.value(forHTTPHeaderField: "Retry-After").flatMap(Int.init), (0...Self.busyWaitLimit).contains(wait)
                {
                    attempt += 1
                    try await Task.sleep(for: .seconds(wait))
                    continue
                }
                return (data, response)
            } catch let error as URLError where error.code == .timedOut || error.code == .networkConnectionLost {
                guard request.isRetrySafe, attempt < retriesAfterTimeout else {
                    throw error.code == .timedOut ? APIError.timedOut : APIError.unreachable(server: serverName)
                }
                attempt += 1
            } catch let error as URLError where error.code == .cancelled {
                throw CancellationError()
            } catch is URLError {
                throw APIError.unreachable(server: serverName)
            }
        }
    }

    private func makeURLRequest(_ request: APIRequest, token: String?) throws -> URLRequest {
        guard var components = URLComponents(url: server, resolvingAgainstBaseURL: false) else {
            throw APIError.unreachable(server: server.absoluteString)
        }
        components.path = components.path.trimmingSuffix("/") + request.path
        if !request.query.isEmpty { components.queryItems = request.query }
        guard let url = components.url else { throw APIError.unreachable(server: server.absoluteString) }
        var urlRequest = URLRequest(url: url, timeoutInterval: timeout)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
        if let body = request.body {
            urlRequest.httpBody = body
            urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let token { urlRequest.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let key = request.idempotencyKey { urlRequest.setValue(key, forHTTPHeaderField: "Idempotency-Key") }
        return urlRequest
    }

    /// "127.0.0.1:8080": how people name the server in messages.
    nonisolated var serverName: String {
        guard let host = server.host else { return server.absoluteString }
        return server.port.map { "\(host):\($0)" } ?? host
    }

    // MARK: - Answers

    private func decode<Answer: Decodable>(_ type: Answer.Type, _ data: Data, _ response: HTTPURLResponse) throws -> Answer {
        try checkStatus(data, response)
        do {
            return try JSONDecoder.api.decode(Answer.self, from: data)
        } catch {
            throw APIError.unreadableResponse(status: response.statusCode)
        }
    }

    private func checkStatus(_ data: Data, _ response: HTTPURLResponse) throws {
        guard !(200..<300).contains(response.statusCode) else { return }
        if Self.isSessionRefusal((data, response)) { throw APIError.signedOut }
        guard let refusal = try? JSONDecoder.api.decode(ErrorResponse.self, from: data) else {
            throw APIError.unreadableResponse(status: response.statusCode)
        }
        throw APIError.server(status: response.statusCode, code: refusal.error.code, message: refusal.error.message)
    }
}

extension APIClient {
    /// A 401 about the token itself ("Please sign in"), not a wrong password at login.
    static func isSessionRefusal(_ answer: (Data, HTTPURLResponse)) -> Bool {
        guard answer.1.statusCode == 401 else { return false }
        guard let refusal = try? JSONDecoder.api.decode(ErrorResponse.self, from: answer.0) else { return true }
        return refusal.error.code == ErrorCode.unauthorized.rawValue
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}
