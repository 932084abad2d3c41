import Foundation
import PostgresKit
import SQLKit

/// A row of a prepared statement (`PostgresPreparedDatabase`) as SQLKit reads it: the plain
/// columns (text, integers, booleans, ids, times, and NULL for each) decoded straight from
/// their cells.
///
/// PostgresKit's row decodes every cell through `PostgresDataTranslation`, which first builds
/// the cell's coding path (a string made from the column's name and number) and then finds the
/// type's decoding by a conformance cast; for a page of twenty ledger rows that was about a
/// tenth of the server's time making the answer. The cells read here decode exactly as
/// PostgresKit's fast path would decode them; everything else (Fluent's enums, `Double`, JSON,
/// other types) is left to PostgresKit's row.
struct PostgresPreparedRow: SQLRow {
    private let row: PostgresRow
    private let cells: PostgresRandomAccessRow

    init(_ row: PostgresRow) {
        self.row = row
        cells = row.makeRandomAccess()
    }

    var allColumns: [String] { cells.map(\.columnName) }

    func contains(column: String) -> Bool { cells.contains(column) }

    func decodeNil(column: String) throws -> Bool { !cells.contains(column) || cells[column].bytes == nil }

    func decode<T: Decodable>(column: String, as type: T.Type) throws -> T {
        guard cells.contains(column) else { return try row.sql().decode(column: column, as: T.self) }
        let cell = cells[column]
        return try PlainTypes.decoded(
            T.self, plain: { try Self.write(cell, as: T.self, into: $0) }, else: { try row.sql().decode(column: column, as: T.self) })
    }

    /// Writes the cell into `slot` as `T` (`PlainTypes.decoded`) when `T` is one of the plain
    /// types, or an optional of one, and the cell holds what PostgresKit would decode without a
    /// workaround; false otherwise. `T` is told apart by identity, not by a cast, which would
    /// look its conformances up each time.
    private static func write<T>(_ cell: PostgresCell, as _: T.Type, into slot: UnsafeMutableRawPointer) throws -> Bool {
        let text = !cell.dataType.isUserDefined
        switch ObjectIdentifier(T.self) {
        case PlainTypes.string where text: return slot.holding(try cell.decode(String.self))
        case PlainTypes.optionalString where text: return slot.holding(try cell.optional(String.self))
        case PlainTypes.uuid: return slot.holding(try cell.decode(UUID.self))
        case PlainTypes.optionalUUID: return slot.holding(try cell.optional(UUID.self))
        case PlainTypes.int64: return slot.holding(try cell.decode(Int64.self))
        case PlainTypes.optionalInt64: return slot.holding(try cell.optional(Int64.self))
        case PlainTypes.int: return slot.holding(try cell.decode(Int.self))
        case PlainTypes.optionalInt: return slot.holding(try cell.optional(Int.self))
        case PlainTypes.bool: return slot.holding(try cell.decode(Bool.self))
        case PlainTypes.optionalBool: return slot.holding(try cell.optional(Bool.self))
        case PlainTypes.date: return slot.holding(try cell.decode(Date.self))
        case PlainTypes.optionalDate: return slot.holding(try cell.optional(Date.self))
        default: return false
        }
    }
}

extension PostgresCell {
    /// nil for NULL, else the value.
    fileprivate func optional<Value: PostgresDecodable>(_: Value.Type) throws -> Value? {
        bytes == nil ? nil : try decode(Value.self)
    }
}
