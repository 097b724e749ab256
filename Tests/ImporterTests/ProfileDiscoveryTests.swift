import Foundation
import Importer
import Testing

/// Finding the profiles of Firefox, Chromium and Chrome, and GNOME Web under a home and XDG
/// directories the tests make.
struct ProfileDiscoveryTests {
    /// A `profiles.ini` as Firefox 67 and later writes it: an install section naming the
    /// default, which wins over the older `Default=1`; a profile kept outside the directory.
    static let profilesINI = """
        [Install4F96D1932A9F858E]
        Default=Profiles/abcd1234.default-release
        Locked=1

        [Profile1]
        Name=default
        IsRelative=1
        Path=Profiles/wxyz9876.default
        Default=1

        [Profile0]
        Name=Café — ünï 日本
        IsRelative=1
        Path=Profiles/abcd1234.default-release

        [Profile2]
        Name=elsewhere
        IsRelative=0
        Path=/nonexistent/elsewhere

        [General]
        StartWithLastProfile=1
        Version=2
        """

    @Test func profilesIniListsEveryProfileAndTheInstallDefaultWins() {
        let root = URL(filePath: "/home/u/.mozilla/firefox", directoryHint: .isDirectory)
        let profiles = FirefoxProfiles.profiles(ini: Self.profilesINI, root: root)
        #expect(profiles.map(\.name) == ["default", "Café — ünï 日本", "elsewhere"])
        #expect(profiles.map(\.isDefault) == [false, true, false])
        #expect(profiles[1].directory.path == "/home/u/.mozilla/firefox/Profiles/abcd1234.default-release")
        #expect(profiles[2].directory.path == "/nonexistent/elsewhere")
        #expect(profiles[1].placesFile.lastPathComponent == "places.sqlite")
    }

    @Test func withoutAnInstallSectionDefaultOneIsTheDefault() {
        let ini =
            "[Profile0]\nName=a\nIsRelative=1\nPath=a\n\n[Profile1]\nName=b\nIsRelative=1\nPath=b\nDefault=1\n"
        let profiles = FirefoxProfiles.profiles(ini: ini, root: URL(filePath: "/r"))
        #expect(profiles.map(\.isDefault) == [false, true])
    }

    @Test func firefoxProfilesAreFoundInEveryPlaceFirefoxKeepsThem() throws {
        let home = try TemporaryDirectory()
        let xdg = try home.makeDirectory("xdg-config")
        // The classic place, with both profiles present.
        try home.write(Data(Self.profilesINI.utf8), at: ".mozilla/firefox/profiles.ini")
        _ = try home.makeDirectory(".mozilla/firefox/Profiles/abcd1234.default-release")
        _ = try home.makeDirectory(".mozilla/firefox/Profiles/wxyz9876.default")
        // The XDG place (Firefox 147+), the snap's and the Flatpak's.
        for (root, name) in [
            ("xdg-config/mozilla/firefox", "xdg"), ("snap/firefox/common/.mozilla/firefox", "snap"),
            (".var/app/org.mozilla.firefox/.mozilla/firefox", "flatpak"),
        ] {
            try home.write(
                Data("[Profile0]\nName=\(name)\nIsRelative=1\nPath=p\nDefault=1\n".utf8),
                at: "\(root)/profiles.ini")
            _ = try home.makeDirectory("\(root)/p")
        }
        // A profile whose directory is gone.
        try home.write(
            Data(
                "[Profile0]\nName=flatpak\nIsRelative=1\nPath=p\nDefault=1\n[Profile1]\nName=gone\nPath=gone\n"
                    .utf8),
            at: ".var/app/org.mozilla.firefox/.mozilla/firefox/profiles.ini")

        let profiles = FirefoxProfiles.find(home: home.url, xdgConfigHome: xdg)
        #expect(profiles.map(\.name) == ["xdg", "default", "Café — ünï 日本", "snap", "flatpak"])
        #expect(profiles.filter(\.isDefault).map(\.name) == ["xdg", "Café — ünï 日本", "snap", "flatpak"])
        #expect(FirefoxProfiles.find(home: home.url.appending(path: "nothing"), xdgConfigHome: nil).isEmpty)
    }

