import CWebKitGTK
import Foundation

/// Which contents show which site, so that a new content for a site can join the web process
/// of one already showing it: Swiftlet's process model, one web process per site.
///
/// WebKitGTK starts a web process for every view unless the view is made "related" to
/// another, which then shares its process; its documentation suggests exactly this use
/// ("sharing the same web process for all the views in the same security domain"). Chromium
/// does the same in its process-per-site mode and when it reaches its renderer limit, and
/// Firefox keeps the tabs of a site in a few shared processes. A site is a scheme and a
/// registrable domain (``site(of:)``), as Chromium's `SiteInstance` defines it. What a
/// content navigates to later is WebKit's business: a cross-site navigation moves it to a
/// new process (process swap on navigation), and the registry then files it under its new
/// site (``record(_:site:)`` at every commit).
///
/// `Member` is held weakly; a member is filed under one site at a time.
@MainActor
final class SiteProcessRegistry<Member: AnyObject> {
    private struct Entry {
        weak var member: Member?
    }

    /// Per site, its members, oldest first.
    private var members: [String: [Entry]] = [:]
    /// Per member, the site it is filed under.
    private var sites: [ObjectIdentifier: String] = [:]

    /// The oldest live member filed under `site`, if any.
    func member(showing site: String) -> Member? {
        guard var entries = members[site] else { return nil }
        entries.removeAll { $0.member == nil }
        members[site] = entries.isEmpty ? nil : entries
        return entries.first?.member
    }

    /// Files `member` under `site` (nil: under none, for a page such as `about:blank` that
    /// belongs to no site), instead of where it was.
    func record(_ member: Member, site: String?) {
        let key = ObjectIdentifier(member)
        guard sites[key] != site else { return }
        remove(member)
        guard let site else { return }
        sites[key] = site
        members[site, default: []].append(Entry(member: member))
    }

    /// Forgets `member` (closed, or its process ended).
    func remove(_ member: Member) {
        let key = ObjectIdentifier(member)
        guard let site = sites.removeValue(forKey: key) else { return }
        members[site]?.removeAll { $0.member == nil || $0.member === member }
        if members[site]?.isEmpty == true { members[site] = nil }
    }

    /// The site of `url`: `scheme://registrable-domain` for http and https (the domain from
    /// the public suffix list, through libsoup: `https://docs.example.co.uk/a` →
    /// `https://example.co.uk`), with the whole host for an IP address or a host such as
    /// `localhost` that has no registrable domain. The port does not count. Nil for other
    /// schemes (`about:`, `file:`, `data:` …): their pages share no process.
    static func site(of url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host(percentEncoded: false)?.lowercased(), !host.isEmpty
        else { return nil }
        // The result points into the argument: read it while the C string lives.
        let domain = host.withCString { hostname in
            soup_tld_get_base_domain(hostname, nil).map { String(cString: $0) }
        }
        return "\(scheme)://\(domain ?? host)"
    }
}
