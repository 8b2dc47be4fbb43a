import FlyingFox
import Foundation
import PMRender

/// `--serve PORT`: serves the output folder on 127.0.0.1 with live reload. The reload script is added
/// to HTML as it is served, never to the files written.
struct PreviewServer: Sendable {
    let folder: String
    let port: UInt16
    let version: Mutex<Int>

    /// Polls the version every second and reloads the page when a new render has been written.
    static let reloadScript = """
        <script>(function () {
          var seen = null;
          setInterval(function () {
            fetch("/__pm-render/version", { cache: "no-store" }).then(function (r) { return r.text(); }).then(function (v) {
              if (seen !== null && v !== seen) { location.reload(); }
              seen = v;
            }).catch(function () {});
          }, 1000);
        })();</script>
        """

    func run() async throws {
        // 127.0.0.1 only (`.loopback` is the IPv6 ::1, which "localhost" may not resolve to).
        let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: port))
        await server.appendRoute("GET /__pm-render/version") { _ in
            HTTPResponse(statusCode: .ok, headers: [.contentType: "text/plain", .cacheControl: "no-store"],
                         body: Data(String(version.withLock { $0 }).utf8))
        }
        let root = URL(fileURLWithPath: folder).standardizedFileURL
        await server.appendRoute("GET *") { request in
            serve(request.path, root: root)
        }
        Output.error("pm-render: serving \(folder) on http://127.0.0.1:\(port)/ with live reload")
        try await server.run()
    }

    func serve(_ path: String, root: URL) -> HTTPResponse {
        var relative = path.removingPercentEncoding ?? path
        if relative.hasSuffix("/") || relative.isEmpty { relative += "index.html" }
        var url = root.appending(path: relative).standardizedFileURL
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            url = url.appending(path: "index.html")
        }
        // Never serve anything outside the output folder.
        guard url.path.hasPrefix(root.path + "/"), let data = FileManager.default.contents(atPath: url.path) else {
            return HTTPResponse(statusCode: .notFound, headers: [.contentType: "text/plain"], body: Data("not found\n".utf8))
        }
        switch url.pathExtension {
        case "html":
            var html = String(decoding: data, as: UTF8.self)
            if let end = html.range(of: "</body>", options: .backwards) {
                html.insert(contentsOf: PreviewServer.reloadScript + "\n", at: end.lowerBound)
            }
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
                                body: Data(html.utf8))
        case "ics":
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "text/calendar; charset=utf-8"], body: data)
        default:
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/octet-stream"], body: data)
        }
    }
}
