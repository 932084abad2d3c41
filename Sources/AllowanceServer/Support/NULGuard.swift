import AllowanceAPI
import NIOCore
import Vapor

/// PostgreSQL cannot store U+0000 in text, so no text the server reads may hold it: a body or
/// query with one is refused 400 as it is read, whatever the field, instead of failing in the
/// database with a 500 (found by sending it what schemathesis generates). `/openapi.json` says so.
enum NULGuard {
    static let refusal = AppError.validation("Text may not contain the NUL character (U+0000)")

    /// Whether JSON text holds an escaped NUL (`\u0000`); after an escaped backslash
    /// (`\\u0000`) it is six plain characters.
    static func jsonHasNUL(_ bytes: ByteBufferView) -> Bool {
        let text = Array(bytes)
        return starts(of: #"\u0000"#, in: text).contains { start in
            let backslashes = text[..<start].reversed().prefix { $0 == UInt8(ascii: "\\") }.count
            return backslashes.isMultiple(of: 2)
        }
    }

    /// Whether a form body holds `%00`.
    static func formHasNUL(_ bytes: ByteBufferView) -> Bool { !starts(of: "%00", in: Array(bytes)).isEmpty }

    private static func starts(of escape: String, in text: [UInt8]) -> [Int] {
        let escape = Array(escape.utf8)
        guard text.count >= escape.count else { return [] }
        return (0...(text.count - escape.count)).filter { text[$0..<$0 + escape.count].elementsEqual(escape) }
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
