import AllowanceAPI
import Foundation

/// One call as the client sends it: method, path under the server, query, JSON body and,
/// for a money move, its `Idempotency-Key`.
struct APIRequest: Sendable {
    enum Method: String, Sendable {
        case get = "GET"
        case post = "POST"
        case put = "PUT"
        case patch = "PATCH"
        case delete = "DELETE"
    }

    var method: Method
    var path: String
    var query: [URLQueryItem] = []
    var body: Data?
    var idempotencyKey: String?
    var authenticated = true

    init(_ method: Method, _ path: String, query: [URLQueryItem] = [], idempotencyKey: String? = nil, authenticated: Bool = true) {
        self.method = method
        self.path = path
        self.query = query
        self.idempotencyKey = idempotencyKey
        self.authenticated = authenticated
    }

    init(
        _ method: Method, _ path: String, json: some Encodable, idempotencyKey: String? = nil, authenticated: Bool = true
    ) throws {
        self.init(method, path, idempotencyKey: idempotencyKey, authenticated: authenticated)
        body = try JSONEncoder.api.encode(json)
    }

    /// Safe to send again when no answer came: reads, PUT and DELETE by their nature, and a
    /// POST only with an `Idempotency-Key` (the server answers a repeat with the first answer).
    var isRetrySafe: Bool { method != .post && method != .patch || idempotencyKey != nil }
}

/// Query items from optional values: a nil leaves its parameter out.
func queryItems(_ pairs: KeyValuePairs<String, String?>) -> [URLQueryItem] {
    pairs.compactMap { name, value in value.map { URLQueryItem(name: name, value: $0) } }
}

extension Date {
    /// The wire form for query strings, as JSON bodies carry it.
    var wireText: String { formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)) }
}
