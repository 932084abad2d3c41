import Foundation

// The wire's JSON, shared by the server that encodes it and the clients that decode it.

extension JSONEncoder {
    /// ISO 8601 in UTC with fractional seconds, as the spec's wire format says.
    public static let api = JSONEncoder.api(formatting: [])

    /// The same wire form laid out for people (the `allowance` command's `--json`).
    public static func api(formatting: OutputFormatting) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = formatting
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(ISO8601Wire.text(date))
        }
        return encoder
    }
}

extension JSONDecoder {
    /// Accepts ISO 8601 with or without fractional seconds, and bare dates ("2026-12-24").
    public static let api: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            if let date = ISO8601Wire.parse(text) { return date }
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "is not an ISO 8601 date (\"2026-11-21T18:30:00Z\")")
        }
        return decoder
    }()
}

/// Parsing of the wire's date forms, shared by JSON bodies and query strings.
public enum ISO8601Wire {
    /// The wire's form of an instant: UTC with fractional seconds.
    public static func text(_ date: Date) -> String { date.formatted(wireStyle) }

    /// Made once: every date of every answer is written with it.
    private static let wireStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    public static func parse(_ text: String) -> Date? {
        guard fieldsExist(text) else { return nil }
        if let date = try? Date(text, strategy: .iso8601) { return date }
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) { return date }
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle().year().month().day()) { return date }
        return nil
    }

    /// Whether the date and time written exist. Foundation's parser rolls an impossible one
    /// over ("2027-02-30" is March 2nd, "T25:00" the next day's 01:00), so a person who typed
    /// one would get a day they never asked for instead of being told.
    static func fieldsExist(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        func number(at start: Int, digits: Int) -> Int? {
            guard start + digits <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[start..<start + digits] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        // Only the extended form ("2026-11-21T18:30:00Z") is checked; any other is Foundation's to refuse.
        guard bytes.count >= 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), let year = number(at: 0, digits: 4),
            let month = number(at: 5, digits: 2), let day = number(at: 8, digits: 2)
        else { return true }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (1...12).contains(month), (1...days[month - 1]).contains(day) else { return false }
        guard bytes.count >= 16, bytes[13] == UInt8(ascii: ":"), let hour = number(at: 11, digits: 2),
            let minute = number(at: 14, digits: 2)
        else { return true }
        guard hour <= 23, minute <= 59 else { return false }
        guard bytes.count >= 19, bytes[16] == UInt8(ascii: ":"), let second = number(at: 17, digits: 2) else { return true }
        return second <= 59
    }
}
