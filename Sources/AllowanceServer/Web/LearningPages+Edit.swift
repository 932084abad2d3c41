import AllowanceAPI
import AllowanceCore
import Vapor

/// Changing a learning goal in the browser: what `PUT /learning-goals/{id}` changes (title,
/// notes, target, whether it repeats). What it counts and its period stay as made; a
/// different kind of goal is a new goal.
extension LearningPages {
    struct GoalEditPage: Encodable {
        let goalId: UUID
        let childId: UUID
        let childName: String
        let title: String
        let description: String
        let targetValue: String
        let unit: String
        let kind: String
        let period: String
        let isRecurring: Bool
        let error: String?
    }

    struct GoalEditForm: Content {
        var title: String?
        var description: String?
        var targetValue: String?
        var isRecurring: String?
    }

    @Sendable func editGoal(req: Request) async throws -> Response {
        let (goal, child) = try await req.visibleLearningGoal(try req.uuidParameter("learningGoalId"))
        _ = try req.requireParent()
        let dto = try await LearningGoalService.dto(goal, child: child, in: req.context)
        return try await req.render(
            "learning-goal-edit", "Edit \(goal.title)", section: "dashboard",
            Self.editPage(
                dto, child: child, title: dto.title, description: dto.description ?? "", target: Self.number(dto.targetValue),
                isRecurring: dto.isRecurring))
    }

    @Sendable func saveGoal(req: Request) async throws -> Response {
        let (goal, child) = try await req.visibleLearningGoal(try req.uuidParameter("learningGoalId"))
        let parent = try req.requireParent()
        let form = try req.content.decode(GoalEditForm.self)
        do {
            let text = (form.targetValue ?? "").trimmingCharacters(in: .whitespaces)
            guard let target = Double(text) else { throw AppError.validation("Target must be a number of \(goal.type.unit)") }
            let saved = try await LearningGoalService.update(
                goal, child: child,
                with: UpdateLearningGoalDto(
                    title: form.title ?? "", description: form.description ?? "", targetValue: target, isRecurring: form.isRecurring != nil),
                by: parent, in: req.context)
            return Flash.redirect(
                req, to: SiteURL.learning(child: .value(child.id)).path, message: "\(saved.title) saved: \(Self.card(saved).progressText).")
        } catch let error as AppError where error.status.code < 500 {
            let dto = try await LearningGoalService.dto(goal, child: child, in: req.context)
            let page = Self.editPage(
                dto, child: child, title: form.title ?? "", description: form.description ?? "", target: form.targetValue ?? "",
                isRecurring: form.isRecurring != nil, error: error.message)
            return try await req.render("learning-goal-edit", "Edit \(goal.title)", section: "dashboard", page, status: error.status)
        }
    }

    /// The form as shown: the goal's fields, or what the parent sent back with why it was refused.
    static func editPage(
        _ goal: LearningGoalDto, child: ChildRecord, title: String, description: String, target: String, isRecurring: Bool,
        error: String? = nil
    ) -> GoalEditPage {
        let kinds: [LearningGoalType: String] = [
            .timeBased: "Time on learning apps", .pointBased: "Points earned", .appSpecific: "Time on one app", .streak: "Days in a row",
        ]
        let calendar = child.calendar
        return GoalEditPage(
            goalId: goal.id, childId: child.id, childName: child.firstName, title: title, description: description, targetValue: target,
            unit: goal.type.unit, kind: kinds[goal.type] ?? goal.type.rawValue,
            period: "\(goal.frequency.rawValue): \(calendar.displayDate(goal.startDate)) to "
                + calendar.displayDate(goal.endDate.addingTimeInterval(-1)),
            isRecurring: isRecurring, error: error)
    }

    /// 2 as "2", 1.5 as "1.5".
    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
