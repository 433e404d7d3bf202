import Testing
import TrackerCore

/// Project keys, and the repository a git remote names: the forms gh treats as one repository.
@Suite struct ProjectValuesTests {
    @Test(arguments: [
        "git@github.com:Acme/Web.git", "ssh://git@github.com/acme/web", "ssh://git@github.com:22/acme/web.git",
        "https://github.com/acme/web", "https://user:token@github.com/Acme/Web.git/", "git://github.com/acme/web.git",
    ])
    func everyFormOfOneRepositoryIsTheSame(_ url: String) throws {
        #expect(try GitRemote(url).repository == "github.com/acme/web")
        #expect(try GitRemote(url).url == url)
    }

    @Test func otherRepositoriesAndPathsDiffer() throws {
        #expect(try GitRemote("git@gitlab.com:acme/web.git").repository == "gitlab.com/acme/web")
        #expect(try GitRemote("/srv/git/web.git").repository == "/srv/git/web")
        for bad in ["", "   ", "https://github.com/", "git@github.com:", "a\u{1b}b"] {
            #expect(throws: TrackerError.self, "\(bad)") { try GitRemote(bad) }
        }
    }

    @Test func keysAreALetterThenLettersDigitsAndMarksKeptLowerCase() throws {
        #expect(try ProjectKey("WEB").value == "web")
        #expect(try ProjectKey("api-v2.x_1").value == "api-v2.x_1")
        for bad in ["", "1web", "web app", "web#1", String(repeating: "a", count: 41), "wéb"] {
            #expect(throws: TrackerError.self, "\(bad)") { try ProjectKey(bad) }
        }
        #expect(
            throws: TrackerError.invalidInput(
                field: "project key",
                rule: "'acme/web' is OWNER/REPO; tracker's -R takes a project's key such as web (tracker project list)"
            )
        ) { try ProjectKey("acme/web") }
    }
}
