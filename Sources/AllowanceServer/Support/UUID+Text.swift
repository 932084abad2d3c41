import Foundation

/// Ids as text: SQLite stores them so (`SQLiteBinds`), JSON answers carry them so
/// (`WireJSONEncoder`), and paths and tokens name them so.
extension UUID {
    /// `UUID(uuidString:)` (8-4-4-4-12 hex digits, in either case), read by hand: Foundation
    /// parses with `sscanf`, which also skips blanks before a group of digits, so it took
    /// " 1E10B07-..." for an id. Read from the string's bytes in place, a pair of digits at a time.
    init?(hexText: String) {
        var text = hexText
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let parsed = text.withUTF8 { text in
            let dash = UInt8(ascii: "-")
            guard text.count == 36, text[8] == dash, text[13] == dash, text[18] == dash, text[23] == dash else { return false }
            return withUnsafeMutableBytes(of: &uuid) { bytes in
                var offset = 0
                for index in bytes.indices {
                    if offset == 8 || offset == 13 || offset == 18 || offset == 23 { offset += 1 }
                    guard let high = Self.nibble(text[offset]), let low = Self.nibble(text[offset + 1]) else { return false }
                    bytes[index] = high << 4 | low
                    offset += 2
                }
                return true
            }
        }
        guard parsed else { return nil }
        self.init(uuid: uuid)
    }

    private static func nibble(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// `uuidString` (upper-case hex in 8-4-4-4-12 groups), without `snprintf`.
    var upperHex: String { hex(Self.upperDigits) }

    /// `uuidString.lowercased()`, without `snprintf`: request ids.
    var lowerHex: String { hex(Self.lowerDigits) }

    private func hex(_ digits: [UInt8]) -> String {
        withUnsafeBytes(of: uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { text in
                var at = 0
                for (index, byte) in bytes.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        text[at] = UInt8(ascii: "-")
                        at += 1
                    }
                    text[at] = digits[Int(byte >> 4)]
                    text[at + 1] = digits[Int(byte & 0x0F)]
                    at += 2
                }
                return at
            }
        }
    }

    private static let upperDigits = Array("0123456789ABCDEF".utf8)
    private static let lowerDigits = Array("0123456789abcdef".utf8)
}
