import AllowanceAPI
import AllowanceCore
import Foundation
import Testing

@testable import AllowanceServer

/// The server's answers are written by `WireJSONEncoder`; clients, the CLI and the spec's
/// examples know `JSONEncoder.api`'s. These tests hold the two to the same text, value by
/// value: every string, number and literal byte for byte. Only the order of an object's
/// members may differ: Foundation's follows its dictionary's hashing, which changes from
/// run to run; the wire's follows the type's declaration.
@Suite struct WireJSONEncoderTests {
    private func expectSameBytes<T: Encodable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = String(decoding: try JSONEncoder.api.encode(value), as: UTF8.self)
        let written = String(decoding: try WireJSONEncoder.bytes(value), as: UTF8.self)
        #expect(Self.membersSorted(written) == Self.membersSorted(expected), sourceLocation: sourceLocation)
        #expect(written.utf8.count == expected.utf8.count, sourceLocation: sourceLocation)
    }

    /// `json` with each object's members in the order of their keys' text; every other token
    /// as written.
    static func membersSorted(_ json: String) -> String {
        var rest = Substring(json)
        return value(&rest)
    }

    private static func value(_ text: inout Substring) -> String {
        switch text.first {
        case "{":
            text.removeFirst()
            var members: [String] = []
            while let next = text.first, next != "}" {
                if next == "," { text.removeFirst() }
                let key = string(&text)
                text.removeFirst()  // ":"
                members.append(key + ":" + value(&text))
            }
            text.removeFirst()
            return "{" + members.sorted().joined(separator: ",") + "}"
        case "[":
            text.removeFirst()
            var elements: [String] = []
            while let next = text.first, next != "]" {
                if next == "," { text.removeFirst() }
                elements.append(value(&text))
            }
            text.removeFirst()
            return "[" + elements.joined(separator: ",") + "]"
        case "\"":
            return string(&text)
        default:
            let literal = text.prefix { !",]}".contains($0) }
            text.removeFirst(literal.count)
            return String(literal)
        }
    }

    /// A string token as written, escapes and all.
    private static func string(_ text: inout Substring) -> String {
        var token = String(text.removeFirst())
        while let character = text.first {
            text.removeFirst()
            token.append(character)
            if character == "\\" {
                token.append(text.removeFirst())
            } else if character == "\"" {
                break
            }
        }
        return token
    }

    private func sampleBytes<T: APISample>(_ type: T.Type) throws {
        try expectSameBytes(type.sample)
        try expectSameBytes([type.sample, type.sample])
    }

    @Test func everyRequestAndAnswerOfTheAPIIsWrittenAsFoundationWritesIt() throws {
        var types = 0
        for endpoint in APIEndpoints.all {
            for type in [endpoint.request, endpoint.response].compactMap({ $0 }) {
                try sampleBytes(type)
                types += 1
            }
        }
        #expect(types > 100)
    }

    @Test func stringsAreEscapedAsFoundationEscapesThem() throws {
        let controls = String((0..<32).map { Character(Unicode.Scalar($0)!) })
        try expectSameBytes([controls, "\"quoted\" \\ back/slash", "é 😀 \u{7f} \u{2028} 👩‍👩‍👧", "", "</script>"])
        try expectSameBytes(["key \"with\" / and \n": 1])
    }

    @Test func numbersAreWrittenAsFoundationWritesThem() throws {
        try expectSameBytes([
            100.0, 105.5, 0.1, 0.00001, 1e16, 1e21, 123_456_789.12, -0.0, 0.3, 2.675, 1 / 3.0, -42.25, .leastNonzeroMagnitude,
        ])
        try expectSameBytes([Float(1.1), Float(100), Float(-0.5)])
        try expectSameBytes([Int64.min, Int64.max, 0, -1])
        try expectSameBytes([UInt64.max, 0])
        try expectSameBytes([Decimal(string: "12345678901234567.89")!, Decimal(0), Decimal(string: "-1.5")!])
        // Money on the wire, cent by cent through its range, and beyond a double's exact range.
        let cents: [Int64] = Array(stride(from: -100_000, through: 100_000, by: 7)) + [9_007_199_254_740_993, -9_007_199_254_740_993]
        try expectSameBytes(cents.map { Money(cents: $0) })
        #expect(throws: EncodingError.self) { try WireJSONEncoder.bytes([Double.nan]) }
        #expect(throws: EncodingError.self) { try WireJSONEncoder.bytes(Double.infinity) }
    }

    @Test func datesOptionalsAndNestingAreWrittenAsFoundationWritesThem() throws {
        struct Inner: Codable { let at: Date?, tags: [String], nothing: Int? }
        struct Outer: Codable { let id: UUID, inner: Inner?, list: [Inner], empty: [Int], map: [String: Int], data: Data, url: URL }
        let now = Date(timeIntervalSince1970: 1_795_000_000.123)
        let value = Outer(
            id: UUID(), inner: Inner(at: now, tags: ["a", "b"], nothing: nil), list: [Inner(at: nil, tags: [], nothing: 3)], empty: [],
            map: ["one": 1, "two": 2, "three": 3], data: Data([1, 2, 3, 255]), url: URL(string: "https://example.com/a b?c=d")!)
        try expectSameBytes(value)
        try expectSameBytes(Optional<Int>.none)
        try expectSameBytes(now)
        try expectSameBytes(JSONValue.object(["a": .array([.null, .bool(true), .number(1.5), .string("x")]), "b": .object([:])]))
    }

    /// A value that goes back to a container it has left cannot be written as it goes; it is
    /// encoded by Foundation instead, so its bytes are still right.
    @Test func aValueThatCannotBeStreamedIsStillWrittenRight() throws {
        struct Tangled: Encodable {
            enum Keys: CodingKey { case first, second, after }
            func encode(to encoder: any Encoder) throws {
                var outer = encoder.container(keyedBy: Keys.self)
                var first = outer.nestedContainer(keyedBy: Keys.self, forKey: .first)
                var second = outer.nestedUnkeyedContainer(forKey: .second)
                try second.encode(1)
                try first.encode("late", forKey: .after)
                try outer.encode(true, forKey: .after)
            }
        }
        struct Merged: Encodable {
            enum Keys: CodingKey { case a, b }
            func encode(to encoder: any Encoder) throws {
                var one = encoder.container(keyedBy: Keys.self)
                try one.encode(1, forKey: .a)
                var two = encoder.container(keyedBy: Keys.self)
                try two.encode(2, forKey: .b)
            }
        }
        try expectSameBytes(Tangled())
        try expectSameBytes([Merged(), Merged()])
    }
}