    @Test func theSessionFileIsTheRunningSessionsElseTheOneLeftAtQuit() throws {
        let home = try TemporaryDirectory()
        let profile = FirefoxProfiles.Profile(name: "p", directory: home.url, isDefault: true)
        #expect(profile.sessionFile == nil)
        try home.write(Data(), at: "sessionstore.jsonlz4")
        #expect(profile.sessionFile?.lastPathComponent == "sessionstore.jsonlz4")
        try home.write(Data(), at: "sessionstore-backups/recovery.jsonlz4")
        #expect(
            profile.sessionFile?.path
                == home.url.appending(path: "sessionstore-backups/recovery.jsonlz4").path)
    }

    @Test func chromiumProfilesAreTheDirectoriesWithBookmarksOrHistory() throws {
        let home = try TemporaryDirectory()
        let localState = """
            {"profile": {"info_cache": {"Default": {"name": "Personne <1> & “ü”"},
                                        "Profile 1": {"name": "Travail 日本"}}}}
            """
        try home.write(Data(localState.utf8), at: ".config/chromium/Local State")
        try home.write(Data("{}".utf8), at: ".config/chromium/Default/Bookmarks")
        try home.write(Data(), at: ".config/chromium/Profile 1/History")
        try home.write(Data(), at: ".config/chromium/Profile 2/History")  // not in Local State
        _ = try home.makeDirectory(".config/chromium/Crashpad")  // no profile files
        try home.write(Data(), at: ".config/chromium/Guest Profile/History")
        try home.write(Data(), at: ".config/chromium/System Profile/History")
        try home.write(Data(), at: ".config/google-chrome/Default/History")  // no Local State
        try home.write(Data(), at: ".var/app/org.chromium.Chromium/config/chromium/Default/Bookmarks")
        try home.write(Data(), at: "snap/chromium/common/chromium/Default/History")

        let profiles = ChromiumProfiles.find(home: home.url, xdgConfigHome: nil)
        #expect(
            profiles.map { "\($0.browser): \($0.name) (\($0.directory.lastPathComponent))" } == [
                "Chromium: Personne <1> & “ü” (Default)", "Chromium: Travail 日本 (Profile 1)",
                "Chromium: Profile 2 (Profile 2)", "Google Chrome: Default (Default)",
                "Chromium: Default (Default)", "Chromium: Default (Default)",
            ])
        #expect(profiles[1].historyFile.lastPathComponent == "History")
        #expect(ChromiumProfiles.profileNames(localState: Data("not json".utf8)).isEmpty)
    }

    @Test func chromiumHonoursXDGConfigHome() throws {
        let home = try TemporaryDirectory()
        let xdg = try home.makeDirectory("elsewhere")
        try home.write(Data(), at: "elsewhere/chromium/Default/History")
        try home.write(Data(), at: ".config/chromium/Default/History")
        let profiles = ChromiumProfiles.find(home: home.url, xdgConfigHome: xdg)
        #expect(profiles.map(\.directory.path) == [xdg.appending(path: "chromium/Default").path])
    }

    @Test func gnomeWebProfilesAreTheDataDirectoryAndTheFlatpaks() throws {
        let home = try TemporaryDirectory()
        let data = try home.makeDirectory("data")
        #expect(EpiphanyProfile.find(home: home.url, xdgDataHome: data).isEmpty)
        try home.write(Data(), at: "data/epiphany/ephy-history.db")
        try home.write(Data(), at: ".var/app/org.gnome.Epiphany/data/epiphany/bookmarks.gvdb")
        let profiles = EpiphanyProfile.find(home: home.url, xdgDataHome: data)
        #expect(profiles.map(\.name) == ["GNOME Web", "GNOME Web (Flatpak)"])
        #expect(profiles[0].historyFile.path == data.appending(path: "epiphany/ephy-history.db").path)
    }
}
