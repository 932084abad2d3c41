import AllowanceAPI
import Foundation

/// A ledger as CSV (RFC 4180) for spreadsheets, the same from the server's export and the
/// `allowance` command's: one header row, one row per entry, amounts
/// as plain signed decimals ("-3.00") so a spreadsheet can sum them, times in UTC ISO 8601.
public enum TransactionCSV {
    public static let header = ["date", "type", "amount", "balance_after", "description", "category", "notes", "created_by"]

    public static func document(_ rows: [TransactionResponse]) -> String {
        ([header] + rows.map(fields)).map { $0.map(escape).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
    }

    static func fields(_ row: TransactionResponse) -> [String] {
        [
            ISO8601Wire.text(row.createdAt), row.type.rawValue, row.type.signed(row.amount).plainText, row.balanceAfter.plainText,
            row.description,
            row.category ?? "", row.notes ?? "", row.createdByName ?? "",
        ]
    }

    /// Quotes a field that holds a comma, a quote or a line break; doubles its quotes.
    /// A leading =, +, - or @ in text is prefixed with ' so a spreadsheet never runs it as a formula.
    static func escape(_ field: String) -> String {
        var text = field
        if let first = text.first, "=+@".contains(first) || (first == "-" && Money.isNotAmount(text)) { text = "'" + text }
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

extension Money {
    fileprivate static func isNotAmount(_ text: String) -> Bool { (try? Money(parsing: text)) == nil }
}
