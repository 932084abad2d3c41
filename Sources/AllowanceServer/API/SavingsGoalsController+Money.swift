import AllowanceAPI
import AllowanceCore
import Vapor

extension SavingsGoalsController {
    /// Parent or self.
    @Sendable static func contribute(req: Request) async throws -> GoalProgressEventDto {
        let goalID = try req.uuidParameter("goalId")
        let input = try req.decodeJSON(ContributeToGoalDto.self)
        return try await GoalMoneyService.contribute(to: goalID, input, by: try req.requireUser(), in: req.context) {
            try await req.visibleGoal(goalID)
        }
    }

    /// Parent only.
    @Sendable static func withdraw(req: Request) async throws -> ContributionDto {
        let access = try await req.goalForParent(try req.uuidParameter("goalId"))
        return try await GoalMoneyService.withdraw(access, try req.decodeJSON(WithdrawFromGoalDto.self), in: req.context)
    }

    /// Parent only.
    @Sendable static func gift(req: Request) async throws -> GoalProgressEventDto {
        let access = try await req.goalForParent(try req.uuidParameter("goalId"))
        return try await GoalMoneyService.gift(access, try req.decodeJSON(GiftToGoalDto.self), in: req.context)
    }

    /// Parent only. The body may be empty or `{}`: notes are optional.
    @Sendable static func purchase(req: Request) async throws -> SavingsGoalDto {
        let access = try await req.goalForParent(try req.uuidParameter("goalId"))
        let input = req.body.data == nil ? MarkGoalPurchasedDto() : try req.decodeJSON(MarkGoalPurchasedDto.self)
        return try await GoalMoneyService.purchase(access, input, in: req.context).goal
    }

    /// Family member. `?type=&startDate=&endDate=&limit=`
    @Sendable static func contributions(req: Request) async throws -> [ContributionDto] {
        let access = try await req.visibleGoal(try req.uuidParameter("goalId"))
        return try await GoalMoneyService.contributions(
            access, filter: try ContributionFilter(query: req, calendar: access.child.calendar), in: req.context)
    }
}

extension ContributionFilter {
    static let queryParameters: [QueryParameter] = [
        .numbered("type", ContributionType.self), .date("startDate"), .date("endDate"), .integer("limit", 1...500),
    ]

    /// Reads the history's query string; a bare `endDate` includes that whole day in the family's zone.
    init(query req: Request, calendar: FamilyCalendar) throws {
        self.init()
        type = try req.query.numbered(ContributionType.self, "type")
        from = try req.query.date("startDate", endOfRange: false, in: calendar)
        to = try req.query.date("endDate", endOfRange: true, in: calendar)
        if let from, let to, to <= from { throw AppError.unprocessable("endDate must be after startDate") }
        limit = try req.query.int("limit", in: 1...500) ?? limit
    }
}
