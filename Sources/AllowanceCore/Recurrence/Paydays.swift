import Foundation

extension AllowanceSchedule {
    /// Every payday (local midnight of the allowance day) strictly after `after` and at or
    /// before `through`, oldest first: what a payday run owes, including weeks a stopped
    /// server missed. Weeks are counted in calendar days, so a payday stays at local midnight
    /// across daylight-saving changes.
    public func paydays(after: Date, through: Date) -> [Date] {
        var payday = nextPayday(from: after)
        if payday <= after { payday = calendar.startOfDay(calendar.adding(days: 7, to: payday)) }
        var result: [Date] = []
        while payday <= through {
            result.append(payday)
            payday = calendar.startOfDay(calendar.adding(days: 7, to: payday))
        }
        return result
    }
}
