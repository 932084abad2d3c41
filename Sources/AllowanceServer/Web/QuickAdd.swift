import AllowanceAPI
import AllowanceCore
import Foundation
import Vapor

/// The quick-add grid (the Quick Actions document's templates) on a child's page and on a
/// child's own dashboard: a tile per template, one click when it has a default amount, an
/// amount field beside it when it has none. A child sees only spending templates: adding money
/// stays with parents (`Request.templateToUse`).
struct QuickAdd: Encodable, Hashable, Sendable {
    let childId: UUID
    let childName: String
    let templates: [Tile]
    /// "Quick add" for a parent; "Record my spending" for the child.
    let heading: String
    let isParent: Bool
    /// "dashboard" when the answer should come back to the child's dashboard.
    let from: String

    /// An amount typed beside a template and refused: the page shows it again in that tile's
    /// field, marked as what the error is about, so the person corrects it rather than retyping.
    struct Typed: Hashable, Sendable {
        let template: UUID
        let amount: String
    }

    struct Tile: Encodable, Hashable, Sendable {
        let id: UUID
        let name: String
        /// "Lunch −$5.00", or the name alone when the amount is typed.
        let label: String
        /// "−$5.00"; empty when typed.
        let amount: String
        let isCredit: Bool
        let hasDefault: Bool
        let icon: String
        let color: String?
        /// The refused amount typed in this tile's field (`Typed`); empty otherwise.
        let typed: String
    }

    init(child: ChildRecord, templates: [TransactionTemplateDto], isParent: Bool, from: String = "", typed: Typed? = nil) {
        childId = child.id
        self.from = from
        childName = child.firstName
        self.isParent = isParent
        heading = isParent ? "Quick add" : "Record my spending"
        self.templates = templates.filter { isParent || $0.type == .debit }.map { template in
            let amount = template.defaultAmount.map { (template.type == .credit ? "+" : "−") + $0.formatted } ?? ""
            let typedHere = typed.flatMap { $0.template == template.id && template.defaultAmount == nil ? $0.amount : nil }
            return Tile(
                id: template.id, name: template.name, label: amount.isEmpty ? template.name : "\(template.name) \(amount)", amount: amount,
                isCredit: template.type == .credit, hasDefault: template.defaultAmount != nil,
                icon: Icons.template(template.iconName, name: template.name), color: template.color,
                typed: typedHere ?? "")
        }
    }
}

extension QuickAdd {
    /// What `quick-add.leaf` reads: the grid and the page's form token.
    private struct Fragment: Encodable, Hashable, Sendable {
        let quickAdd: QuickAdd
        let csrf: String
    }

    /// The grid's HTML, made by `quick-add.leaf` once for each page's form token and kept
    /// (`Fragments`); empty when there is no template to show.
    func html(on req: Request) async throws -> String {
        guard !templates.isEmpty else { return "" }
        return try await req.fragment("quick-add", Fragment(quickAdd: self, csrf: CSRFMiddleware.token(for: req)))
    }
}
