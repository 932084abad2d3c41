import AllowanceAPI
import Foundation
import Testing
import Vapor

@testable import AllowanceServer

/// What schemathesis found where the server and `/openapi.json` disagreed, kept as tests: a
/// request the document allows is not refused with 400, one it forbids is not accepted, and a
/// rule no schema can state answers 422.
@Suite struct ContractTests {
    /// The document counts a length in code points, as JSON Schema does; so does the server,
    /// on the text as sent (a combining accent is a character of its own, and so is a space).
    @Test func lengthsCountCodePointsAsSent() async throws {
        try await withApp { client in
            // setup
            let family = try await client.family()
            let accented = String(repeating: "e\u{301}", count: 50)  // 100 code points, 50 letters as people see them
            // act
            let fits = try await client.send(
                .PUT, "/api/v1/families/current", token: family.parent.token, json: UpdateFamilyRequest(name: accented))
            let tooLong = try await client.send(
                .PUT, "/api/v1/families/current", token: family.parent.token, json: UpdateFamilyRequest(name: accented + "e"))
            let padded = try await client.send(
                .PUT, "/api/v1/families/current", token: family.parent.token,
                json: UpdateFamilyRequest(name: String(repeating: "x", count: 100) + " "))
            // assert
            #expect(fits.status == .ok)
            #expect(tooLong.status == .badRequest && tooLong.error?.message == "Family name must be at most 100 characters")
            #expect(padded.status == .badRequest)
            let current: FamilyResponse = try await client.call(.GET, "/api/v1/families/current", token: family.parent.token)
            #expect(current.name == accented)
        }
    }

    /// Blanks are what a pattern's `\s` means (ECMA-262): a byte-order mark is one, U+0085 is not.
    @Test func blanksAreThePatternsBlanks() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 10_00))])
            let kai = family.children[0]
            let bom = try await client.send(
                .POST, "/api/v1/transactions", token: family.parent.token,
                json: CreateTransactionRequest(childId: kai.id, amount: Money(cents: 1_00), type: .credit, description: "\u{FEFF}"))
            #expect(bom.status == .badRequest && bom.error?.message == "Description is required")
            let spaced = try await client.send(
                .POST, "/api/v1/app-categories", token: family.parent.token,
                json: CreateAppCategoryDto(appName: "Khan", bundleIdentifier: " org.khanacademy.Khan", category: .learning))
            #expect(spaced.status == .badRequest)
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 10_00))
        }
    }

    /// An "@" that an emoji modifier follows is one character to Swift but still an "@" to the
    /// document's pattern: the address is read as Unicode scalars.
    @Test func anEmailIsReadAsScalars() async throws {
        try await withApp { client in
            let response = try await client.send(
                .POST, "/api/v1/auth/register/parent",
                json: RegisterParentRequest(
                    // Its own address each run: a PostgreSQL test database outlives a run.
                    email: "pat.\(UUID().uuidString.prefix(8))@\u{1F3FB}example.com", password: "secret1", firstName: "Pat",
                    lastName: "Parent", familyName: "P"))
            #expect(response.status == .created)
        }
    }

    /// The decoder reads a null as a field left out, and the document says so (`nullable`).
    @Test func aNullOptionalFieldIsLeftOut() async throws {
        try await withApp { client in
            let family = try await client.family(timeZone: "Europe/Oslo")
            let response = try await client.send(
                .PUT, "/api/v1/families/current", token: family.parent.token, body: #"{"name": "The Larsens", "timeZone": null}"#)
            #expect(response.status == .ok)
            let current: FamilyResponse = try await client.call(.GET, "/api/v1/families/current", token: family.parent.token)
            #expect(current.name == "The Larsens" && current.timeZone == "Europe/Oslo")
        }
    }

    /// A body that breaks the document is 400 whoever sends it; only a good one learns of Premium.
    @Test func aBadBadgeIsRefusedBeforeThePlanIsAsked() async throws {
        try await withApp { client in
            let family = try await client.family()
            let bad = try await client.send(
                .POST, "/api/v1/badges", token: family.parent.token,
                body: #"{"title":"X","measure":"Hours","threshold":5,"pointsAwarded":-5}"#)
            let good = try await client.send(
                .POST, "/api/v1/badges", token: family.parent.token, body: #"{"title":"X","measure":"Hours","threshold":5}"#)
            #expect(bad.status == .badRequest)
            #expect(good.status == .paymentRequired)
        }
    }

    /// A missing body breaks the operation's required `requestBody`: 400, like bad JSON.
    @Test func aMissingBodyIs400() async throws {
        try await withApp { client in
            let family = try await client.family()
            // A JSON request with nothing in it (Vapor's own answer was 422).
            let response = try await client.send(.POST, "/api/v1/transactions", token: family.parent.token, body: "")
            #expect(response.status == .badRequest)
            #expect(response.error?.code == "invalid_request")
        }
    }

    /// 400 is for what the document states; a rule it cannot state (the date, another field) is 422.
    @Test func aRuleTheDocumentCannotStateIs422() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 10_00))])
            let kai = family.children[0].id
            let past = try await client.send(
                .POST, "/api/v1/savings-goals", token: family.parent.token,
                body: #"{"childId":"\#(kai)","name":"Bike","targetAmount":10,"targetDate":"2026-11-20"}"#)
            let pair = try await client.send(
                .POST, "/api/v1/savings-goals", token: family.parent.token,
                body: #"{"childId":"\#(kai)","name":"Bike","targetAmount":10,"autoTransferType":2,"autoTransferAmount":150}"#)
            let shape = try await client.send(
                .POST, "/api/v1/savings-goals", token: family.parent.token,
                body: #"{"childId":"\#(kai)","name":"Bike","targetAmount":10,"priority":101}"#)
            #expect(past.status == .unprocessableEntity && past.error?.code == "validation_failed")
            #expect(pair.status == .unprocessableEntity && pair.error?.code == "validation_failed")
            #expect(shape.status == .badRequest && shape.error?.code == "validation_failed")
        }
    }

    /// PostgreSQL cannot store U+0000: it is refused as the request is read (it was a 500 there).
    @Test func aNULIsRefusedBeforeItReachesTheDatabase() async throws {
        try await withApp { client in
            let family = try await client.family(name: "The Larsens", children: [("Kai", Money(cents: 10_00))])
            let token = family.parent.token
            let body = try await client.send(.PUT, "/api/v1/families/current", token: token, body: #"{"name": "X\u0000Y"}"#)
            let login = try await client.send(.POST, "/api/v1/auth/login", body: #"{"email": "a\u0000@example.com", "password": "x"}"#)
            let query = try await client.send(.GET, "/api/v1/children/\(family.children[0].id)/transactions?search=a%00b", token: token)
            // An escaped backslash before "u0000" is six plain characters.
            let plain = try await client.send(.PUT, "/api/v1/families/current", token: token, body: #"{"name": "X\\u0000Y"}"#)
            #expect(body.status == .badRequest && body.error?.message == "Text may not contain the NUL character (U+0000)")
            #expect(login.status == .badRequest)
            #expect(query.status == .badRequest)
            #expect(plain.status == .ok)
            let current: FamilyResponse = try await client.call(.GET, "/api/v1/families/current", token: token)
            #expect(current.name == #"X\u0000Y"#)
        }
    }
}
