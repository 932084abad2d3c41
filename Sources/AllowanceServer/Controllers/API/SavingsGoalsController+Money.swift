import AllowanceAPI
import Vapor

extension SavingsGoalsController {
    /// Parent or self.
    @Sendable func contribute(req: Request) async throws -> GoalProgressEventDto {
        let access = try await req.visibleGoal(try req.uuidParameter("goalId"))
        return try await GoalMoneyService.contribute(access, try req.content.decode(ContributeToGoalDto.self), on: req)
    }

    /// Parent only.
    @Sendable func withdraw(req: Request) async throws -> ContributionDto {
        let access = try await req.goalForParent(try req.uuidParameter("goalId"))
        return try await GoalMoneyService.withdraw(access, try req.content.decode(WithdrawFromGoalDto.self), on: req)
    }

    /// Parent only. The body may be empty or `{}`: notes are optional.
    @Sendable func purchase(req: Request) async throws -> SavingsGoalDto {
        let access = try await req.goalForParent(try req.uuidParameter("goalId"))
        let input = req.body.data == nil ? MarkGoalPurchasedDto() : try req.content.decode(MarkGoalPurchasedDto.self)
        return try await GoalMoneyService.purchase(access, input, on: req)
    }

    /// Family member. `?type=&startDate=&endDate=&limit=`
    @Sendable func contributions(req: Request) async throws -> [ContributionDto] {
        let access = try await req.visibleGoal(try req.uuidParameter("goalId"))
        return try await GoalMoneyService.contributions(access, filter: try ContributionFilter(query: req), on: req)
    }
}

extension ContributionFilter {
    /// Reads the history's query string; a bare `endDate` includes that whole day (UTC).
    init(query req: Request) throws {
        self.init()
        type = try req.enumQuery(ContributionType.self, "type")
        from = try LedgerFilter.date(req.query, "startDate", endOfDay: false)
        to = try LedgerFilter.date(req.query, "endDate", endOfDay: true)
        if let from, let to, to <= from { throw AppError.validation("endDate must be after startDate") }
        if let text = try? req.query.get(String.self, at: "limit") {
            guard let value = Int(text), (1...500).contains(value) else { throw AppError.validation("limit must be a number from 1 to 500") }
            limit = value
        }
    }
}
