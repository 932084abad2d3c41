import PostgresNIO
import SQLKit

extension SQLQueryString {
    /// ` IN (?, ?, ...)` on SQLite, one bound value each; ` = ANY($1)` on PostgreSQL, all of
    /// them bound as one array, so the text is the same however many there are (prepared once,
    /// see `SQLRows`). With no values it matches nothing, on both.
    ///
    /// One value on PostgreSQL is ` = $1`, a text of its own. PostgreSQL costs an array
    /// parameter at ten elements, so a prepared statement's generic plan lost to the plan made
    /// for each call's one value, and every call was planned afresh: a posting group's lock of
    /// one goal with its child (a four-table join) spent 0.83 ms planning and 0.1 ms running,
    /// when writes come one at a time (as `SQLRows` found for one row).
    static func isOneOf<Value: PostgresArrayEncodable & Encodable & Sendable>(_ values: [Value], on sql: any SQLDatabase)
        -> SQLQueryString
    {
        guard !sql.isPostgres else { return values.count == 1 ? " = \(bind: values[0])" : " = ANY(\(bind: values))" }
        var query: SQLQueryString = " IN ("
        for (index, value) in values.enumerated() {
            if index > 0 { query.appendLiteral(", ") }
            query.appendInterpolation(bind: value)
        }
        query.appendLiteral(")")
        return query
    }
}
