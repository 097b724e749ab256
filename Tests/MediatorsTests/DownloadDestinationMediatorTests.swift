import Foundation
import Mediators
import ModelTestSupport
import Prefs
import Profiles
import Testing
import UIInterfaces
import Web
import WebTestSupport

/// Where downloads go, from the profile's prefs read at each download.
@MainActor
struct DownloadDestinationMediatorTests {
    let prefs: PrefService
    let mediator: DownloadDestinationMediator
    let chooser = FakeSaveFileChooser()
    let userDownloads = URL(fileURLWithPath: "/home/user/Downloads", isDirectory: true)

    init() throws {
        let application = TestProfile.makeApplicationContext(
            engine: FakeWebEngine(), registerProfilePrefs: { DownloadPrefs.register(in: $0) })
        prefs = try application.profileManager.createProfile(named: "Default").prefs
        mediator = DownloadDestinationMediator(prefs: prefs, defaultDirectory: userDownloads)
    }

    func decide(_ name: String) -> DownloadDestination?? {
        var answer: DownloadDestination??
        mediator.decideDestination(suggestedFileName: name) { answer = .some($0) }
        return answer
    }

    @Test func downloadsGoToTheUsersDownloadDirectoryUnlessTheFolderPrefSaysOtherwise() {
        mediator.addChooser(chooser)
        #expect(decide("a.zip") == .some(.directory(userDownloads)))
        prefs.set(DownloadPrefs.defaultDirectory, .string("/data/incoming"))
        #expect(
            decide("a.zip") == .some(.directory(URL(fileURLWithPath: "/data/incoming", isDirectory: true))))
        prefs.set(DownloadPrefs.defaultDirectory, .string(""))
        #expect(decide("a.zip") == .some(.directory(userDownloads)))
        #expect(chooser.asked.isEmpty)
    }

    @Test func askingWhereOffersTheFolderAndTheNameAndWaitsForTheAnswer() {
        mediator.addChooser(chooser)
        prefs.set(DownloadPrefs.promptForDownload, .bool(true))
        prefs.set(DownloadPrefs.defaultDirectory, .string("/data/incoming"))
        chooser.answersLater = true
        chooser.answer = URL(fileURLWithPath: "/elsewhere/renamed.zip")

        #expect(decide("../report.zip") == .none, "nothing decided before the answer")
        var answer: DownloadDestination??
        mediator.decideDestination(suggestedFileName: "report.zip") { answer = .some($0) }
        #expect(
            chooser.asked == [
                "Save File: report.zip in /data/incoming", "Save File: report.zip in /data/incoming",
            ])
        chooser.answerPending()
        #expect(answer == .some(.file(URL(fileURLWithPath: "/elsewhere/renamed.zip"))))

        chooser.answersLater = false
        chooser.answer = nil
        #expect(decide("b.zip") == .some(nil), "Cancel cancels the download")
    }

    @Test func theDialogOpensOverTheFocusedWindowElseTheOneOpenedLast() {
        let other = FakeSaveFileChooser()
        mediator.addChooser(chooser)
        mediator.addChooser(other)
        prefs.set(DownloadPrefs.promptForDownload, .bool(true))
        _ = decide("a.zip")
        chooser.isInFocusedWindow = true
        _ = decide("b.zip")
        #expect(other.asked == ["Save File: a.zip in /home/user/Downloads"])
        #expect(chooser.asked == ["Save File: b.zip in /home/user/Downloads"])
    }

    @Test func withoutAWindowToAskInTheDownloadGoesToTheFolder() {
        prefs.set(DownloadPrefs.promptForDownload, .bool(true))
        #expect(decide("a.zip") == .some(.directory(userDownloads)))
        mediator.addChooser(chooser)
        mediator.removeChooser(chooser)
        #expect(decide("a.zip") == .some(.directory(userDownloads)))
        #expect(chooser.asked.isEmpty)
    }
}
