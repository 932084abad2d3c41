import Vapor

extension Request {
    private struct URLPathKey: StorageKey { typealias Value = String }

    /// `url.path`, worked out once per request. Vapor's `URI` builds it again from
    /// `URLComponents` at each call, with a string replacement, and the middlewares each ask
    /// (together about a twentieth of a kept read's CPU).
    var urlPath: String {
        if let path = storage[URLPathKey.self] { return path }
        let path = url.path
        storage[URLPathKey.self] = path
        return path
    }

    /// The path and the query, as the request asked for them.
    var urlPathAndQuery: String { urlPath + (url.query.map { "?" + $0 } ?? "") }
}
