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
        if let date = try? Date(text, strategy: .iso8601) { return date }
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) { return date }
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle().year().month().day()) { return date }
        return nil
    }
}
