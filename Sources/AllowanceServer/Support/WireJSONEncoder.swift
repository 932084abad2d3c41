import AllowanceAPI
import Foundation
import Vapor

/// The API's JSON answers, written straight into the response's bytes: the text
/// `JSONEncoder.api` writes, value for value (`WireJSONEncoderTests` compares the two over
/// every sample of the API and over hand-picked strings and numbers), an object's members in
/// the order its type encodes them, where Foundation's follow its hashing. Foundation's encoder
/// builds a tree of boxed values, asking each value's type what it is by casting, then writes
/// the tree out: that was a quarter of the CPU of a transaction list made afresh, and this
/// takes about two fifths of its time.
///
/// Each value is written as it is encoded, so a container is closed once a container outside
/// it is written to again, or its value is done. A value that goes back to a container it has
/// left, or asks for a super-encoder, cannot be written that way; it is encoded again by
/// `JSONEncoder.api` (no answer of the API's does either). Coding paths are not kept: no
/// answer's type reads them.
struct WireJSONEncoder: ContentEncoder {
    func encode<E: Encodable>(_ encodable: E, to body: inout ByteBuffer, headers: inout HTTPHeaders) throws {
        headers.contentType = .json
        body.writeBytes(try Self.bytes(encodable))
    }

    func encode<E: Encodable>(
        _ encodable: E, to body: inout ByteBuffer, headers: inout HTTPHeaders, userInfo: [CodingUserInfoKey: any Sendable]
    ) throws {
        guard userInfo.isEmpty else { return try JSONEncoder.api.encode(encodable, to: &body, headers: &headers, userInfo: userInfo) }
        try encode(encodable, to: &body, headers: &headers)
    }

    /// `value` as `JSONEncoder.api` writes it.
    static func bytes<E: Encodable>(_ value: E) throws -> [UInt8] {
        let stream = JSONStream()
        try stream.write(value)
        guard !stream.unstreamable else { return Array(try JSONEncoder.api.encode(value)) }
        return stream.bytes
    }
}

/// The bytes written so far, and the containers still open (innermost last).
private final class JSONStream {
    // Unchecked: one value's encoding touches these a few hundred times, each access checked at
    // run time otherwise, and only this stream's own methods touch them, one at a time.
    @exclusivity(unchecked) var bytes: [UInt8] = []
    @exclusivity(unchecked) private var open: [(id: Int, close: UInt8, hasMember: Bool)] = []
    private var lastID = 0
    /// Set when a value used its encoder in a way this stream cannot follow.
    var unstreamable = false

    init() { bytes.reserveCapacity(1024) }

    var depth: Int { open.count }

    /// Writes `value` at the current position: the types Foundation writes its own way (dates
    /// by the wire's form, data as base64, URLs and decimals as text, ids as `uuidString`
    /// written by hand), then everything else by its `encode(to:)`. The type is compared, not
    /// cast to: a cast per value was much of Foundation's time.
    func write<T: Encodable>(_ value: T) throws {
        if T.self == Date.self {
            writeString(ISO8601Wire.text(value as! Date))
        } else if T.self == Decimal.self {
            writeASCII((value as! Decimal).description)
        } else if T.self == URL.self {
            writeString((value as! URL).absoluteString)
        } else if T.self == Data.self {
            writeString((value as! Data).base64EncodedString())
        } else if T.self == UUID.self {
            // Its `uuidString` as `encode(to:)` writes it, without Foundation's `snprintf`.
            writeASCII("\"" + (value as! UUID).upperHex + "\"")
        } else {
            let encoder = StreamEncoder(stream: self, depth: depth)
            try value.encode(to: encoder)
            encoder.finish()
        }
    }

    /// Opens an object or array; its id names it to `member(of:)` and `close(_:)`.
    func openContainer(_ opening: UInt8, _ closing: UInt8) -> Int {
        bytes.append(opening)
        lastID += 1
        open.append((lastID, closing, false))
        return lastID
    }

    /// Gets container `id` ready for its next member: closes the containers opened inside it,
    /// then writes the comma. False (and the stream unstreamable) if it was closed already.
    func member(of id: Int) -> Bool {
        guard let index = open.lastIndex(where: { $0.id == id }) else {
            unstreamable = true
            return false
        }
        closeAll(above: index + 1)
        if open[index].hasMember { bytes.append(UInt8(ascii: ",")) }
        open[index].hasMember = true
        return true
    }

    /// Closes the containers opened at or after `depth`.
    func closeAll(above depth: Int) {
        while open.count > depth { bytes.append(open.removeLast().close) }
    }

    /// Closes container `id` and those inside it, if still open.
    func close(_ id: Int) {
        guard let index = open.lastIndex(where: { $0.id == id }) else { return }
        closeAll(above: index)
    }

    func writeKey(_ key: some CodingKey) {
        writeString(key.stringValue)
        bytes.append(UInt8(ascii: ":"))
    }

    func writeASCII(_ text: String) { bytes.append(contentsOf: text.utf8) }

    func writeInteger(_ value: some BinaryInteger) { writeASCII(String(value)) }

