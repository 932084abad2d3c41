import PostgresNIO
import SQLKit

extension SQLQueryString {
    /// ` IN (?, ?, ...)` on SQLite, one bound value each; ` = ANY($1)` on PostgreSQL, all of
    /// them bound as one array, so the text is the same however many there are (prepared once,
    /// see `SQLRows`). With no values it matches nothing, on both.
    static func isOneOf<Value: PostgresArrayEncodable & Encodable & Sendable>(_ values: [Value], on sql: any SQLDatabase)
        -> SQLQueryString
    {
        guard !sql.isPostgres else { return " = ANY(\(bind: values))" }
        var query: SQLQueryString = " IN ("
        for (index, value) in values.enumerated() {
            if index > 0 { query.appendLiteral(", ") }
            query.appendInterpolation(bind: value)
        }
        query.appendLiteral(")")
        return query
    }
}
