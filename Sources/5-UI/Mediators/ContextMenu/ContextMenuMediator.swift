public import Commands
import Foundation
public import Prefs
public import TabModel
public import UIInterfaces
public import Web

/// The page's context menu of a window's tabs (Chromium's `RenderViewContextMenu`,
/// `chrome/browser/renderer_context_menu/render_view_context_menu.cc`): it decides the entries
/// for what the menu is opened on (``sections(for:isIncognito:)``) and carries out the ones
/// that are the browser's (``ContextMenuCommands``), on the tab and the ``ContextMenuParams``
/// the menu was last opened with. The engine shows the menu and does what only it can (copy
/// the selection or an image, inspect the node under the pointer).
///
/// What the user chooses is the user's own: a link opens through the tab's
/// ``WebStateDelegate/openURL(from:params:)``, as a middle-clicked link does, never through
/// the page's window opening (which blocks pop-ups). Back, Forward and Reload go through the
/// toolbar's ``NavigationCommands``, View Page Source through Ctrl+U's ``BrowserCommands``,
/// an incognito window through ``SceneCommands``. Save Link As…, Save Image As… and Save Page
/// As… ask the ``saveFileChooser`` where, and save nothing when the user cancels.
@MainActor
public final class ContextMenuMediator: ContextMenuConfigurationProvider, ContextMenuCommands {
    private let isIncognito: Bool
    private let prefService: PrefService
    private let commands: CommandSender<any ContextMenuCommands>
    private let navigation: CommandSender<any NavigationCommands>
    private let browser: CommandSender<any BrowserCommands>
    private let scene: CommandSender<any SceneCommands>
    private var state = MediatorState("ContextMenuMediator")
    /// The tab the menu was last opened in, and over what.
    private weak var webState: WebState?
    private var params = ContextMenuParams()

    /// Asks where Save … As saves (held weakly); with none, those entries save nothing.
    public weak var saveFileChooser: (any SaveFileChooser)?

    /// The menu of a window (an incognito one when `isIncognito`); searches use the template
    /// in `prefService`'s ``SearchEnginePrefs/searchURL``, as the location bar does. The
    /// entries it carries out come back through `commands`.
    public init(
        isIncognito: Bool, prefService: PrefService, commands: CommandSender<any ContextMenuCommands>,
        navigation: CommandSender<any NavigationCommands>, browser: CommandSender<any BrowserCommands>,
        scene: CommandSender<any SceneCommands>
    ) {
        self.isIncognito = isIncognito
        self.prefService = prefService
        self.commands = commands
        self.navigation = navigation
        self.browser = browser
        self.scene = scene
    }

    /// Ends the mediator; it cannot be used afterwards.
    public func disconnect() {
        state.disconnect()
        webState = nil
    }

    /// The entries for `params`, in sections, as Chromium orders them: the link's, the
    /// image's, the editable field's or the selection's, the page's when the menu is over
    /// none of those, and Inspect Element last. An incognito window offers no incognito
    /// window (its new windows are incognito already).
    public static func sections(for params: ContextMenuParams, isIncognito: Bool) -> [[ContextMenuCommand]] {
        var sections: [[ContextMenuCommand]] = []
        if params.linkURL != nil {
            sections.append(
                [.openLinkInNewTab, .openLinkInNewWindow] + (isIncognito ? [] : [.openLinkInIncognitoWindow]))
            sections.append([.saveLinkAs, .copyLinkAddress])
        }
        if params.hasImage {
            sections.append([.openImageInNewTab, .saveImageAs, .copyImage, .copyImageAddress])
        }
        let search = searchTerms(params.selectionText).map { [ContextMenuCommand.searchWebFor($0)] } ?? []
        if params.isEditable {
            sections.append([.cut, .copy, .paste, .selectAll] + search)
        } else if !search.isEmpty {
            sections.append([.copy] + search)
        }
        if sections.isEmpty {
            sections.append([.back, .forward, .reload])
            sections.append([.savePageAs, .viewPageSource])
        }
        sections.append([.inspectElement])
        return sections
    }

