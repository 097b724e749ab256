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

        // What could not be read so far (prefs, recently closed, closed windows kept on disk):
        // the first window reports it.
        let unread = filesNotReadable(in: profiles) + purgeProblems(profiles).filter(\.isNotReadable)
        launchProblemsToReport = unread

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
            purgedSessionIDs: purged, localStateProblems: openScenes.problems,
            notReadable: unread
                + restored.flatMap(\.restoreProblems).filter { $0.isNotReadable && !unread.contains($0) })
    }

    /// The files of the user data directory that could not be read, though they may be fine
    /// (a careless `sudo swiftlet` leaves files the user may not read): each is left as it
    /// is and never written in this run.
    private func filesNotReadable(in profiles: [Profile]) -> [SessionProblem] {
        var problems: [SessionProblem] = []
        for prefs in [context.localState] + profiles.map(\.prefs) {
            if let problem = prefs.loadProblem, case .unreadable(let error) = problem.reason {
                problems.append(.fileNotReadable(path: problem.path, error: error))
            }
        }
        for profile in profiles {
            if let problem = sessionServices.tabRestore(for: profile).loadProblem, problem.isNotReadable {
                problems.append(problem)
            }
        }
        return problems
    }

    /// What the services met so far (the purge of closed windows among it).
    private func purgeProblems(_ profiles: [Profile]) -> [SessionProblem] {
        profiles.flatMap { sessionServices.sessionRestoration(for: $0).problems }
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
