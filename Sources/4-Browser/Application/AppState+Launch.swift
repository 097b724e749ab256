import Base
import Foundation
import Logging
public import Profiles
import Sessions

extension AppState {
    /// Runs the launch sequence (see the type's documentation) with windows opening in the
    /// profile `profileName` (made if missing); each restored window is announced as it
    /// connects. Throws if that profile cannot be opened.
    @discardableResult
    public func launch(profileName: String = "Default") throws(ProfileManager.Error) -> LaunchOutcome {
        precondition(initStage == .start, "AppState.launch: already launched")
        context.start()
        initStage = .browserBasic
        let crashed = context.lastRunCrashed
        let profile = try context.profileManager.createProfile(named: profileName)
        self.profile = profile
        for record in openScenes.scenes + openScenes.crashedScenes {
            _ = try? context.profileManager.loadProfile(named: record.profileName)
        }
        let profiles = context.profileManager.loadedProfiles
        for profile in profiles {
            watchIncognito(profile)
            _ = memorySavers.memorySaver(for: profile)
        }
        initStage = .profileLoaded

        var crashedScenes: [OpenScene] = []
        if crashed {
            crashedScenes = openScenes.moveOpenScenesToCrashed()
            for profile in profiles {
                for storage in storageDirectories(of: profile) {
                    let recovery = SessionCrashRecovery(storageDirectory: storage)
                    recovery.setAsideIfNeeded(lastRunCrashed: true)
                    recovery.reserveStoredTabIDs()
                }
            }
            Logger.application.warning(
                "the last run did not exit cleanly; \(crashedScenes.count) windows wait to be restored")
        } else {
            // After a clean quit nothing waits for a choice, and incognito windows are gone.
            openScenes.clearCrashed()
            for record in openScenes.scenes where record.isIncognito { openScenes.remove(record) }
            for profile in profiles { deleteIncognitoState(of: profile) }
        }

        var purged: [String] = []
        if openScenes.isKnown {
            let kept = openScenes.scenes + openScenes.crashedScenes
            for profile in profiles {
                let keep = kept.filter { !$0.isIncognito && $0.profileName == profile.name.rawValue }
                purged += sessionServices.sessionRestoration(for: profile).purgeDiscardedSessions(
                    keeping: Set(keep.map(\.sessionID)), into: sessionServices.tabRestore(for: profile))
            }
        }

        var restored: [SceneState] = []
        if !crashed {
            let records: [OpenScene]
            if openScenes.isKnown {
                records = openScenes.scenes
            } else {
                // Without Local State every regular session on disk is taken as open.
                records = sessionServices.sessionRestoration(for: profile).discardedSessionIDs(keeping: [])
                    .map { OpenScene(sessionID: $0, profileName: profile.name.rawValue) }
            }
            for record in records {
                guard let owner = context.profileManager.profile(named: record.profileName) else {
                    Logger.application.error(
                        "window \(record.sessionID): profile \(record.profileName) is not available")
                    continue
                }
                let scene = restoreScene(record.sessionID, profile: owner, afterCrash: false)
                restored.append(scene)
                connect(scene)
            }
        }
        initStage = .final
        return LaunchOutcome(
            restoredScenes: restored, lastRunCrashed: crashed, crashedScenes: crashedScenes,
            purgedSessionIDs: purged)
    }

    /// The session storage directories of `profile`: its own and its incognito one.
    func storageDirectories(of profile: Profile) -> [URL] {
        [
            sessionServices.sessionRestoration(for: profile).storageDirectory,
            SessionServices.storageDirectory(inProfile: profile.offTheRecordStatePath),
        ]
    }

    func deleteIncognitoState(of profile: Profile) {
        if profile.hasOffTheRecordProfile {
            profile.destroyOffTheRecordProfile()
        } else if FileManager.default.fileExists(atPath: profile.offTheRecordStatePath.path) {
            do {
                try PrivateStorage.removeDirectory(atPath: profile.offTheRecordStatePath.path)
            } catch {
                Logger.application.error("could not delete the incognito state of \(profile.name): \(error)")
            }
        }
    }

    func watchIncognito(_ profile: Profile) {
        guard incognitoLifetimes[ObjectIdentifier(profile)] == nil else { return }
        incognitoLifetimes[ObjectIdentifier(profile)] = IncognitoSessionLifetime(
            profile: profile, browserList: browserLists.browserList(for: profile), services: sessionServices,
            clock: context.clock
        ) { [weak self] browsers in self?.scenesEnded(browsers) }
    }
}
