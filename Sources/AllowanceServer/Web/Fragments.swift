import NIOConcurrencyHelpers
import Vapor

/// Parts of pages that Leaf makes once for each distinct input, then kept: a ledger row, the
/// quick-add grid. A page made afresh after a posting shows the same rows and tiles as before
/// but one, and Leaf spends about 3 µs on each value a template reads, so these parts were most
/// of a child's page's 3 ms.
///
/// A part is kept by its whole input (every value its template reads), so it needs no other
/// invalidation: an input that changes is another key. The templates are resources of the
/// binary, parsed once (`configure`), so the same input always makes the same HTML.
final class Fragments: Sendable {
    /// Unchecked only because `AnyHashable` is not `Sendable`: every input it holds is
    /// (`html`'s constraint).
    private struct Key: Hashable, @unchecked Sendable {
        let template: String
        let input: AnyHashable
    }

    private struct State {
        var kept: [Key: String] = [:]
        var bytes = 0
    }

    /// The most it keeps, in bytes of HTML. Past it, parts are dropped until it is three quarters full.
    let budget: Int
    private let state = NIOLockedValueBox(State())

    init(budget: Int) { self.budget = budget }

    /// The HTML kept now, in bytes.
    var bytes: Int { state.withLockedValue { $0.bytes } }

    /// The HTML of `template` made with `input` as its context.
    func html<Input: Encodable & Hashable & Sendable>(_ template: String, _ input: Input, on req: Request) async throws -> String {
        let key = Key(template: template, input: AnyHashable(input))
        if let kept = state.withLockedValue({ $0.kept[key] }) { return kept }
        let html = String(buffer: try await req.view.render(template, input).data)
        state.withLockedValue { state in
            guard state.kept[key] == nil else { return }
            state.kept[key] = html
            state.bytes += html.utf8.count
            while state.bytes > budget * 3 / 4, let dropped = state.kept.first {
                state.kept.removeValue(forKey: dropped.key)
                state.bytes -= dropped.value.utf8.count
            }
        }
        return html
    }
}

extension Application {
    private struct FragmentsKey: StorageKey { typealias Value = Fragments }

    /// Set in `configure`.
    var fragments: Fragments? {
        get { storage[FragmentsKey.self] }
        set { storage[FragmentsKey.self] = newValue }
    }
}

extension Request {
    /// The HTML of `template` made with `input`, kept for the next page that shows the same.
    func fragment<Input: Encodable & Hashable & Sendable>(_ template: String, _ input: Input) async throws -> String {
        guard let fragments = application.fragments else { return String(buffer: try await view.render(template, input).data) }
        return try await fragments.html(template, input, on: self)
    }
}