    /// As Foundation writes a float: its shortest description, without a trailing ".0".
    func writeFloat<F: BinaryFloatingPoint & CustomStringConvertible>(_ value: F) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "Unable to encode \(value) directly in JSON."))
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        writeASCII(text)
    }

    /// A string in quotes, escaped as Foundation escapes it: quote, backslash and slash, and
    /// the control characters (`\b \t \n \f \r` by name, the rest as `\u00XX`). Most strings
    /// need no escape and are copied whole; the rest are escaped into a buffer of their own.
    func writeString(_ text: String) {
        let utf8 = text.utf8
        let plain =
            utf8.withContiguousStorageIfAvailable { !$0.contains(where: Self.needsEscape) } ?? !utf8.contains(where: Self.needsEscape)
        guard !plain else {
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: utf8)
            bytes.append(UInt8(ascii: "\""))
            return
        }
        var escaped: [UInt8] = [UInt8(ascii: "\"")]
        for byte in utf8 {
            guard Self.needsEscape(byte) else {
                escaped.append(byte)
                continue
            }
            escaped.append(UInt8(ascii: "\\"))
            switch byte {
            case 0x08: escaped.append(UInt8(ascii: "b"))
            case 0x09: escaped.append(UInt8(ascii: "t"))
            case 0x0A: escaped.append(UInt8(ascii: "n"))
            case 0x0C: escaped.append(UInt8(ascii: "f"))
            case 0x0D: escaped.append(UInt8(ascii: "r"))
            case 0..<0x20: escaped.append(contentsOf: Array("u00".utf8) + [Self.hex[Int(byte >> 4)], Self.hex[Int(byte & 0xF)]])
            default: escaped.append(byte)
            }
        }
        escaped.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: escaped)
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "/")
    }

    private static let hex = Array("0123456789abcdef".utf8)
}

/// The encoder a value's `encode(to:)` is handed: one value at the stream's `depth`.
private final class StreamEncoder: Encoder {
    let stream: JSONStream
    let depth: Int
    /// The container this value opened, or whether it wrote a single value.
    private var container: (id: Int, keyed: Bool)?
    private var wroteValue = false

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(stream: JSONStream, depth: Int) {
        self.stream = stream
        self.depth = depth
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedStream<Key>(stream: stream, id: open(keyed: true)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { UnkeyedStream(stream: stream, id: open(keyed: false)) }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    /// The container for this value: opened once, then the same one again (as Foundation merges
    /// a second request for it).
    private func open(keyed: Bool) -> Int {
        if let container, container.keyed == keyed { return container.id }
        if container != nil || wroteValue { stream.unstreamable = true }
        stream.closeAll(above: depth)
        let id =
            keyed ? stream.openContainer(UInt8(ascii: "{"), UInt8(ascii: "}")) : stream.openContainer(UInt8(ascii: "["), UInt8(ascii: "]"))
        container = (id, keyed)
        return id
    }

    /// The value is done: its container closes; a value that wrote nothing is an empty object, as
    /// Foundation writes it.
    func finish() {
        if let container {
            stream.close(container.id)
        } else if !wroteValue {
            stream.writeASCII("{}")
        }
    }

    /// Before a single value is written.
    fileprivate func startValue() {
        if wroteValue || container != nil { stream.unstreamable = true }
        wroteValue = true
        stream.closeAll(above: depth)
    }
}

extension StreamEncoder: SingleValueEncodingContainer {
    func encodeNil() throws {
        startValue()
        stream.writeASCII("null")
    }
    func encode(_ value: Bool) throws {
        startValue()
        stream.writeASCII(value ? "true" : "false")
    }
    func encode(_ value: String) throws {
        startValue()
        stream.writeString(value)
    }
    func encode(_ value: Double) throws {
        startValue()
        try stream.writeFloat(value)
    }
    func encode(_ value: Float) throws {
        startValue()
        try stream.writeFloat(value)
    }
    func encode(_ value: Int) throws {
        startValue()
        stream.writeInteger(value)
    }
    func encode(_ value: Int8) throws {
        startValue()
        stream.writeInteger(value)
    }
    func encode(_ value: Int16) throws {
        startValue()
        stream.writeInteger(value)
    }
    func encode(_ value: Int32) throws {
        startValue()
        stream.writeInteger(value)
    }
    func encode(_ value: Int64) throws {
        startValue()
        stream.writeInteger(value)
    }
    func encode(_ value: UInt) throws {
        startValue()
        stream.writeInteger(value)
    }
    func encode(_ value: UInt8) throws {
        startValue()
        stream.writeInteger(value)
    }
    func encode(_ value: UInt16) throws {
        startValue()
        stream.writeInteger(value)
    }
    func encode(_ value: UInt32) throws {
        startValue()
        stream.writeInteger(value)
    }
    func encode(_ value: UInt64) throws {
        startValue()
        stream.writeInteger(value)
    }
    func encode<T: Encodable>(_ value: T) throws {
        startValue()
        try stream.write(value)
    }
}

/// An object: each member's key, then its value.
private struct KeyedStream<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let stream: JSONStream
    let id: Int
    var codingPath: [any CodingKey] { [] }

    /// Readies the next member; a container already left is not written to.
    private func key(_ key: Key) -> Bool {
        guard stream.member(of: id) else { return false }
        stream.writeKey(key)
        return true
    }

    mutating func encodeNil(forKey key: Key) throws { if self.key(key) { stream.writeASCII("null") } }
    mutating func encode(_ value: Bool, forKey key: Key) throws { if self.key(key) { stream.writeASCII(value ? "true" : "false") } }
    mutating func encode(_ value: String, forKey key: Key) throws { if self.key(key) { stream.writeString(value) } }
    mutating func encode(_ value: Double, forKey key: Key) throws { if self.key(key) { try stream.writeFloat(value) } }
    mutating func encode(_ value: Float, forKey key: Key) throws { if self.key(key) { try stream.writeFloat(value) } }
    mutating func encode(_ value: Int, forKey key: Key) throws { if self.key(key) { stream.writeInteger(value) } }
    mutating func encode(_ value: Int8, forKey key: Key) throws { if self.key(key) { stream.writeInteger(value) } }
    mutating func encode(_ value: Int16, forKey key: Key) throws { if self.key(key) { stream.writeInteger(value) } }
    mutating func encode(_ value: Int32, forKey key: Key) throws { if self.key(key) { stream.writeInteger(value) } }
    mutating func encode(_ value: Int64, forKey key: Key) throws { if self.key(key) { stream.writeInteger(value) } }
    mutating func encode(_ value: UInt, forKey key: Key) throws { if self.key(key) { stream.writeInteger(value) } }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { if self.key(key) { stream.writeInteger(value) } }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { if self.key(key) { stream.writeInteger(value) } }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { if self.key(key) { stream.writeInteger(value) } }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { if self.key(key) { stream.writeInteger(value) } }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { if self.key(key) { try stream.write(value) } }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<
        NestedKey
    > {
        _ = self.key(key)
        return KeyedEncodingContainer(
            KeyedStream<NestedKey>(stream: stream, id: stream.openContainer(UInt8(ascii: "{"), UInt8(ascii: "}"))))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        _ = self.key(key)
        return UnkeyedStream(stream: stream, id: stream.openContainer(UInt8(ascii: "["), UInt8(ascii: "]")))
    }

    mutating func superEncoder() -> any Encoder { unstreamable() }
    mutating func superEncoder(forKey key: Key) -> any Encoder { unstreamable() }

    private func unstreamable() -> any Encoder {
        stream.unstreamable = true
        return StreamEncoder(stream: stream, depth: stream.depth)
    }
}

/// An array: its elements in order.
private struct UnkeyedStream: UnkeyedEncodingContainer {
    let stream: JSONStream
    let id: Int
    var codingPath: [any CodingKey] { [] }
    private(set) var count = 0

