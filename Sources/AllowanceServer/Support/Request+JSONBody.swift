import Vapor

extension Request {
    /// `content.decode(C.self)` for an API body. One sent as JSON (`Content-Type:
    /// application/json`, with or without parameters) is read with the JSON decoder configured
    /// for it (`NULRefusingDecoder.json`) straight away: Vapor's way parses the header into a
    /// media type and looks its decoder up among the configured ones, case-insensitively, which
    /// was about a twenty-fifth of a posting's CPU. Any other body, or none, goes Vapor's way,
    /// which answers it as before (another decoder, or the refusal).
    func decodeJSON<D: Decodable>(_: D.Type) throws -> D {
        guard let body = jsonBody else { return try content.decode(D.self) }
        return try NULRefusingDecoder.json.decode(D.self, from: body, headers: headers)
    }

    /// `decodeJSON` for a `Content` type, which is then given its `afterDecode`, as Vapor gives it.
    func decodeJSON<C: Content>(_: C.Type) throws -> C {
        guard let body = jsonBody else { return try content.decode(C.self) }
        var decoded = try NULRefusingDecoder.json.decode(C.self, from: body, headers: headers)
        try decoded.afterDecode()
        return decoded
    }

    /// The body, when it is there and sent as JSON.
    private var jsonBody: ByteBuffer? {
        guard let type = headers.first(name: .contentType), Self.isJSON(type) else { return nil }
        return body.data
    }

    /// Whether a `Content-Type` names `application/json` (in any case), alone or with parameters.
    static func isJSON(_ contentType: String) -> Bool {
        let json = "application/json".utf8
        let sent = contentType.utf8
        let lowercased = { (byte: UInt8) in (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte }
        guard sent.count >= json.count, zip(sent, json).allSatisfy({ lowercased($0) == $1 }) else { return false }
        let rest = sent.dropFirst(json.count)
        return rest.first.map { $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: " ") } ?? true
    }
}
