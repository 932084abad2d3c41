import Testing
import Vapor

@testable import AllowanceServer

/// The server reads a request's cookies with its own parser (`Request.sentCookies`), which
/// must read every well-formed header the way Vapor's does.
@Suite struct RequestCookiesTests {
    static let headers = [
        "at_session=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln; at_csrf=\(String(repeating: "ab", count: 32))",
        "at_session=abc;at_csrf=second",
        "flash=\"Added $5.00 to Kai\"; empty=",
        "padded=YWJj==; twice=first; twice=second",
    ]

    @Test(arguments: headers) func aCookieHeaderReadsAsVaporReadsIt(_ header: String) throws {
        var ours = HTTPCookies()
        Request.parseCookies(header, into: &ours)
        let vapors = try #require(HTTPHeaders([("Cookie", header)]).cookie)
        #expect(Set(ours.all.keys) == Set(vapors.all.keys))
        for (name, value) in vapors.all { #expect(ours[name]?.string == value.string, "\(name) in \(header)") }
    }

    /// Where Vapor's parser keeps a cookie named "" or drops a pair with spaces around its
    /// `=`, this one trims the spaces and skips the nameless.
    @Test func aMalformedPairIsTrimmedOrSkipped() {
        var cookies = HTTPCookies()
        Request.parseCookies("  at_session = spaced ;=nameless; novalue", into: &cookies)
        #expect(cookies.all.mapValues(\.string) == [WebSession.cookieName: "spaced"])
    }

    @Test func theSessionAndCSRFCookiesAreFound() {
        var cookies = HTTPCookies()
        Request.parseCookies(Self.headers[0], into: &cookies)
        #expect(cookies[WebSession.cookieName]?.string == "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln")
        #expect(cookies[CSRFMiddleware.cookieName]?.string.count == 64)
    }
}
