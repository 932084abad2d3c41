import Vapor

extension Request {
    private struct SentCookiesKey: StorageKey { typealias Value = HTTPCookies }

    /// The cookies the request carries, parsed once. Vapor's `cookies` parses the whole
    /// `Cookie` header again at each call, the session's token character by character, and a
    /// page's middlewares each ask (together a quarter of a kept page's CPU).
    var sentCookies: HTTPCookies {
        if let cookies = storage[SentCookiesKey.self] { return cookies }
        let cookies = headers.cookie ?? HTTPCookies()
        storage[SentCookiesKey.self] = cookies
        return cookies
    }
}