    /// The longest selection a label quotes (Chromium's `kMaxSelectionTextLength`).
    static let maxSelectionTextLength = 50

    /// `selection` on one line, shortened to ``maxSelectionTextLength`` characters with an
    /// ellipsis; nil when it is blank.
    static func searchTerms(_ selection: String) -> String? {
        let words = selection.split(whereSeparator: \.isWhitespace)
        guard !words.isEmpty else { return nil }
        let line = words.joined(separator: " ")
        guard line.count > maxSelectionTextLength else { return line }
        return String(line.prefix(maxSelectionTextLength)) + "…"
    }

    /// The entry's label; those that ask something first end with an ellipsis (GNOME's HIG).
    public static func title(of command: ContextMenuCommand) -> String {
        switch command {
        case .openLinkInNewTab: "Open Link in New Tab"
        case .openLinkInNewWindow: "Open Link in New Window"
        case .openLinkInIncognitoWindow: "Open Link in Incognito Window"
        case .copyLinkAddress: "Copy Link Address"
        case .saveLinkAs: "Save Link As…"
        case .openImageInNewTab: "Open Image in New Tab"
        case .saveImageAs: "Save Image As…"
        case .copyImage: "Copy Image"
        case .copyImageAddress: "Copy Image Address"
        case .cut: "Cut"
        case .copy: "Copy"
        case .paste: "Paste"
        case .selectAll: "Select All"
        case .searchWebFor(let text): "Search the Web for “\(text)”"
        case .back: "Back"
        case .forward: "Forward"
        case .reload: "Reload"
        case .savePageAs: "Save Page As…"
        case .viewPageSource: "View Page Source"
        case .inspectElement: "Inspect Element"
        }
    }

    // MARK: ContextMenuConfigurationProvider

