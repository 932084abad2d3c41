import AllowanceAPI
import Foundation

/// Learning sessions from a CSV file: a header naming `bundleIdentifier`, `startTime` and
/// `endTime` (in any order), then one session per line with ISO 8601 instants.
enum SessionCSV {
    static let largest = 5_000

    static func parse(_ text: String, childID: UUID) throws -> [CreateLearningSessionDto] {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard let header = lines.first else { throw AppError.validation("The file is empty: it needs a header and one session per line") }
        let columns = header.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard let bundle = columns.firstIndex(of: "bundleidentifier"), let start = columns.firstIndex(of: "starttime"),
            let end = columns.firstIndex(of: "endtime")
        else { throw AppError.validation("The first line must name the columns: bundleIdentifier,startTime,endTime") }
        let rows = lines.dropFirst()
        guard !rows.isEmpty else { throw AppError.validation("The file has no sessions after its header") }
        guard rows.count <= largest else { throw AppError.validation("A file can hold at most \(largest) sessions") }
        return try rows.enumerated().map { index, line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            let lineNumber = index + 2
            guard fields.count == columns.count else {
                throw AppError.validation("Line \(lineNumber) has \(fields.count) fields; the header has \(columns.count)")
            }
            guard let from = ISO8601Wire.parse(fields[start]), let until = ISO8601Wire.parse(fields[end]) else {
                throw AppError.validation(
                    "Line \(lineNumber): startTime and endTime must be ISO 8601 instants such as 2026-11-21T16:00:00Z")
            }
            return CreateLearningSessionDto(childId: childID, bundleIdentifier: fields[bundle], startTime: from, endTime: until)
        }
    }
}
