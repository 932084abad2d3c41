import Foundation
import SQLiteKit
import SQLiteNIO

/// A statement's bound values as SQLite gets them: what `SQLiteDataEncoder` makes, with ids
/// written by hand. SQLite's driver stores a `UUID` as its `uuidString`, which Foundation
/// formats with `snprintf`, through `Encodable`; with about ten ids bound per child, that was an
/// eighth of a 10,000-child payday's CPU. Every other value goes through the driver's encoder.
enum SQLiteBinds {
    static func values(_ binds: [any Encodable & Sendable]) throws -> [SQLiteData] {
        let encoder = SQLiteDataEncoder()
        return try binds.map { bind in
            if let id = bind as? UUID { return .text(id.upperHex) }
            return try encoder.encode(bind)
        }
    }
}

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
