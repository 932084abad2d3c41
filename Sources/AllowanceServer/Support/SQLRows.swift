import Foundation
import SQLKit

/// Many rows of values for one statement, kept column by column, which the statement reads as
/// a table `v` with columns `column1`, `column2`, ... (`table(on:)`).
///
/// On SQLite they are a `VALUES` list, one bound value each. On PostgreSQL each column is bound
/// as one array and read back by `unnest`: a payday batch of 500 children binds five values
/// where it bound 2,500, and PostgreSQL no longer parses a statement of thousands of
/// parameters, nor PostgresKit encode them one by one. Its text is also the same for any
/// number of rows past one (a single row has a text of its own, `values(on:)`), so each is
/// prepared once (`PostgresPreparedDatabase`).
struct SQLRows: Sendable {
    /// One column's values, one per row.
    enum Column: Sendable {
        case ids([UUID])
        /// Ids that may be missing (PostgreSQL's arrays from PostgresNIO have no NULLs, so they
        /// go as text there, an empty string for none).
        case optionalIDs([UUID?])
        case texts([String])
        /// Texts that may be missing: as `optionalIDs`, an empty string for none on PostgreSQL,
        /// so an empty text cannot be told from none (`InputRules.optional` makes it none).
        case optionalTexts([String?])
        case integers([Int64])
        case dates([Date])

        var count: Int {
            switch self {
            case .ids(let values): values.count
            case .optionalIDs(let values): values.count
            case .texts(let values): values.count
            case .optionalTexts(let values): values.count
            case .integers(let values): values.count
            case .dates(let values): values.count
            }
        }

        /// Binds row `row`'s value on its own at the end of `query` (SQLite).
        func bind(_ row: Int, into query: inout SQLQueryString) {
            switch self {
            case .ids(let values): query.appendInterpolation(bind: values[row])
            case .optionalIDs(let values): query.appendInterpolation(bind: values[row])
            case .texts(let values): query.appendInterpolation(bind: values[row])
            case .optionalTexts(let values): query.appendInterpolation(bind: values[row])
            case .integers(let values): query.appendInterpolation(bind: values[row])
            case .dates(let values): query.appendInterpolation(bind: values[row])
            }
        }

        /// The column bound for PostgreSQL, cast to its type: the whole column as one array, or
        /// for a single row its one value alone (`values(on:)`).
        func postgres(single: Bool) -> SQLQueryString {
            switch self {
            case .ids(let values): Self.cast(values, as: "uuid", single: single)
            case .optionalIDs(let values): Self.cast(values.map { $0?.uuidString ?? "" }, as: "text", single: single)
            case .texts(let values): Self.cast(values, as: "text", single: single)
            case .optionalTexts(let values): Self.cast(values.map { $0 ?? "" }, as: "text", single: single)
            case .integers(let values): Self.cast(values, as: "bigint", single: single)
            case .dates(let values): Self.cast(values, as: "timestamptz", single: single)
            }
        }

        private static func cast<Value: Encodable & Sendable>(_ values: [Value], as type: String, single: Bool) -> SQLQueryString {
            single ? "CAST(\(bind: values[0]) AS \(unsafeRaw: type))" : "CAST(\(bind: values) AS \(unsafeRaw: type)[])"
        }

        /// How PostgreSQL reads the unnested column `name` back as this column's type.
        func read(_ name: String) -> String {
            switch self {
            case .optionalIDs: return "CAST(NULLIF(\(name), '') AS uuid) AS \(name)"
            case .optionalTexts: return "NULLIF(\(name), '') AS \(name)"
            default: return name
            }
        }
    }

    let columns: [Column]

    /// Columns of one length each, at least one row (SQLite has no empty `VALUES`).
    init(_ columns: Column...) {
        precondition(Set(columns.map(\.count)).count == 1, "every column holds one value per row")
        precondition(columns[0].count > 0, "at least one row")
        self.columns = columns
    }

    var count: Int { columns[0].count }

    /// The rows as a table named `v`, for a `FROM` or a `JOIN`. (An `INSERT` reads them with a
    /// `SELECT`; SQLite takes an `ON CONFLICT` after it only past a `WHERE`, so `WHERE true`.)
    func table(on sql: any SQLDatabase) -> SQLQueryString {
        "(" + values(on: sql) + ") AS v"
    }

    /// `VALUES (...), ...`, or on PostgreSQL a `SELECT` of the unnested arrays that names its
    /// columns as `VALUES` does.
    ///
    /// One row on PostgreSQL is bound value by value instead. PostgreSQL costs `unnest` of a
    /// parameter at ten rows, so a prepared statement's generic plan, made once for any values,
    /// lost to the plans it made for each call's values, and it planned every call afresh: a
    /// posting alone (each write, when writes come one at a time) spent 0.83 ms planning the
    /// balances' `UPDATE` for 0.25 ms of work. With single values it knows there is one row,
    /// its generic plan is the one it would make anyway (index searches), and it keeps it.
    private func values(on sql: any SQLDatabase) -> SQLQueryString {
        guard sql.isPostgres else {
            // Written into one string as it goes: a string per value and per row, then joined,
            // cost a sixth of a 10,000-child payday (1.15 s to 0.97 s).
            var query: SQLQueryString = "VALUES "
            for row in 0..<count {
                query.appendLiteral(row == 0 ? "(" : ", (")
                for (index, column) in columns.enumerated() {
                    if index > 0 { query.appendLiteral(", ") }
                    column.bind(row, into: &query)
                }
                query.appendLiteral(")")
            }
            return query
        }
        let names = columns.indices.map { "column\($0 + 1)" }
        let reads = zip(columns, names).map { column, name in column.read(name) }
        let source: SQLQueryString =
            count == 1
            ? "(SELECT " + zip(columns, names).map { $0.postgres(single: true) + " AS \(unsafeRaw: $1)" }.joined(separator: ", ") + ") AS u"
            : "unnest(" + columns.map { $0.postgres(single: false) }.joined(separator: ", ")
                + ") AS u(\(unsafeRaw: names.joined(separator: ", ")))"
        return "SELECT \(unsafeRaw: reads.joined(separator: ", ")) FROM " + source
    }
}
