import Foundation

/// Ids as text: SQLite stores them so (`SQLiteBinds`) and JSON answers carry them so
/// (`WireJSONEncoder`).
extension UUID {
    /// `uuidString` (upper-case hex in 8-4-4-4-12 groups), without `snprintf`.
    var upperHex: String {
        withUnsafeBytes(of: uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { text in
                var at = 0
                for (index, byte) in bytes.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        text[at] = UInt8(ascii: "-")
                        at += 1
                    }
                    text[at] = Self.hexDigits[Int(byte >> 4)]
                    text[at + 1] = Self.hexDigits[Int(byte & 0x0F)]
                    at += 2
                }
                return at
            }
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)
}
