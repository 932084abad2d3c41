import AllowanceAPI
import AllowanceKit
import Foundation
import Testing

@Suite struct CLISessionTests {
    @Test func loginAsksForThePasswordAndKeepsAPrivateSession() async throws {
        try await withLiveServer { server in
            // setup
            let cli = CLIHarness()
            // act
            let run = await cli.run(["login", "--server", server.url.absoluteString, "--email", "parent@example.com"])
            // assert
            #expect(run.status == 0)
            #expect(run.stdout == "Signed in to \(server.url.absoluteString) as Alex Demo (parent, The Demo Family).\n")
            #expect(run.stderr.isEmpty)
            #expect(cli.prompts == ["Password for parent@example.com: "])
            let attributes = try FileManager.default.attributesOfItem(atPath: cli.credentialsFile.path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        }
    }

    @Test func passwordStdinServesScriptsAndAWrongOneIsRefused() async throws {
        try await withLiveServer { server in
            let cli = CLIHarness()
            let wrong = await cli.run(
                ["login", "--server", server.url.absoluteString, "--email", "parent@example.com", "--password-stdin"], stdin: "nope\n")
            #expect(wrong.status == 1)
            #expect(wrong.stdout.isEmpty)
            #expect(wrong.stderr == "error: Invalid email or password\n")
            #expect(await cli.login(server).status == 0)
            #expect(cli.prompts.isEmpty)
        }
    }

    @Test func logoutForgetsTheSessionAndLaterCommandsSaySo() async throws {
        try await withLiveServer { server in
            let cli = CLIHarness()
            await cli.login(server)
            let logout = await cli.run(["logout"])
            #expect(logout == CLIRun(status: 0, stdout: "Signed out.\n", stderr: ""))
            #expect(!FileManager.default.fileExists(atPath: cli.credentialsFile.path))
            let after = await cli.run(["balance", "Kai"])
            #expect(after.status == 1)
            #expect(after.stdout.isEmpty)
            #expect(after.stderr.hasPrefix("error: Not signed in. Run `allowance login"))
        }
    }

    @Test func environmentVariablesWorkInPlaceOfLogin() async throws {
        try await withLiveServer { server in
            let token = try await server.parentClient().currentSession()?.token
            let cli = CLIHarness(environment: ["ALLOWANCE_SERVER": server.url.absoluteString, "ALLOWANCE_TOKEN": try #require(token)])
            let run = await cli.run(["balance", "kai"])
            #expect(run == CLIRun(status: 0, stdout: "Kai: $100.00\n", stderr: ""))
        }
    }

    @Test func anExpiredSessionTellsHowToSignInAgain() async throws {
        try await withLiveServer { server in
            let cli = CLIHarness()
            await cli.login(server)
            server.now.value = server.now.value.addingTimeInterval(2 * 24 * 3600)
            let run = await cli.run(["children"])
            #expect(run.status == 1)
            #expect(run.stdout.isEmpty)
            #expect(run.stderr == "error: Your session has ended. Please sign in again. Run `allowance login` to sign in.\n")
        }
    }

    /// `ALLOWANCE_TOKEN` is used before the saved session, so "run `allowance login`" would not help.
    @Test func anEndedTokenFromTheEnvironmentSaysToReplaceIt() async throws {
        try await withLiveServer { server in
            let cli = CLIHarness(environment: ["ALLOWANCE_SERVER": server.url.absoluteString, "ALLOWANCE_TOKEN": "not-a-session"])
            let run = await cli.run(["children"])
            #expect(run.status == 1)
            #expect(
                run.stderr
                    == "error: ALLOWANCE_TOKEN is no longer a live session. Set a new one, or unset it to use the session `allowance login` saves.\n"
            )
        }
    }

    @Test func theAPIsAddressServesAsTheServers() async throws {
        try await withLiveServer { server in
            let cli = CLIHarness()
            let api = server.url.absoluteString + "/api/v1/"
            let run = await cli.run(["login", "--server", api, "--email", "parent@example.com", "--password-stdin"], stdin: "allowance\n")
            #expect(run.status == 0 && run.stderr.isEmpty)
            #expect(await cli.run(["balance", "Kai"]).stdout == "Kai: $100.00\n")
        }
    }

    @Test func anUnreachableServerIsAnErrorNotACrash() async throws {
        let cli = CLIHarness(environment: ["ALLOWANCE_SERVER": "http://127.0.0.1:1", "ALLOWANCE_TOKEN": "token"])
        let run = await cli.run(["children"])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("error: Could not reach the server at 127.0.0.1:1."))
    }

    @Test func usageMistakesAndHelp() async throws {
        let cli = CLIHarness()
        let missing = await cli.run(["add", "Kai"])
        #expect(missing.status == 64)
        #expect(missing.stdout.isEmpty)
        #expect(missing.stderr.contains("Missing expected argument"))
        let negative = await cli.run(["spend", "Kai", "-5", "Candy"])
        #expect(negative.status == 64)
        #expect(
            negative.stderr
                == "error: -5 is an amount with a sign; amounts are written without one. `allowance add` adds money, `allowance spend` takes it away.\n"
        )
        // An option is still an option: only a number is taken for an amount.
        #expect(await cli.run(["add", "Kai", "5", "Chores", "-h"]).status == 0)
        let help = await cli.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("contribute"))
        let bare = await cli.run([])
        #expect(bare.status == 0)
        #expect(bare.stdout.contains("USAGE: allowance"))
    }
}
