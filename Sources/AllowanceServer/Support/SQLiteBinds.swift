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
