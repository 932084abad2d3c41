import NIOCore
import Vapor

/// Swift's tasks run on one event loop's thread (with `withTaskExecutorPreference`).
///
/// On PostgreSQL each statement's answer arrives on its connection's event loop. A task held
/// to that loop goes on where its answers arrive, and sends its next statement from the
/// connection's own thread (`InlineResponder`, `PostingGroups`).
final class EventLoopExecutor: TaskExecutor {
    let eventLoop: any EventLoop

    init(eventLoop: any EventLoop) { self.eventLoop = eventLoop }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        eventLoop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

/// An `EventLoopExecutor` for each loop of the application's group.
final class EventLoopExecutors: Sendable {
    private let executors: [ObjectIdentifier: EventLoopExecutor]

    init(group: any EventLoopGroup) {
        executors = Dictionary(
            uniqueKeysWithValues: group.makeIterator().map { (ObjectIdentifier($0), EventLoopExecutor(eventLoop: $0)) })
    }

    func executor(for eventLoop: any EventLoop) -> EventLoopExecutor? { executors[ObjectIdentifier(eventLoop)] }
}

extension Application {
    private struct EventLoopExecutorsKey: StorageKey { typealias Value = EventLoopExecutors }

    /// Set in `configure` on PostgreSQL, where requests and posting groups run on their
    /// connections' loops; nil on SQLite, whose calls block the thread they run on.
    var eventLoopExecutors: EventLoopExecutors? {
        get { storage[EventLoopExecutorsKey.self] }
        set { storage[EventLoopExecutorsKey.self] = newValue }
    }
}
