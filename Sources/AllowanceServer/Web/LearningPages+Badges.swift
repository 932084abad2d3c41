import AllowanceAPI
import AllowanceCore
import SQLKit
import Vapor

/// A Premium family's own badges on the Learning apps page: the list with a Remove button
/// each, and the form to make one. A Basic family sees the form locked, with what Premium unlocks.
extension LearningPages {
    struct CustomBadgeRow: Encodable {
        let id: UUID
        let title: String
        let criteria: String
        let bonus: Int
    }

    struct BadgeForm: Content {
        var title: String?
        var description: String?
        var measure: String?
        var threshold: String?
        var bundleIdentifier: String?
        var pointsAwarded: String?
    }

    static func customBadgeRows(ofFamily familyID: UUID, on sql: any SQLDatabase) async throws -> [CustomBadgeRow] {
        try await CustomBadgeStore.all(ofFamily: familyID, on: sql).filter { !$0.isRetired }.map {
            CustomBadgeRow(id: $0.id, title: $0.definition.title, criteria: $0.definition.criteria, bonus: $0.definition.pointsAwarded)
        }
    }

    @Sendable func addBadge(req: Request) async throws -> Response {
        let parent = try req.requireParent()
        let form = try req.content.decode(BadgeForm.self)
        do {
            guard let measure = form.measure.flatMap(BadgeMeasureKind.init(parsing:)) else {
                throw AppError.validation("Choose what the badge counts")
            }
            guard let threshold = Int((form.threshold ?? "").trimmingCharacters(in: .whitespaces)) else {
                throw AppError.validation("Target must be a whole number")
            }
            let bonusText = (form.pointsAwarded ?? "").trimmingCharacters(in: .whitespaces)
            guard let bonus = bonusText.isEmpty ? 0 : Int(bonusText) else {
                throw AppError.validation("Bonus points must be a whole number")
            }
            let badge = try await CustomBadgeStore.create(
                CreateCustomBadgeDto(
                    title: form.title ?? "", description: form.description, measure: measure, threshold: threshold,
                    bundleIdentifier: form.bundleIdentifier, pointsAwarded: bonus),
                by: parent, in: req.context)
            return Flash.redirect(
                req, to: SiteURL.learningApps.path, message: "\(badge.title) is ready to earn: \(badge.criteria.lowercased()).")
        } catch let error as AppError where error.status.code < 500 {
            var page = try await appsPage(req, parent, error: error.message)
            page.badge = TypedBadge(form)
            return try await req.render("learning-apps", "Learning Apps", section: "settings", page, status: error.status)
        }
    }

    @Sendable func retireBadge(req: Request) async throws -> Response {
        let parent = try req.requireParent()
        let id = try req.uuidParameter("customBadgeId")
        let title = try await CustomBadgeStore.all(ofFamily: parent.familyID, on: req.sql).first { $0.id == id }?.definition.title
        try await CustomBadgeStore.retire(key: CustomBadges.key(for: id), by: parent, in: req.context)
        return Flash.redirect(
            req, to: SiteURL.learningApps.path, message: "\(title ?? "The badge") was removed; children who earned it keep it.")
    }
}
