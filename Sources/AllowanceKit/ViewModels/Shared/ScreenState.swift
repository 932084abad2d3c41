import Foundation

/// Where a screen's data stands. One shape for every screen, so a view shows loading,
/// content, a failure with its sentence, or yesterday's content marked stale the same way.
public enum ScreenState: Equatable, Sendable {
    /// Nothing asked for yet.
    case idle
    case loading
    case loaded
    /// Nothing to show: the sentence says what happened and what to do.
    case failed(String)
    /// The server could not be reached: what is shown is the device's copy from `savedAt`.
    case stale(savedAt: Date)

    public var isLoading: Bool { self == .loading }
    public var isStale: Bool {
        if case .stale = self { return true }
        return false
    }
    /// The sentence of a failure, if this is one.
    public var failureMessage: String? {
        if case .failed(let message) = self { return message }
        return nil
    }
}
