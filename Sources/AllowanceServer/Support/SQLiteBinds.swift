import Foundation
import SQLiteKit
import SQLiteNIO

/// A statement's bound values as SQLite gets them, converted as SQLite's driver converts them
/// (`SQLiteDataConvertible`) but by the values' own types: the driver's encoder asks each value
/// for its conformance to that protocol, a lookup in the runtime's tables, and a 10,000-child
/// payday binds about 200,000 values. Ids are written by hand: the driver stores a `UUID` as its
/// `uuidString`, which Foundation formats with `snprintf` (with about ten ids bound per child,
/// that was an eighth of such a payday's CPU). Any other value (an enum's raw value, a nil) goes
/// through the driver's encoder.
enum SQLiteBinds {
    static func values(_ binds: [any Encodable & Sendable]) throws -> [SQLiteData] {
        var encoder: SQLiteDataEncoder?
        return try binds.map { bind in
            // A cast to a concrete type compares the value's type and unwraps an optional's value.
            switch bind {
            case let id as UUID: return .text(id.upperHex)
            case let text as String: return .text(text)
            case let number as Int64: return .integer(Int(number))
            case let date as Date: return .float(date.timeIntervalSince1970)
            case let number as Int: return .integer(number)
            case let flag as Bool: return .integer(flag ? 1 : 0)
            case let number as Double: return .float(number)
            default:
                if encoder == nil { encoder = SQLiteDataEncoder() }
                return try encoder!.encode(bind)
            }
        }
    }
}
