import AllowanceAPI
import AllowanceCore
import Foundation
import Vapor

/// What the auth pages show and the forms they read.
extension AuthPages {
    struct LoginForm: Content {
        var email: String?
        var password: String?
        var rememberMe: String?
        var next: String?
    }

    struct LoginPage: Encodable {
        var email = ""
        var rememberMe = false
        var next = ""
        var error: String?
    }

    struct RegisterForm: Content {
        var email: String?
        var password: String?
        var confirmPassword: String?
        var firstName: String?
        var lastName: String?
        var familyName: String?
        var timeZone: String?
    }

    struct RegisterPage: Encodable {
        var email = "", firstName = "", lastName = "", familyName = "", timeZone = "America/New_York"
        var zones: [Zone] = []
        var error: String?
        struct Zone: Encodable {
            let id: String
            let selected: Bool
        }
    }
}
