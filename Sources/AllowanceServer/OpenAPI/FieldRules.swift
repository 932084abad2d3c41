import AllowanceAPI
import Foundation

// The limits each request type's fields have on the server, for `/openapi.json` (see `FieldRule`).
// A rule that depends on another field, the time or stored data (a date in the future, a
// percentage for a Percentage transfer) cannot be a schema; those refusals answer 422.

extension RegisterParentRequest {
    static var fieldRules: [String: [String: Any]] {
        [
            "email": FieldRule.email, "password": FieldRule.newPassword, "firstName": FieldRule.text(max: InputRules.nameLength),
            "lastName": FieldRule.text(max: InputRules.nameLength), "familyName": FieldRule.text(max: InputRules.familyNameLength),
            "timeZone": FieldRule.timeZone,
        ]
    }
}
extension RegisterChildRequest {
    static var fieldRules: [String: [String: Any]] {
        [
            "email": FieldRule.email, "password": FieldRule.newPassword, "firstName": FieldRule.text(max: InputRules.nameLength),
            "lastName": FieldRule.text(max: InputRules.nameLength), "weeklyAllowance": FieldRule.money(from: .zero),
            "initialBalance": FieldRule.money(from: .zero),
        ]
    }
}
extension LoginRequest {
    /// A password of any length is checked (and a wrong one is a 401), so only an empty one is malformed.
    static var fieldRules: [String: [String: Any]] {
        ["email": FieldRule.email.filter { $0.key == "pattern" }, "password": ["minLength": 1]]
    }
}
extension UpdateProfileRequest {
    static var fieldRules: [String: [String: Any]] {
        [
            "firstName": FieldRule.text(max: InputRules.nameLength), "lastName": FieldRule.text(max: InputRules.nameLength),
            "email": FieldRule.email,
        ]
    }
}
extension ChangePasswordRequest {
    static var fieldRules: [String: [String: Any]] { ["currentPassword": ["minLength": 1], "newPassword": FieldRule.newPassword] }
}
extension UpdateFamilyRequest {
    static var fieldRules: [String: [String: Any]] {
        ["name": FieldRule.text(max: InputRules.familyNameLength), "timeZone": FieldRule.timeZone]
    }
}
extension UpdateChildRequest {
    static var fieldRules: [String: [String: Any]] {
        [
            "firstName": FieldRule.text(max: InputRules.nameLength), "lastName": FieldRule.text(max: InputRules.nameLength),
            "weeklyAllowance": FieldRule.money(from: .zero),
        ]
    }
}
extension CreateTransactionRequest {
    static var fieldRules: [String: [String: Any]] {
        [
            "amount": FieldRule.amount, "description": FieldRule.text(max: InputRules.descriptionLength),
            "category": FieldRule.optionalText(max: InputRules.categoryLength),
            "notes": FieldRule.optionalText(max: InputRules.notesLength),
        ]
    }
}
extension NotificationPreferencesDto {
    static var fieldRules: [String: [String: Any]] {
        [
            "lowBalanceThreshold": FieldRule.money(from: .zero, to: NotificationService.largestThreshold),
            "quietHoursStart": FieldRule.clearableTime, "quietHoursEnd": FieldRule.clearableTime,
        ]
    }
}

// MARK: - Quick actions

extension CreateRecurringTransactionDto {
    static var fieldRules: [String: [String: Any]] { RecurringService.fieldRules }
}
extension UpdateRecurringTransactionDto {
    static var fieldRules: [String: [String: Any]] { RecurringService.fieldRules }
}
extension RecurringService {
    static var fieldRules: [String: [String: Any]] {
        [
            "name": FieldRule.text(max: nameLength), "amount": FieldRule.amount,
            "category": FieldRule.optionalText(max: InputRules.categoryLength),
            "description": FieldRule.optionalText(max: InputRules.descriptionLength), "dayOfWeek": FieldRule.integer(0...6),
            "dayOfMonth": FieldRule.integer(1...28), "maxOccurrences": FieldRule.integer(1...RecurrenceValidation.maximumOccurrences),
        ]
    }
}
extension CreateTransactionTemplateDto {
    static var fieldRules: [String: [String: Any]] { TemplateService.fieldRules }
}
extension UpdateTransactionTemplateDto {
    static var fieldRules: [String: [String: Any]] {
        TemplateService.fieldRules.merging(["sortOrder": FieldRule.integer(TemplateService.sortOrderRange)]) { $1 }
    }
}
extension TemplateService {
    static var fieldRules: [String: [String: Any]] {
        [
            "name": FieldRule.text(max: InputRules.nameLength), "iconName": FieldRule.text(max: iconLength),
            "color": ["pattern": "^(\\s*|#[0-9A-Fa-f]{6})$"], "defaultAmount": FieldRule.amount,
            "category": FieldRule.optionalText(max: InputRules.categoryLength),
            "descriptionTemplate": FieldRule.optionalText(max: InputRules.descriptionLength),
        ]
    }
}
extension UseTemplateDto {
    static var fieldRules: [String: [String: Any]] {
        ["amount": FieldRule.amount, "description": FieldRule.optionalText(max: InputRules.descriptionLength)]
    }
}

