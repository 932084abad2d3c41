import NIOConcurrencyHelpers
import Vapor

/// Parts of pages that Leaf makes once for each distinct input, then kept: a ledger row, the
/// quick-add grid. A page made afresh after a posting shows the same rows and tiles as before
/// but one, and Leaf spends about 3 µs on each value a template reads, so these parts were most
/// of a child's page's 3 ms.
///
/// A part is kept by its whole input (every value its template reads), or by a key that
/// determines it (a ledger row's id stands for the row), so it needs no other invalidation:
/// an input that changes is another key. The templates are resources of the binary, parsed
/// once (`configure`), so the same input always makes the same HTML.
final class Fragments: Sendable {
    /// Unchecked only because `AnyHashable` is not `Sendable`: every input it holds is
    /// (`html`'s constraint).
    private struct Key: Hashable, @unchecked Sendable {
        let template: String
        let input: AnyHashable
    }

    private let kept: NIOLockedValueBox<BudgetedStore<Key, String>>

    /// Keeps up to `budget` bytes of HTML (`BudgetedStore`).
    init(budget: Int) { kept = NIOLockedValueBox(BudgetedStore(budget: budget)) }

    /// The HTML kept now, in bytes.
    var bytes: Int { kept.withLockedValue { $0.bytes } }

    /// The HTML of `template` made with `input()` as its context, kept by `key`, which must
    /// determine every value the template reads: `input` is only worked out when nothing is
    /// kept for `key`.
    func html<Identity: Hashable & Sendable, Input: Encodable>(
        _ template: String, key identity: Identity, input: () -> Input, on req: Request
    ) async throws -> String {
        let key = Key(template: template, input: AnyHashable(identity))
        if let html = kept.withLockedValue({ $0[key] }) { return html }
        let html = String(buffer: try await req.view.render(template, input()).data)
        kept.withLockedValue { $0.keep(html, bytes: html.utf8.count, for: key) }
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
        try await fragment(template, key: input) { input }
    }

    /// The HTML of `template` made with `input()`, kept by `key` (`Fragments.html(_:key:input:on:)`).
    func fragment<Identity: Hashable & Sendable, Input: Encodable>(
        _ template: String, key: Identity, input: () -> Input
    ) async throws -> String {
        guard let fragments = application.fragments else { return String(buffer: try await view.render(template, input()).data) }
        return try await fragments.html(template, key: key, input: input, on: self)
    }
}
