import Foundation

/// The device's copy of what each child's screens last showed: the dashboard, the first
/// ledger page and the goals, one JSON file per child under `directory`. Shown, marked
/// stale, when the server cannot be reached; a copy is never sent back to the server.
public struct OfflineCache: Sendable {
    public let directory: URL

    public init(directory: URL) { self.directory = directory }

    /// One thing kept, and when.
    public struct Saved<Value: Codable & Sendable>: Codable, Sendable {
        public var value: Value
        public var savedAt: Date

        public init(value: Value, savedAt: Date) {
            self.value = value
            self.savedAt = savedAt
        }
    }

    /// Everything kept for one child.
    public struct ChildSnapshot: Codable, Sendable {
        public var dashboard: Saved<ChildDashboard>?
        public var ledgerPage: Saved<[TransactionResponse]>?
        public var goals: Saved<[SavingsGoalDto]>?

        public init(
            dashboard: Saved<ChildDashboard>? = nil, ledgerPage: Saved<[TransactionResponse]>? = nil, goals: Saved<[SavingsGoalDto]>? = nil
        ) {
            self.dashboard = dashboard
            self.ledgerPage = ledgerPage
            self.goals = goals
        }
    }

    public func snapshot(of childId: UUID) -> ChildSnapshot {
        guard let data = try? Data(contentsOf: file(of: childId)),
            let snapshot = try? JSONDecoder.api.decode(ChildSnapshot.self, from: data)
        else { return ChildSnapshot() }
        return snapshot
    }

    /// Writes one part of a child's snapshot. A full disk or an unwritable directory loses
    /// only the offline copy, never the screen, so failures are ignored.
    public func update(_ childId: UUID, _ change: (inout ChildSnapshot) -> Void) {
        var snapshot = snapshot(of: childId)
        change(&snapshot)
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        if let data = try? JSONEncoder.api.encode(snapshot) {
            try? data.write(to: file(of: childId), options: .atomic)
        }
    }

    /// Forgets every child's copy (on sign-out: the next person must not see them).
    public func clear() {
        try? FileManager.default.removeItem(at: directory)
    }

    func file(of childId: UUID) -> URL {
        directory.appendingPathComponent("child-\(childId.uuidString.lowercased()).json")
    }
}
