import AllowanceAPI
import AllowanceCore
import Foundation
import Vapor

extension Request {
    /// The children the signed-in user may see (a parent: the family's; a child: themself),
    /// or only the one `wanted` names, by first name (any case or accents) or id: not found when
    /// that is none of them.
    func visibleChildren(named wanted: String?) async throws -> [ChildRecord] {
        let user = try requireUser()
        let visible = try await FamilyDirectory.children(ofFamily: user.familyID, on: context.sql)
            .filter { user.maySee(child: $0.id) }
        guard let wanted else { return visible }
        let named = visible.filter {
            $0.id.uuidString.lowercased() == wanted.lowercased() || GoalNameMatch.folded($0.firstName) == GoalNameMatch.folded(wanted)
        }
        guard !named.isEmpty else { throw AppError.notFound("Child") }
        return named
    }

    /// The child `id` as the signed-in user may see it: a parent sees their family's children,
    /// a child only themselves.
    func visibleChild(_ id: UUID) async throws -> ChildRecord {
        let user = try requireUser()
        guard user.maySee(child: id) else { throw AppError.notFound("Child") }
        // A read has the row the session lookup read with it; a write reads it again, so
        // that what it shows after its own change is the changed row.
        if method == .GET, let child = user.child, child.id == id { return child }
        guard let child = try await FamilyDirectory.child(id, inFamily: user.familyID, on: context.sql) else {
            throw AppError.notFound("Child")
        }
        return child
    }

    /// The signed-in child themself: the child dashboards are a child's own.
    func signedInChild() async throws -> ChildRecord {
        guard let id = try requireUser().childID else {
            throw AppError(.forbidden, .childOnly, "This dashboard is for a signed-in child")
        }
        return try await visibleChild(id)
    }

    /// The child `id` for an action only a parent of that child may take.
    func childForParent(_ id: UUID) async throws -> (parent: AuthUser, child: ChildRecord) {
        let child = try await visibleChild(id)
        let user = try requireUser()
        try user.requireParent()
        return (user, child)
    }

    /// The signed-in user's family calendar (their time zone).
    func familyCalendar() async throws -> FamilyCalendar {
        let family = try await FamilyDirectory.family(try requireUser().familyID, on: context.sql)
        return family.flatMap { FamilyCalendar(identifier: $0.time_zone) } ?? FamilyCalendar(timeZone: .gmt)
    }

    /// A ledger entry, if the signed-in user may see its child.
    func visibleEntry(_ id: UUID) async throws -> TransactionResponse {
        guard let entry = try await LedgerService.entry(id: id, on: context.sql) else { throw AppError.notFound("Transaction") }
        do {
            _ = try await visibleChild(entry.childId)
        } catch let error as AppError where error.status == .notFound {
            throw AppError.notFound("Transaction")
        }
        return entry
    }
}
