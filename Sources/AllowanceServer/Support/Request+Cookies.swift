import Vapor

extension Request {
    private struct SentCookiesKey: StorageKey { typealias Value = HTTPCookies }

    /// The cookies the request carries, parsed once. Vapor's `cookies` parses the whole
    /// `Cookie` header again at each call, with a general directive parser that unescapes the
    /// session's token character by character: once was a tenth of a kept page's CPU, and a
    /// page's middlewares each asked (together a quarter).
    var sentCookies: HTTPCookies {
        if let cookies = storage[SentCookiesKey.self] { return cookies }
        var cookies = HTTPCookies()
        for header in headers[.cookie] { Self.parseCookies(header, into: &cookies) }
        storage[SentCookiesKey.self] = cookies
        return cookies
    }

    /// `name=value` pairs separated by semicolons (RFC 6265 section 4.2.1), a value in double
    /// quotes without them; a later pair of the same name wins, as in Vapor's parser.
    static func parseCookies(_ header: String, into cookies: inout HTTPCookies) {
        for pair in header.split(separator: ";") {
            guard let equals = pair.firstIndex(of: "=") else { continue }
            let name = pair[..<equals].trimmingCharacters(in: .whitespaces)
            var value = pair[pair.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            guard !name.isEmpty else { continue }
            cookies[name] = HTTPCookies.Value(string: value)
        }
    }
}