    /// The menu of ``sections(for:isIncognito:)``; the tab and `params` are kept for the
    /// entry chosen.
    public func contextMenuItems(for webState: WebState, params: ContextMenuParams) -> [[ContextMenuItem]] {
        state.check(#function)
        self.webState = webState
        self.params = params
        let history = webState.navigationManagerIfRealized
        return Self.sections(for: params, isIncognito: isIncognito).map { section in
            section.map { command in
                let title = Self.title(of: command)
                switch command {
                case .copyLinkAddress: return ContextMenuItem(title, action: .engine(.copyLinkAddress))
                case .copyImage: return ContextMenuItem(title, action: .engine(.copyImage))
                case .copyImageAddress: return ContextMenuItem(title, action: .engine(.copyImageAddress))
                case .cut: return ContextMenuItem(title, action: .engine(.cut))
                case .copy: return ContextMenuItem(title, action: .engine(.copy))
                case .paste: return ContextMenuItem(title, action: .engine(.paste))
                case .selectAll: return ContextMenuItem(title, action: .engine(.selectAll))
                case .inspectElement: return ContextMenuItem(title, action: .engine(.inspectElement))
                default:
                    let isEnabled =
                        switch command {
                        case .back: history?.canGoBack ?? false
                        case .forward: history?.canGoForward ?? false
                        default: true
                        }
                    return ContextMenuItem(
                        title, isEnabled: isEnabled,
                        action: .perform { [commands] in
                            commands.send { $0.executeContextMenuCommand(command) }
                        })
                }
            }
        }
    }

    // MARK: ContextMenuCommands

    /// Carries out `command` on what the menu was last opened on; nothing once that tab is
    /// gone. The engine's own entries are the engine's and do nothing here.
    public func executeContextMenuCommand(_ command: ContextMenuCommand) {
        state.check(#function)
        guard let webState, !webState.isBeingDestroyed else { return }
        switch command {
        case .openLinkInNewTab: open(params.linkURL, .newBackgroundTab, from: webState)
        case .openLinkInNewWindow: open(params.linkURL, .newWindow, from: webState)
        case .openLinkInIncognitoWindow:
            guard let url = params.linkURL else { return }
            scene.send { $0.openInIncognitoWindow(url) }
        case .saveLinkAs: save(params.linkURL, title: "Save Link", from: webState)
        case .openImageInNewTab: open(params.imageURL, .newBackgroundTab, from: webState)
        case .saveImageAs: save(params.imageURL, title: "Save Image", from: webState)
        case .searchWebFor:
            let classifier = LocationInputClassifier(
                searchURLTemplate: prefService.string(SearchEnginePrefs.searchURL))
            let terms = params.selectionText.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            guard !terms.isEmpty else { return }
            open(classifier.searchURL(for: terms), .newForegroundTab, from: webState)
        case .back: navigation.send { $0.goBack() }
        case .forward: navigation.send { $0.goForward() }
        case .reload: navigation.send { $0.reload() }
        case .savePageAs: savePage(of: webState)
        case .viewPageSource: browser.send { $0.viewSource() }
        case .copyLinkAddress, .copyImage, .copyImageAddress, .cut, .copy, .paste, .selectAll,
            .inspectElement:
            break
        }
    }

    /// Opens `url` from `webState` where the user asked, as the user's own request (Chromium's
    /// `RenderViewContextMenu::OpenURL`: not renderer-initiated, never a pop-up).
    private func open(_ url: URL?, _ disposition: WindowOpenDisposition, from webState: WebState) {
        guard let url else { return }
        _ = webState.delegate?.openURL(
            from: webState,
            params: WebState.OpenURLParams(url: url, disposition: disposition, isRendererInitiated: false))
    }

    /// Asks where to save `url`, then downloads it there from `webState`'s page.
    private func save(_ url: URL?, title: String, from webState: WebState) {
        guard let url, let saveFileChooser else { return }
        saveFileChooser.chooseSaveLocation(title: title, suggestedName: Self.suggestedName(for: url)) {
            [weak webState] destination in
            guard let destination, let webState, !webState.isBeingDestroyed else { return }
            webState.download(url, to: destination)
        }
    }

    /// Asks where to save the page, then saves it there. As in GNOME Web (Epiphany's
    /// `ephy_web_view_save`), a name ending in `.mhtml` — the one offered — gets the page as
    /// it is shown, its images and styles included, in one MHTML file; any other name gets the
    /// page's own file as the server sent it (a download of its URL), which is what a user who
    /// renames it to `.html` expects to find.
    private func savePage(of webState: WebState) {
        guard let pageURL = webState.lastCommittedURL, let saveFileChooser else { return }
        saveFileChooser.chooseSaveLocation(
            title: "Save Page", suggestedName: Self.suggestedPageName(title: webState.title, url: pageURL)
        ) { [weak webState] destination in
            guard let destination, let webState, !webState.isBeingDestroyed else { return }
            if destination.pathExtension.lowercased() == "mhtml" {
                webState.savePage(to: destination) { _ in }
            } else {
                webState.download(pageURL, to: destination)
            }
        }
    }

    /// The file name offered for `url`: its last path component, or "download" without one.
    static func suggestedName(for url: URL) -> String {
        let name = url.lastPathComponent
        return name.isEmpty || name == "/" ? "download" : name
    }

    /// The file name offered for a page: its title (else its host, else "page") with
    /// `.mhtml`, without the characters a file name cannot hold.
    static func suggestedPageName(title: String, url: URL) -> String {
        let base =
            title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? (url.host ?? "page") : title
        let cleaned = base.replacingOccurrences(of: "/", with: "-").trimmingCharacters(
            in: .whitespacesAndNewlines)
        return (cleaned.isEmpty ? "page" : cleaned) + ".mhtml"
    }
}