    init(stream: JSONStream, id: Int) {
        self.stream = stream
        self.id = id
    }

    /// Readies the next element; a container already left is not written to.
    private mutating func element() -> Bool {
        count += 1
        return stream.member(of: id)
    }

    mutating func encodeNil() throws { if element() { stream.writeASCII("null") } }
    mutating func encode(_ value: Bool) throws { if element() { stream.writeASCII(value ? "true" : "false") } }
    mutating func encode(_ value: String) throws { if element() { stream.writeString(value) } }
    mutating func encode(_ value: Double) throws { if element() { try stream.writeFloat(value) } }
    mutating func encode(_ value: Float) throws { if element() { try stream.writeFloat(value) } }
    mutating func encode(_ value: Int) throws { if element() { stream.writeInteger(value) } }
    mutating func encode(_ value: Int8) throws { if element() { stream.writeInteger(value) } }
    mutating func encode(_ value: Int16) throws { if element() { stream.writeInteger(value) } }
    mutating func encode(_ value: Int32) throws { if element() { stream.writeInteger(value) } }
    mutating func encode(_ value: Int64) throws { if element() { stream.writeInteger(value) } }
    mutating func encode(_ value: UInt) throws { if element() { stream.writeInteger(value) } }
    mutating func encode(_ value: UInt8) throws { if element() { stream.writeInteger(value) } }
    mutating func encode(_ value: UInt16) throws { if element() { stream.writeInteger(value) } }
    mutating func encode(_ value: UInt32) throws { if element() { stream.writeInteger(value) } }
    mutating func encode(_ value: UInt64) throws { if element() { stream.writeInteger(value) } }
    mutating func encode<T: Encodable>(_ value: T) throws { if element() { try stream.write(value) } }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        _ = element()
        return KeyedEncodingContainer(
            KeyedStream<NestedKey>(stream: stream, id: stream.openContainer(UInt8(ascii: "{"), UInt8(ascii: "}"))))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        _ = element()
        return UnkeyedStream(stream: stream, id: stream.openContainer(UInt8(ascii: "["), UInt8(ascii: "]")))
    }

    mutating func superEncoder() -> any Encoder {
        stream.unstreamable = true
        return StreamEncoder(stream: stream, depth: stream.depth)
    }
}