// MARK: - Savings goals

extension CreateSavingsGoalDto {
    static var fieldRules: [String: [String: Any]] { GoalInput.fieldRules }
}
extension UpdateSavingsGoalDto {
    static var fieldRules: [String: [String: Any]] { GoalInput.fieldRules }
}
extension GoalInput {
    static var fieldRules: [String: [String: Any]] {
        [
            "name": FieldRule.text(max: nameLength), "description": FieldRule.optionalText(max: descriptionLength),
            "targetAmount": FieldRule.amount,
            "imageUrl": FieldRule.webAddress, "productUrl": FieldRule.webAddress, "priority": FieldRule.integer(priorities),
            "autoTransferAmount": FieldRule.money(from: .zero),
        ]
    }
}
extension ContributeToGoalDto {
    static var fieldRules: [String: [String: Any]] {
        ["amount": FieldRule.amount, "description": FieldRule.optionalText(max: GoalInput.noteLength)]
    }
}
extension WithdrawFromGoalDto {
    static var fieldRules: [String: [String: Any]] {
        ["amount": FieldRule.amount, "reason": FieldRule.optionalText(max: GoalInput.noteLength)]
    }
}
extension MarkGoalPurchasedDto {
    static var fieldRules: [String: [String: Any]] { ["notes": FieldRule.optionalText(max: InputRules.notesLength)] }
}
extension CreateMatchingRuleDto {
    static var fieldRules: [String: [String: Any]] { MatchingRuleService.fieldRules }
}
extension UpdateMatchingRuleDto {
    static var fieldRules: [String: [String: Any]] { MatchingRuleService.fieldRules }
}
extension MatchingRuleService {
    /// The ratio's ceiling depends on the rule's type (`ratio(_:for:)`); this is the widest.
    static var fieldRules: [String: [String: Any]] {
        ["matchRatio": ["minimum": 0, "exclusiveMinimum": true, "maximum": largestRatio], "maxMatchAmount": FieldRule.amount]
    }
}
extension CreateGoalChallengeDto {
    static var fieldRules: [String: [String: Any]] {
        [
            "targetAmount": FieldRule.amount, "bonusAmount": FieldRule.amount,
            "description": FieldRule.optionalText(max: GoalInput.noteLength),
        ]
    }
}
extension GiftToGoalDto {
    static var fieldRules: [String: [String: Any]] {
        [
            "amount": FieldRule.amount, "giverName": FieldRule.optionalText(max: GoalMoneyService.giverNameLength),
            "note": FieldRule.optionalText(max: GoalInput.noteLength),
            // Only the two gift types: a parent's, or a relative's.
            "type": [
                "enum": [
                    ContributionType.parentGift.rawValue, ContributionType.externalGift.rawValue, ContributionType.parentGift.name,
                    ContributionType.externalGift.name,
                ]
            ],
        ]
    }
}
extension CreateChildDto {
    static var fieldRules: [String: [String: Any]] {
        [
            "firstName": FieldRule.text(max: InputRules.nameLength), "lastName": FieldRule.optionalText(max: InputRules.nameLength),
            "weeklyAllowance": FieldRule.money(from: .zero), "initialBalance": FieldRule.money(from: .zero),
        ]
    }
}
extension ChildLoginDto {
    static var fieldRules: [String: [String: Any]] { ["email": FieldRule.email, "password": FieldRule.newPassword] }
}
extension UpdateWidgetConfigDto {
    static var fieldRules: [String: [String: Any]] {
        ["widgetType": ["enum": WidgetConfigService.types], "widgetSize": ["enum": WidgetConfigService.sizes]]
    }
}
