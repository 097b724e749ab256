import Foundation
import GRDB

/// A `places.sqlite` built with Firefox's schema (toolkit/components/places/nsPlacesTables.h),
/// its fixed roots with their real ids and guids, and what a test adds. The writer stays open
/// in WAL mode with checkpoints off, as Firefox keeps it: what was written is in `-wal` only.
final class FirefoxPlacesFixture {
    let file: URL
    let writer: DatabasePool

    static let schema = """
        CREATE TABLE moz_origins (id INTEGER PRIMARY KEY, prefix TEXT NOT NULL, host TEXT NOT NULL,
          frecency INTEGER NOT NULL, recalc_frecency INTEGER NOT NULL DEFAULT 0, alt_frecency INTEGER,
          recalc_alt_frecency INTEGER NOT NULL DEFAULT 0, UNIQUE (prefix, host));
        CREATE TABLE moz_places (id INTEGER PRIMARY KEY, url LONGVARCHAR, title LONGVARCHAR,
          rev_host LONGVARCHAR, visit_count INTEGER DEFAULT 0, hidden INTEGER DEFAULT 0 NOT NULL,
          typed INTEGER DEFAULT 0 NOT NULL, frecency INTEGER DEFAULT -1 NOT NULL, last_visit_date INTEGER,
          guid TEXT, foreign_count INTEGER DEFAULT 0 NOT NULL, url_hash INTEGER DEFAULT 0 NOT NULL,
          description TEXT, preview_image_url TEXT, site_name TEXT,
          origin_id INTEGER REFERENCES moz_origins(id), recalc_frecency INTEGER NOT NULL DEFAULT 0,
          alt_frecency INTEGER, recalc_alt_frecency INTEGER NOT NULL DEFAULT 0);
        CREATE TABLE moz_historyvisits (id INTEGER PRIMARY KEY, from_visit INTEGER, place_id INTEGER,
          visit_date INTEGER, visit_type INTEGER, session INTEGER, source INTEGER DEFAULT 0 NOT NULL,
          triggeringPlaceId INTEGER);
        CREATE TABLE moz_bookmarks (id INTEGER PRIMARY KEY, type INTEGER, fk INTEGER DEFAULT NULL,
          parent INTEGER, position INTEGER, title LONGVARCHAR, keyword_id INTEGER, folder_type TEXT,
          dateAdded INTEGER, lastModified INTEGER, guid TEXT, syncStatus INTEGER NOT NULL DEFAULT 0,
          syncChangeCounter INTEGER NOT NULL DEFAULT 1);
        CREATE TABLE moz_keywords (id INTEGER PRIMARY KEY AUTOINCREMENT, keyword TEXT UNIQUE,
          place_id INTEGER, post_data TEXT);
        CREATE INDEX moz_places_url_hashindex ON moz_places (url_hash);
        CREATE UNIQUE INDEX moz_places_guid_uniqueindex ON moz_places (guid);
        CREATE INDEX moz_historyvisits_placedateindex ON moz_historyvisits (place_id, visit_date);
        CREATE INDEX moz_bookmarks_itemindex ON moz_bookmarks (fk, type);
        CREATE INDEX moz_bookmarks_parentindex ON moz_bookmarks (parent, position);
        CREATE UNIQUE INDEX moz_bookmarks_guid_uniqueindex ON moz_bookmarks (guid);
        PRAGMA user_version = 77;
        """

    /// The roots as Firefox creates them (Database.cpp, `CreateBookmarkRoots`).
    static let roots: [(id: Int64, parent: Int64, position: Int64, title: String, guid: String)] = [
        (1, 0, 0, "", "root________"), (2, 1, 0, "menu", "menu________"),
        (3, 1, 1, "toolbar", "toolbar_____"),
        (4, 1, 2, "tags", "tags________"), (5, 1, 3, "unfiled", "unfiled_____"),
        (6, 1, 4, "mobile", "mobile______"),
    ]

    init(in directory: TemporaryDirectory) throws {
        file = directory.url.appending(path: "places.sqlite")
        var configuration = Configuration()
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA wal_autocheckpoint = 0") }
        writer = try DatabasePool(path: file.path, configuration: configuration)
        try writer.write { db in
            try db.execute(sql: Self.schema)
            for root in Self.roots {
                try db.execute(
                    sql: """
                        INSERT INTO moz_bookmarks (id, type, parent, position, title, dateAdded, lastModified, guid)
                        VALUES (?, 2, ?, ?, ?, 1500000000000000, 1500000000000000, ?)
                        """, arguments: [root.id, root.parent, root.position, root.title, root.guid])
            }
        }
    }

    private var nextGuid = 0

    private func guid() -> String {
        nextGuid += 1
        return String(format: "fixture%05d", nextGuid)
    }

    /// The `moz_places` row of `url`, added if need be.
    @discardableResult
    func place(_ url: String, title: String?, typed: Bool = false, hidden: Bool = false) throws -> Int64 {
        try writer.write { db in
            if let id = try Int64.fetchOne(
                db, sql: "SELECT id FROM moz_places WHERE url = ?", arguments: [url])
            {
                return id
            }
            try db.execute(
                sql: "INSERT INTO moz_places (url, title, typed, hidden, guid) VALUES (?, ?, ?, ?, ?)",
                arguments: [url, title, typed, hidden, guid()])
            return db.lastInsertedRowID
        }
    }

    /// Adds an item of `type` (1 bookmark, 2 folder, 3 separator) at the end of `parent`.
    @discardableResult
    func item(
        type: Int, parent: Int64, title: String?, url: String? = nil, added: Int64, modified: Int64
    ) throws -> Int64 {
        let fk = try url.map { try place($0, title: title) }
        let guid = guid()
        return try writer.write { db in
            let position =
                try Int64.fetchOne(
                    db, sql: "SELECT count(*) FROM moz_bookmarks WHERE parent = ?", arguments: [parent])
                ?? 0
            try db.execute(
                sql: """
                    INSERT INTO moz_bookmarks (type, fk, parent, position, title, dateAdded, lastModified, guid)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [type, fk, parent, position, title, added, modified, guid])
            return db.lastInsertedRowID
        }
    }

    func visit(_ place: Int64, at microseconds: Int64, type: Int) throws {
        try writer.write { db in
            try db.execute(
                sql:
                    "INSERT INTO moz_historyvisits (place_id, visit_date, visit_type, session) VALUES (?, ?, ?, 0)",
                arguments: [place, microseconds, type])
        }
    }
}
