import Foundation

/// A local wall-clock time ("09:30:00"), the documents' `TimeOnly`. On the wire it is a
/// string "HH:mm:ss" ("HH:mm" is accepted too).
public struct TimeOfDay: Hashable, Comparable, Sendable {
    public let hour: Int
    public let minute: Int
    public let second: Int

    public init?(hour: Int, minute: Int, second: Int = 0) {
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else { return nil }
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    public static let midnight = TimeOfDay(hour: 0, minute: 0)!

    /// Parses "9:30", "09:30" or "09:30:15"; nil for anything else.
    public init?(parsing text: String) {
        let parts = text.trimmingCharacters(in: .patternWhitespace).split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count),
            parts.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let hour = Int(parts[0]), let minute = Int(parts[1])
        else { return nil }
        self.init(hour: hour, minute: minute, second: parts.count == 3 ? Int(parts[2]) ?? -1 : 0)
    }

    /// Seconds since midnight: how the time is stored.
    public var secondsSinceMidnight: Int { hour * 3600 + minute * 60 + second }

    public init?(secondsSinceMidnight value: Int) {
        guard (0..<86_400).contains(value) else { return nil }
        self.init(hour: value / 3600, minute: value / 60 % 60, second: value % 60)
    }

    /// "09:30:00".
    public var text: String { String(format: "%02d:%02d:%02d", hour, minute, second) }

    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool { lhs.secondsSinceMidnight < rhs.secondsSinceMidnight }
}

extension TimeOfDay: Codable {
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = TimeOfDay(parsing: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "is not a time of day such as \"09:30\"")
        }
        self = value
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}
