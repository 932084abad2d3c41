import Foundation
import Vapor

/// The one source of "now" for requests, services and jobs. Tests and `run-jobs --at` replace
/// it. Only migrations read the wall clock directly: they run before the application serves.
public struct AppClock: Sendable {
    public var now: @Sendable () -> Date

    public init(now: @escaping @Sendable () -> Date) { self.now = now }

    public static let system = AppClock(now: { Date() })

    /// A clock that reads a settable instant, for tests.
    public static func fixed(_ box: NowBox) -> AppClock { AppClock(now: { box.value }) }
}

/// A mutable instant shared with a fixed clock.
public final class NowBox: @unchecked Sendable {
    // A lock guards the value because requests read it from any event loop.
    private let lock = NSLock()
    private var instant: Date
    public init(_ date: Date) { instant = date }
    public var value: Date {
        get { lock.withLock { instant } }
        set { lock.withLock { instant = newValue } }
    }
}

extension Application {
    private struct ClockKey: StorageKey { typealias Value = AppClock }

    public var clock: AppClock {
        get { storage[ClockKey.self] ?? .system }
        set { storage[ClockKey.self] = newValue }
    }
}

extension Request {
    public var now: Date { application.clock.now() }
}
