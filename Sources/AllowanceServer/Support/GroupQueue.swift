import NIOConcurrencyHelpers

/// Work waiting to be done in groups, by one runner at a time (`GroupCommit`'s SQLite writers,
/// `PostingGroups`' PostgreSQL postings).
///
/// The first item queued while no runner is running starts one; the runner takes up to
/// `largestGroup` items at a time, does them together, and stops when it finds the queue
/// empty. Items queued while a group is being done wait for the next group. The queue is a
/// lock, not an actor: the runner that finishes a group takes the next at once, with no hop
/// to another executor in between.
final class GroupQueue<Item: Sendable>: Sendable {
    private struct State {
        var queue: [Item] = []
        var running = false
        var groups = 0
    }

    /// The most items one group takes; the rest go in the next. It bounds how long an item
    /// can wait behind others.
    let largestGroup: Int
    private let state = NIOLockedValueBox(State())

    init(largestGroup: Int) { self.largestGroup = largestGroup }

    /// Groups taken since start (the tests read it).
    var groups: Int { state.withLockedValue(\.groups) }
    /// Items queued for the next group (the tests read it).
    var waiting: Int { state.withLockedValue(\.queue.count) }

    /// Queues `item`. Returns true when no runner is running: the caller then starts one,
    /// which takes groups with `next()` until it returns nil.
    func add(_ item: Item) -> Bool {
        state.withLockedValue { state in
            state.queue.append(item)
            defer { state.running = true }
            return !state.running
        }
    }

    /// The next group, in the order the items came; nil when none wait, and the runner then stops.
    func next() -> [Item]? {
        state.withLockedValue { state in
            guard !state.queue.isEmpty else {
                state.running = false
                return nil
            }
            let group = Array(state.queue.prefix(largestGroup))
            state.queue.removeFirst(group.count)
            state.groups += 1
            return group
        }
    }
}
