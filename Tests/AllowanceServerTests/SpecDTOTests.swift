import Foundation
import Testing

@testable import AllowanceServer

/// The request DTOs of the product documents, as the documents write them: every field they
/// name is in `/openapi.json` under the same name, and every field they mark optional (`?`) is
/// not required there (OpenAPISchemaTests ties "required" to what the decoder refuses).
@Suite struct SpecDTOTests {
    /// (DTO, its fields in the documents, those marked optional).
    static let documented: [(String, [String], [String])] = [
        (
            "CreateRecurringTransactionDto",
            [
                "childId", "name", "amount", "type", "category", "description", "pattern", "dayOfWeek", "dayOfMonth", "timeOfDay",
                "startDate", "endDate", "maxOccurrences", "requiresApproval",
            ],
            ["category", "description", "dayOfWeek", "dayOfMonth", "timeOfDay", "endDate", "maxOccurrences"]
        ),
        (
            "UpdateRecurringTransactionDto",
            [
                "name", "amount", "category", "description", "pattern", "dayOfWeek", "dayOfMonth", "timeOfDay", "endDate",
                "maxOccurrences", "requiresApproval",
            ],
            [
                "name", "amount", "category", "description", "pattern", "dayOfWeek", "dayOfMonth", "timeOfDay", "endDate",
                "maxOccurrences", "requiresApproval",
            ]
        ),
        (
            "CreateTransactionTemplateDto", ["name", "iconName", "color", "defaultAmount", "type", "category", "descriptionTemplate"],
            ["color", "defaultAmount", "category", "descriptionTemplate"]
        ),
        (
            "UpdateTransactionTemplateDto", ["name", "iconName", "color", "defaultAmount", "category", "descriptionTemplate", "sortOrder"],
            ["name", "iconName", "color", "defaultAmount", "category", "descriptionTemplate", "sortOrder"]
        ),
        ("UseTemplateDto", ["childId", "amount", "description"], ["amount", "description"]),
        (
            "CreateSavingsGoalDto",
            [
                "name", "description", "targetAmount", "imageUrl", "productUrl", "category", "targetDate", "priority", "autoTransferAmount",
                "autoTransferType", "childId",
            ],
            // childId: the product README's ruling (a child's own goal may leave it out).
            ["description", "imageUrl", "productUrl", "targetDate", "childId"]
        ),
        (
            "UpdateSavingsGoalDto",
            [
                "name", "description", "targetAmount", "imageUrl", "productUrl", "category", "targetDate", "priority", "autoTransferAmount",
                "autoTransferType",
            ],
            [
                "name", "description", "targetAmount", "imageUrl", "productUrl", "category", "targetDate", "priority", "autoTransferAmount",
                "autoTransferType",
            ]
        ),
        ("ContributeToGoalDto", ["amount", "description"], ["description"]),
        ("WithdrawFromGoalDto", ["amount", "reason"], ["reason"]),
        ("CreateMatchingRuleDto", ["type", "matchRatio", "maxMatchAmount", "expiresAt"], ["maxMatchAmount", "expiresAt"]),
        (
            "UpdateMatchingRuleDto", ["matchRatio", "maxMatchAmount", "isActive", "expiresAt"],
            ["matchRatio", "maxMatchAmount", "isActive", "expiresAt"]
        ),
        ("CreateGoalChallengeDto", ["targetAmount", "endDate", "bonusAmount", "description"], ["description"]),
        ("MarkGoalPurchasedDto", ["notes"], ["notes"]),
        // The product README's table of paths and fields.
        ("RegisterParentRequest", ["email", "password", "firstName", "lastName", "familyName"], []),
        (
            "RegisterChildRequest", ["email", "password", "firstName", "lastName", "weeklyAllowance", "allowanceDay", "initialBalance"],
            ["allowanceDay", "initialBalance"]
        ),
        ("LoginRequest", ["email", "password", "rememberMe"], []),
        ("CreateTransactionRequest", ["childId", "amount", "type", "description", "category", "notes"], ["category", "notes"]),
        ("CreateLearningSessionDto", ["childId", "bundleIdentifier", "startTime", "endTime"], []),
        ("PointsChangeDto", ["points", "description"], []),
        (
            "CreateLearningGoalDto",
            [
                "childId", "title", "description", "type", "targetValue", "bundleIdentifier", "frequency", "startDate", "endDate",
                "isRecurring",
            ],
            ["description", "bundleIdentifier", "startDate", "endDate"]
        ),
    ]

    @Test func everyDocumentedFieldIsThereAndEveryOptionalOneMayBeLeftOut() throws {
        let schemas = try #require((OpenAPIDocument.document()["components"] as? [String: Any])?["schemas"] as? [String: Any])
        for (name, fields, optional) in Self.documented {
            let schema = try #require(schemas[name] as? [String: Any], "\(name) is not in /openapi.json")
            let properties = Set((schema["properties"] as? [String: Any] ?? [:]).keys)
            #expect(Set(fields).subtracting(properties).isEmpty, "\(name) lacks \(Set(fields).subtracting(properties).sorted())")
            let required = Set(schema["required"] as? [String] ?? [])
            #expect(required.isDisjoint(with: optional), "\(name) requires \(required.intersection(optional).sorted())")
        }
    }

    /// The documents' enumerations, with their numbers (or the learning API's strings).
    @Test func enumerationsTravelWithTheDocumentsValues() throws {
        let schemas = try #require((OpenAPIDocument.document()["components"] as? [String: Any])?["schemas"] as? [String: Any])
        func values(_ type: String, _ field: String) -> [String] {
            let property = ((schemas[type] as? [String: Any])?["properties"] as? [String: Any])?[field] as? [String: Any]
            // A numbered enumeration is its numbers or its names: the numbers are the documents' values.
            let numbers = (property?["oneOf"] as? [[String: Any]])?.first { $0["type"] as? String == "integer" }
            return ((numbers ?? property)?["enum"] as? [Any] ?? []).filter { !($0 is NSNull) }.map { "\($0)" }
        }
        #expect(values("CreateRecurringTransactionDto", "pattern") == ["1", "2", "3", "4", "5", "6"])
        #expect(values("CreateRecurringTransactionDto", "type") == ["Credit", "Debit"])
        #expect(values("CreateSavingsGoalDto", "category") == ["1", "2", "3", "4", "5", "6", "7", "99"])
        #expect(values("CreateSavingsGoalDto", "autoTransferType") == ["0", "1", "2"])
        #expect(values("CreateMatchingRuleDto", "type") == ["1", "2", "3"])
        #expect(values("RegisterChildRequest", "allowanceDay") == ["0", "1", "2", "3", "4", "5", "6"])
        #expect(values("CreateLearningGoalDto", "type") == ["TimeBased", "PointBased", "AppSpecific", "Streak"])
        #expect(values("CreateLearningGoalDto", "frequency") == ["Daily", "Weekly", "Monthly", "Custom"])
        #expect(values("CreateAppCategoryDto", "category") == ["Learning", "Reward"])
        #expect(values("SavingsGoalDto", "status") == ["1", "2", "3", "4", "5"])
        #expect(values("GoalChallengeDto", "status") == ["1", "2", "3", "4"])
        #expect(values("ContributionDto", "type") == ["1", "2", "3", "4", "5", "6", "7", "8"])
    }
}
