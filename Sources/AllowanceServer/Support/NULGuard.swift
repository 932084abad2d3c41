import AllowanceAPI
import NIOCore
import Vapor

/// PostgreSQL cannot store U+0000 in text, so no text the server reads may hold it: a body or
/// query with one is refused 400 as it is read, whatever the field, instead of failing in the
/// database with a 500 (as schemathesis found). `/openapi.json` says so in its description.
enum NULGuard {
    static let refusal = AppError.validation("Text may not contain the NUL character (U+0000)")

    /// Whether JSON text holds an escaped NUL (`\u0000`); after an escaped backslash
    /// (`\\u0000`) it is six plain characters.
    static func jsonHasNUL(_ bytes: ByteBufferView) -> Bool {
        let escape: [UInt8] = Array(#"\u0000"#.utf8)
        let text = Array(bytes)
        guard text.count >= escape.count else { return false }
        for start in 0...(text.count - escape.count) where text[start..<start + escape.count].elementsEqual(escape) {
            var backslashes = 0
            while start - backslashes - 1 >= 0, text[start - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
            if backslashes % 2 == 0 { return true }
        }
        return false
    }

    /// Whether a form body holds `%00`.
    static func formHasNUL(_ bytes: ByteBufferView) -> Bool {
        let escape: [UInt8] = Array("%00".utf8)
        let text = Array(bytes)
        guard text.count >= escape.count else { return false }
        return (0...(text.count - escape.count)).contains { text[$0..<$0 + escape.count].elementsEqual(escape) }
    }
}

/// The content decoders, each refusing a NUL before it decodes.
struct NULRefusingDecoder: ContentDecoder {
    let base: any ContentDecoder
    let hasNUL: @Sendable (ByteBufferView) -> Bool

    static let json = NULRefusingDecoder(base: JSONDecoder.api, hasNUL: NULGuard.jsonHasNUL)
    static let form = NULRefusingDecoder(base: URLEncodedFormDecoder(), hasNUL: NULGuard.formHasNUL)

    func decode<D: Decodable>(_ decodable: D.Type, from body: ByteBuffer, headers: HTTPHeaders) throws -> D {
        try decode(D.self, from: body, headers: headers, userInfo: [:])
    }

    func decode<D: Decodable>(
        _ decodable: D.Type, from body: ByteBuffer, headers: HTTPHeaders, userInfo: [CodingUserInfoKey: Sendable]
    ) throws -> D {
        if hasNUL(body.readableBytesView) { throw NULGuard.refusal }
        return try base.decode(D.self, from: body, headers: headers, userInfo: userInfo)
    }
}
