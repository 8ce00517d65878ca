import FoundationEssentials
@_spi(Tools) import RefreshFiles
import RefreshGif
import RefreshImage
import RefreshLocking
import RefreshModel

#if canImport(Glibc)
    import Glibc
#endif

/// A snapshot report people open in a browser: one static `index.html` (no network, pictures
/// as files beside it) listing every case, failures first, with expected, actual and diff
/// side by side, a swipe slider, an onion skin, zoom to device pixels, the scene and the command
/// that re-records it. It works from the file system and without JavaScript for the basic view.
package struct HTMLReport {
    /// How a case ended.
    package enum Status: String, Sendable, CaseIterable, Codable {
        case error, failed, new, recorded, passed

        /// Sort order: what needs a person first.
        var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }
        var label: String {
            switch self {
            case .error: return "Error"
            case .failed: return "Failed"
            case .new: return "New"
            case .recorded: return "Recorded"
            case .passed: return "Passed"
            }
        }
    }

    /// One case.
    package struct Entry: Sendable, Codable {
        package var name: String
        package var status: Status
        package var differingPixels: Int?
        package var totalPixels: Int?
        package var message: String
        /// Paths of the pictures, when there are some.
        package var expected: String?
        package var actual: String?
        package var diff: String?
        /// The scene's settings as JSON text, when known.
        package var scene: String?
        /// The command (or environment) that records this case again.
        package var rerecord: String?
        /// For an animation: how its pictures are grids of frames, so the page can step
        /// through them one frame at a time.
        package var grid: Grid?

        /// `count` frames of `width × height` px, `columns` a row.
        package typealias Grid = FrameGrid.Layout

        package init(
            name: String, status: Status, differingPixels: Int? = nil, totalPixels: Int? = nil, message: String,
            expected: String? = nil, actual: String? = nil, diff: String? = nil, scene: String? = nil, rerecord: String? = nil
        ) {
            self.name = name
            self.status = status
            self.differingPixels = differingPixels
            self.totalPixels = totalPixels
            self.message = message
            self.expected = expected
            self.actual = actual
            self.diff = diff
            self.scene = scene
            self.rerecord = rerecord
        }
    }

    package var title: String
    package var entries: [Entry]

    package init(title: String, entries: [Entry]) {
        self.title = title
        self.entries = entries
    }

    /// Adds `entry` to the report kept in `folder` (`report.json`, one entry per case name,
    /// the latest winning) and writes the page again: what the Swift snapshot helper does after
    /// each failing assertion.
    package static func add(_ entry: Entry, title: String, in folder: String) throws {
        try update(folder, title: title) { entries in
            entries.removeAll { $0.name == entry.name }
            entries.append(entry)
        }
    }

    /// Takes the entry named `name` out of the report kept in `folder` (a snapshot that now
    /// passes): the page is written again without it, or removed with its log when it was the
    /// last, so no stale failure stays on show.
    package static func remove(named name: String, title: String, from folder: String) throws {
        guard FileManager.default.fileExists(atPath: folder + "/report.json") else { return }
        try update(folder, title: title) { entries in entries.removeAll { $0.name == name } }
    }

    private static func update(_ folder: String, title: String, _ change: (inout [Entry]) -> Void) throws {
        try lock.withLock { _ in
            let log = folder + "/report.json"
            var entries = (FileManager.default.contents(atPath: log)).flatMap { try? JSONDecoder().decode([Entry].self, from: $0) } ?? []
            let before = entries
            change(&entries)
            // Only what the report wrote goes: the pictures of the entries taken out (by the
            // names it gives them), then, when none is left, the page, the log and the pictures'
            // folder if nothing else is in it (docs/robustness.md, "Folders we write into").
            let kept = Set(entries.map(\.name))
            // Pictures only in a real `images` folder: never through a link to another.
            var images = stat()
            let ownImages = lstat(folder + "/images", &images) == 0 && (images.st_mode & S_IFMT) == S_IFDIR
            for gone in before where ownImages && !kept.contains(gone.name) {
                for suffix in ["expected", "actual", "diff"] {
                    Self.removeOwnFile(folder + "/images/" + Self.fileName(gone.name) + "." + suffix + ".png")
                }
            }
            if entries.isEmpty {
                if !before.isEmpty {
                    Self.removeOwnFile(log)
                    Self.removeOwnFile(folder + "/index.html")
                    _ = rmdir(folder + "/images")
                }
                return
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try FileIO.makeDirectory(folder)
            try FileIO.writeArtifact(Array(try encoder.encode(entries)), to: log)
            try HTMLReport(title: title, entries: entries).write(to: folder)
        }
    }

    private static let lock = Locked(())

    /// Removes a file the report wrote: a plain file only, never what a link points to.
    private static func removeOwnFile(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return }
        _ = unlink(path)
    }

    /// Writes `index.html` into `folder`, with the pictures copied into `folder/images`.
    package func write(to folder: String) throws {
        try FileIO.makeDirectory(folder + "/images")
        var page = entries.sorted { ($0.status.rank, $0.name) < ($1.status.rank, $1.name) }
        for index in page.indices {
            for (key, suffix) in [(\Entry.expected, "expected"), (\Entry.actual, "actual"), (\Entry.diff, "diff")] {
                guard let source = page[index][keyPath: key], FileManager.default.fileExists(atPath: source) else {
                    page[index][keyPath: key] = nil
                    continue
                }
                let name = "images/" + Self.fileName(page[index].name) + "." + suffix + ".png"
                try FileIO.writeArtifact(FileIO.read(source), to: folder + "/" + name)
                page[index][keyPath: key] = name
            }
        }
        try FileIO.writeArtifact(Array(html(page).utf8), to: folder + "/index.html")
    }

    static func fileName(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." ? $0 : "_" })
    }

    /// `text` with HTML's special characters escaped and control characters (but line ends
    /// and tabs) written as numbered references.
    static func escape(_ text: String) -> String {
        let table: [Unicode.Scalar: String] = ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;"]
        return TextEscape.escaped(text, table) { $0.value < 0x20 && $0 != "\n" && $0 != "\t" ? "&#\($0.value);" : nil }
    }

    func html(_ page: [Entry]) -> String {
        let counts = Dictionary(grouping: page, by: \.status).mapValues(\.count)
        let summary = Status.allCases.compactMap { status in counts[status].map { "\($0) \(status.label.lowercased())" } }
            .joined(separator: ", ")
        let filters = (["all"] + Status.allCases.filter { counts[$0] != nil }.map(\.rawValue)).map { value in
            let label =
                value == "all"
                ? "All (\(page.count))" : "\(Status(rawValue: value)?.label ?? value) (\(counts[Status(rawValue: value) ?? .passed] ?? 0))"
            return
                "<label><input type=\"radio\" name=\"filter\" id=\"filter-\(value)\" value=\"\(value)\"\(value == "all" ? " checked" : "")> \(label)</label>"
        }.joined(separator: "\n        ")
        let filterCSS = Status.allCases.map { status in
            "body:has(#filter-\(status.rawValue):checked) .case:not([data-status=\"\(status.rawValue)\"]) { display: none; }"
        }.joined(separator: "\n")
        let items = page.map(entryHTML).joined(separator: "\n")
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <title>\(Self.escape(title))</title>
            <style>
            :root { --bg: #f2f2f7; --card: #fff; --text: #1c1c1e; --muted: #6c6c70; --line: #d1d1d6;
                    --failed: #c9302c; --error: #a0522d; --new: #8a6d00; --passed: #2e7d32; --recorded: #2b6cb0; --zoom: 1; }
            @media (prefers-color-scheme: dark) {
              :root { --bg: #000; --card: #1c1c1e; --text: #f2f2f7; --muted: #a1a1a6; --line: #3a3a3c;
                      --failed: #ff6961; --error: #e59866; --new: #ffd60a; --passed: #63d471; --recorded: #64a8ff; }
            }
            body { margin: 0; font: 15px/1.45 system-ui, sans-serif; background: var(--bg); color: var(--text); }
            header { padding: 16px 24px; border-bottom: 1px solid var(--line); position: sticky; top: 0; background: var(--bg); z-index: 1; }
            h1 { font-size: 20px; margin: 0 0 4px; }
            fieldset { border: 0; padding: 0; margin: 8px 0 0; display: flex; flex-wrap: wrap; gap: 12px; }
            main { padding: 16px 24px; }
            ol { list-style: none; padding: 0; margin: 0; display: grid; gap: 16px; }
            .case { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 12px 16px; }
            .case:focus { outline: 3px solid var(--recorded); }
            .case h2 { font-size: 16px; margin: 0; display: flex; gap: 10px; align-items: baseline; }
            .badge { font-size: 12px; font-weight: 600; text-transform: uppercase; letter-spacing: .04em; }
            .case[data-status="failed"] .badge { color: var(--failed); } .case[data-status="error"] .badge { color: var(--error); }
            .case[data-status="new"] .badge { color: var(--new); } .case[data-status="passed"] .badge { color: var(--passed); }
            .case[data-status="recorded"] .badge { color: var(--recorded); }
            .message { color: var(--muted); margin: 4px 0 8px; overflow-wrap: anywhere; }
            .pictures { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start; }
            figure { margin: 0; } figcaption { font-size: 12px; color: var(--muted); }
            .pictures img, .stack img { image-rendering: pixelated; width: calc(var(--w) * 1px * var(--zoom) / 2); height: auto;
                                        background: repeating-conic-gradient(#ccc 0 25%, #fff 0 50%) 0 0 / 16px 16px; display: block; }
            .tools { display: none; gap: 16px; flex-wrap: wrap; margin: 8px 0; align-items: center; }
            .js .tools { display: flex; }
            .stack { position: relative; display: none; margin-top: 8px; }
            .js .stack { display: inline-block; }
            .stack img + img { position: absolute; left: 0; top: 0; }
            .stack.swipe img + img { clip-path: inset(0 0 0 var(--cut, 50%)); }
            .stack.onion img + img { opacity: var(--opacity, .5); }
            .frames canvas { image-rendering: pixelated; width: calc(var(--zoom) * 50%); max-width: 32%; height: auto; }
            details { margin-top: 8px; } pre { overflow: auto; background: var(--bg); padding: 8px; border-radius: 6px; }
            code { overflow-wrap: anywhere; }
            \(filterCSS)
            </style>
            </head>
            <body>
            <header>
              <h1>\(Self.escape(title))</h1>
              <p id="summary">\(Self.escape(summary))</p>
              <fieldset aria-label="Show">
                \(filters)
              </fieldset>
              <p class="tools" id="keys">Keys: <kbd>n</kbd> next failure, <kbd>p</kbd> previous.
                <label>Zoom <select id="zoom"><option value="1" selected>1× (points at @2x)</option><option value="2">2× (device pixels at @2x)</option>
                <option value="4">4×</option><option value="8">8×</option></select></label></p>
            </header>
            <main>
            <ol id="cases">
            \(items)
            </ol>
            </main>
            <footer><p class="tools">refresh-render \(RefreshGifVersion.current)</p></footer>
            <script>
            \(Self.script)
            </script>
            </body>
            </html>

            """
    }

    func entryHTML(_ entry: Entry) -> String {
        let id = "case-" + Self.fileName(entry.name)
        var pixels = ""
        if let count = entry.differingPixels, let total = entry.totalPixels, total > 0 {
            pixels =
                "<p class=\"pixels\"><span data-pixels=\"\(count)\">\(count)</span> of \(total) pixels differ ("
                + CFormat.fixed(Double(count) / Double(total) * 100, 3) + " %)</p>"
        }
        var pictures = ""
        let figures = [("Expected", entry.expected), ("Actual", entry.actual), ("Diff", entry.diff)].compactMap { label, path in
            path.map {
                "<figure><img src=\"\(Self.escape($0))\" alt=\"\(label) picture of \(Self.escape(entry.name))\" data-role=\"\(label.lowercased())\"><figcaption>\(label)</figcaption></figure>"
            }
        }
        if !figures.isEmpty { pictures = "<div class=\"pictures\">" + figures.joined() + "</div>" }
        var tools = ""
        if let expected = entry.expected, let actual = entry.actual, entry.status == .failed {
            let e = Self.escape(expected), a = Self.escape(actual)
            tools = """
                <div class="tools"><label>Swipe <input type="range" class="swipe-range" min="0" max="100" value="50" aria-label="Swipe between expected and actual"></label>
                <label>Onion skin <input type="range" class="onion-range" min="0" max="100" value="50" aria-label="Opacity of actual over expected"></label></div>
                <div class="stack swipe"><img src="\(e)" alt="Expected (swipe)"><img src="\(a)" alt="Actual (swipe)"></div>
                <div class="stack onion"><img src="\(e)" alt="Expected (onion skin)"><img src="\(a)" alt="Actual (onion skin)"></div>
                """
            if let grid = entry.grid, grid.count > 1 {
                // One frame at a time from the grids (drawn by the script; without it the grids show).
                tools += """
                    <div class="tools frames" data-columns="\(grid.columns)" data-count="\(grid.count)" data-width="\(grid.width)" data-height="\(grid.height)">
                    <label>Frame <input type="number" class="frame-step" min="0" max="\(grid.count - 1)" value="0" aria-label="Frame of the animation to compare"></label>
                    <canvas data-role="expected" aria-label="Expected frame"></canvas><canvas data-role="actual" aria-label="Actual frame"></canvas><canvas data-role="diff" aria-label="Diff of the frame"></canvas></div>
                    """
            }
        }
        let scene = entry.scene.map { "<details><summary>Scene</summary><pre>\(Self.escape($0))</pre></details>" } ?? ""
        let rerecord = entry.rerecord.map { "<p>Record again: <code>\(Self.escape($0))</code></p>" } ?? ""
        return """
            <li class="case" id="\(id)" data-status="\(entry.status.rawValue)" tabindex="-1"><article>
              <h2>\(Self.escape(entry.name)) <span class="badge">\(entry.status.label)</span></h2>
              \(pixels)<p class="message">\(Self.escape(entry.message))</p>
              \(pictures)
              \(tools)
              \(scene)
              \(rerecord)
            </article></li>
            """
    }

    /// The comparison widgets, keyboard navigation and zoom; a `#selftest` URL runs a check of
    /// the page (images loaded, the swipe slider moves) and writes it to `data-selftest`.
    static let script = """
        document.documentElement.classList.add('js');
        document.body.classList.add('js');
        const setWidth = img => { if (img.naturalWidth) img.style.setProperty('--w', img.naturalWidth); };
        for (const img of document.images) { if (img.complete) setWidth(img); else img.addEventListener('load', () => setWidth(img)); }
        for (const range of document.querySelectorAll('.swipe-range')) {
          range.addEventListener('input', () => range.closest('article').querySelector('.stack.swipe').style.setProperty('--cut', range.value + '%'));
        }
        for (const step of document.querySelectorAll('.frame-step')) {
          const box = step.closest('.frames'), article = step.closest('article');
          const show = () => {
            const d = box.dataset, i = Math.max(0, Math.min(+d.count - 1, +step.value || 0));
            const x = (i % +d.columns) * +d.width, y = Math.floor(i / +d.columns) * +d.height;
            for (const canvas of box.querySelectorAll('canvas')) {
              const img = article.querySelector('.pictures img[data-role="' + canvas.dataset.role + '"]');
              canvas.width = +d.width; canvas.height = +d.height;
              if (img && img.complete) canvas.getContext('2d').drawImage(img, x, y, +d.width, +d.height, 0, 0, +d.width, +d.height);
            }
            box.dataset.shown = i;
          };
          step.addEventListener('input', show);
          for (const img of article.querySelectorAll('.pictures img')) img.addEventListener('load', show);
          show();
        }
        for (const range of document.querySelectorAll('.onion-range')) {
          range.addEventListener('input', () => range.closest('article').querySelector('.stack.onion').style.setProperty('--opacity', range.value / 100));
        }
        const zoom = document.getElementById('zoom');
        const applyZoom = () => document.documentElement.style.setProperty('--zoom', zoom.value);
        zoom.addEventListener('change', applyZoom); applyZoom();
        for (const radio of document.querySelectorAll('input[name=filter]')) {
          radio.addEventListener('change', () => document.body.dataset.filter = radio.value);
        }
        const failures = () => [...document.querySelectorAll('.case[data-status=failed], .case[data-status=error], .case[data-status=new]')]
          .filter(c => c.offsetParent !== null);
        let current = -1;
        document.addEventListener('keydown', event => {
          if (event.target.closest && event.target.closest('input, select')) return;
          const list = failures(); if (!list.length) return;
          if (event.key === 'n') current = (current + 1) % list.length; else if (event.key === 'p') current = (current - 1 + list.length) % list.length; else return;
          list[current].focus(); list[current].scrollIntoView({block: 'start'});
        });
        if (location.hash === '#selftest') {
          Promise.all([...document.images].map(img => img.decode().then(() => true, () => false))).then(results => {
            const range = document.querySelector('.swipe-range');
            let slider = 'absent';
            if (range) {
              const stack = range.closest('article').querySelector('.stack.swipe');
              range.value = 20; range.dispatchEvent(new Event('input'));
              const cut = getComputedStyle(stack).getPropertyValue('--cut').trim();
              const top = stack.querySelector('img + img');
              slider = cut === '20%' && getComputedStyle(top).clipPath.includes('20%') ? 'moved' : 'stuck:' + cut;
            }
            const order = [...document.querySelectorAll('.case')].map(c => c.dataset.status);
            // The filter is CSS alone (it works with scripting off): check "Failed" without events.
            const failedRadio = document.getElementById('filter-failed');
            let filter = 'absent';
            if (failedRadio) {
              failedRadio.checked = true;
              const shown = [...document.querySelectorAll('.case')].filter(c => getComputedStyle(c).display !== 'none').map(c => c.dataset.status);
              filter = shown.every(s => s === 'failed') && shown.length === order.filter(s => s === 'failed').length ? 'css' : 'broken:' + shown;
              document.getElementById('filter-all').checked = true;
            }
            document.body.dataset.selftest = JSON.stringify({images: results.length, loaded: results.filter(Boolean).length, slider, order, filter});
          });
        }
        """
}
