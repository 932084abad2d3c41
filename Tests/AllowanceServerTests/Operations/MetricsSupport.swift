import Foundation
import Testing
import Vapor
import VaporTesting

@testable import AllowanceServer

/// The samples of a `/metrics` answer, found by name and exact label set.
struct Exposition {
    let text: String

    /// `name{a="x",b="y"} 3` with labels `["a": "x", "b": "y"]` is 3; nil when no such sample.
    func value(_ name: String, _ labels: [String: String] = [:]) -> Double? {
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " ") else { continue }
            let key = line[..<space]
            let sampleName = key.prefix { $0 != "{" }
            guard sampleName == name, Self.labels(of: key.dropFirst(sampleName.count)) == labels else { continue }
            return Double(line[line.index(after: space)...])
        }
        return nil
    }

    /// `{a="x",b="y"}` as a dictionary (no value here has a comma or a quote).
    private static func labels(of text: Substring) -> [String: String] {
        guard text.hasPrefix("{"), text.hasSuffix("}") else { return [:] }
        var labels: [String: String] = [:]
        for pair in text.dropFirst().dropLast().split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { continue }
            labels[String(parts[0])] = String(parts[1].dropFirst().dropLast())
        }
        return labels
    }
}

extension TestClient {
    func scrape(sourceLocation: SourceLocation = #_sourceLocation) async throws -> Exposition {
        let response = try await send(.GET, "/metrics")
        #expect(response.status == .ok, sourceLocation: sourceLocation)
        return Exposition(text: response.body.string)
    }
}

/// Keeps every line logged through a logger that uses it, with the logger's metadata.
final class LogCapture: @unchecked Sendable {
    struct Line {
        let level: Logger.Level
        let message: String
        let metadata: Logger.Metadata
    }

    // Requests log from the event loops' threads.
    private let lock = NSLock()
    private var kept: [Line] = []

    var lines: [Line] { lock.withLock { kept } }

    var logger: Logger { Logger(label: "test") { _ in Handler(capture: self) } }

    fileprivate func keep(_ line: Line) { lock.withLock { kept.append(line) } }

    private struct Handler: LogHandler {
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var metadataProvider: Logger.MetadataProvider?
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let all = metadata.merging(event.metadata ?? [:]) { $1 }
            capture.keep(Line(level: event.level, message: event.message.description, metadata: all))
        }
    }
}
