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
        if cells.contains(column), let value = try Self.plain(T.self, from: cells[column]) { return value }
        return try row.sql().decode(column: column, as: T.self)
    }

    /// The cell as `T` when `T` is one of the plain types, or an optional of one, and the cell
    /// holds what PostgresKit would decode without a workaround; nil otherwise. `T` is told
    /// apart by identity, not by a cast, which would look its conformances up each time; once
    /// it is known to be the decoded type, `unsafeBitCast` only renames it.
    private static func plain<T>(_: T.Type, from cell: PostgresCell) throws -> T? {
        let text = !cell.dataType.isUserDefined
        switch ObjectIdentifier(T.self) {
        case PlainTypes.string where text: return unsafeBitCast(try cell.decode(String.self), to: T.self)
        case PlainTypes.optionalString where text: return unsafeBitCast(try cell.optional(String.self), to: T.self)
        case PlainTypes.uuid: return unsafeBitCast(try cell.decode(UUID.self), to: T.self)
        case PlainTypes.optionalUUID: return unsafeBitCast(try cell.optional(UUID.self), to: T.self)
        case PlainTypes.int64: return unsafeBitCast(try cell.decode(Int64.self), to: T.self)
        case PlainTypes.optionalInt64: return unsafeBitCast(try cell.optional(Int64.self), to: T.self)
        case PlainTypes.int: return unsafeBitCast(try cell.decode(Int.self), to: T.self)
        case PlainTypes.optionalInt: return unsafeBitCast(try cell.optional(Int.self), to: T.self)
        case PlainTypes.bool: return unsafeBitCast(try cell.decode(Bool.self), to: T.self)
        case PlainTypes.optionalBool: return unsafeBitCast(try cell.optional(Bool.self), to: T.self)
        case PlainTypes.date: return unsafeBitCast(try cell.decode(Date.self), to: T.self)
        case PlainTypes.optionalDate: return unsafeBitCast(try cell.optional(Date.self), to: T.self)
        default: return nil
        }
    }
}

extension PostgresCell {
    /// nil for NULL, else the value.
    fileprivate func optional<Value: PostgresDecodable>(_: Value.Type) throws -> Value? {
        bytes == nil ? nil : try decode(Value.self)
    }
}
