import AllowanceKit
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Shared steps of the view model tests: the demo children and money moves made outside the screen.
extension LiveServer {
    func child(named name: String, using client: APIClient) async throws -> ChildResponse {
        try #require(try await client.children().first { $0.firstName == name })
    }

    /// Records a money move straight through the client (what another parent's device would do).
    @discardableResult
    func record(_ type: TransactionType, cents: Int64, _ description: String, for childId: UUID, using client: APIClient) async throws
        -> TransactionResponse
    {
        try await client.createTransaction(
            CreateTransactionRequest(childId: childId, amount: Money(cents: cents), type: type, description: description))
    }

    /// A client signed in as one of the demo children.
    func childClient(_ email: String) async throws -> APIClient {
        let client = client()
        try await client.login(email: email, password: LiveServer.password)
        return client
    }
}

/// A fresh directory for an offline cache, removed by the test.
func temporaryCacheDirectory() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("allowance-cache-\(UUID().uuidString)")
}

/// A display format that reads the same on every machine.
let usFormat = DisplayFormat(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!)

/// `withLiveServer` for main-actor tests: the view models live on the main actor, the server
/// does not. Answers what `body` answers.
@discardableResult
func withServer<Answer: Sendable>(_ body: @escaping @MainActor @Sendable (LiveServer) async throws -> Answer) async throws -> Answer {
    var answer: Answer?
    try await withLiveServer { server in answer = try await body(server) }
    guard let answer else { throw LiveServerError.noPort }
    return answer
}

/// Sends every request for real after a pause, so a test can look at a screen mid-call.
struct DelayingTransport: HTTPTransport {
    let delay: Duration

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        try await Task.sleep(for: delay)
        return try await URLSessionTransport().send(request)
    }
}
