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
    /// quotes without them; a later pair of the same name wins, as in Vapor's parser. Read as
    /// bytes: Foundation's trimming, bridged through `NSString`, cost more than Vapor's parser.
    static func parseCookies(_ header: String, into cookies: inout HTTPCookies) {
        let bytes = Array(header.utf8)
        func trimmed(_ range: Range<Int>) -> Range<Int> {
            var (start, end) = (range.lowerBound, range.upperBound)
            while start < end, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") { start += 1 }
            while end > start, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
            return start..<end
        }
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: ";")) ?? bytes.count
            defer { start = end + 1 }
            guard let equals = bytes[start..<end].firstIndex(of: UInt8(ascii: "=")) else { continue }
            let name = trimmed(start..<equals)
            var value = trimmed((equals + 1)..<end)
            if value.count >= 2, bytes[value.lowerBound] == UInt8(ascii: "\""), bytes[value.upperBound - 1] == UInt8(ascii: "\"") {
                value = (value.lowerBound + 1)..<(value.upperBound - 1)
            }
            guard !name.isEmpty else { continue }
            cookies[String(decoding: bytes[name], as: UTF8.self)] = HTTPCookies.Value(string: String(decoding: bytes[value], as: UTF8.self))
        }
    }
}
