public import CAdwaita
import CGTK

/// A view controller as a container sees it: an object that owns a widget tree.
///
/// Containers (the browser window) are handed their embedded view controllers through
/// properties typed with this protocol, never as concrete classes (the "strong decoupling"
/// of `ios/clean/README.md`: UI components meet through protocols): they only place the
/// widget. This module imports the UI contracts (`UIInterfaces`) and `Commands`, never the
/// model, Web, Sessions or the WebKit engine: the package graph has no such edge.
@MainActor
public protocol ViewController: AnyObject {
    /// The root of the view controller's widget tree, owned by the view controller.
    var widget: UnsafeMutablePointer<GtkWidget> { get }
}
