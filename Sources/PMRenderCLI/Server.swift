import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
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

    /// What one request gets.
    struct Response: Equatable {
        var status: HTTPResponseStatus
        var contentType: String
        var body: [UInt8]
        /// Pages and the version change with every render: never cached.
        var noStore = false
    }

    typealias Connection = NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>

    func run() async throws {
        // 127.0.0.1 only (`::1` is what "localhost" may resolve to, and it is not listened on).
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: "127.0.0.1", port: Int(port)) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    return try Connection(wrappingChannelSynchronously: channel)
                }
            }
        Output.error("pm-render: serving \(folder) on http://127.0.0.1:\(port)/ with live reload")
        let root = URL(fileURLWithPath: folder).standardizedFileURL
        // A discarding group: finished connections are not kept.
        try await withThrowingDiscardingTaskGroup { group in
            try await listener.executeThenClose { connections in
                for try await connection in connections {
                    group.addTask { await answer(connection, root: root) }
                }
            }
        }
    }

    /// Answers the requests of one connection until the client closes it or asks to.
    private func answer(_ connection: Connection, root: URL) async {
        // A broken connection is the client's business; the server goes on.
        try? await connection.executeThenClose { requests, responses in
            var head: HTTPRequestHead?
            for try await part in requests {
                switch part {
                case .head(let request):
                    head = request
                case .body:
                    continue
                case .end:
                    guard let request = head else { continue }
                    head = nil
                    let response = respond(to: request.method, uri: request.uri, root: root)
                    var headers = HTTPHeaders([("Content-Type", response.contentType), ("Content-Length", String(response.body.count))])
                    if response.noStore { headers.add(name: "Cache-Control", value: "no-store") }
                    try await responses.write(.head(HTTPResponseHead(version: request.version, status: response.status, headers: headers)))
                    if request.method != .HEAD { try await responses.write(.body(.byteBuffer(ByteBuffer(bytes: response.body)))) }
                    try await responses.write(.end(nil))
                    if !request.isKeepAlive { return }
                }
            }
        }
    }

    /// The response to `method uri`: the live-reload version, or a file of the output folder.
    func respond(to method: HTTPMethod, uri: String, root: URL) -> Response {
        guard method == .GET || method == .HEAD else {
            return Response(status: .methodNotAllowed, contentType: "text/plain", body: Array("method not allowed\n".utf8))
        }
        let path = String(uri.prefix { $0 != "?" && $0 != "#" })
        if path == "/__pm-render/version" {
            return Response(status: .ok, contentType: "text/plain", body: Array(String(version.withLock { $0 }).utf8), noStore: true)
        }
        return serve(path, root: root)
    }

    func serve(_ path: String, root: URL) -> Response {
        var relative = path.removingPercentEncoding ?? path
        if relative.hasSuffix("/") || relative.isEmpty { relative += "index.html" }
        var url = root.appending(path: relative).standardizedFileURL
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            url = url.appending(path: "index.html")
        }
        // Never serve anything outside the output folder.
        guard url.path.hasPrefix(root.path + "/"), let data = FileManager.default.contents(atPath: url.path) else {
            return Response(status: .notFound, contentType: "text/plain", body: Array("not found\n".utf8))
        }
        switch url.pathExtension {
        case "html":
            var html = String(decoding: data, as: UTF8.self)
            if let end = html.range(of: "</body>", options: .backwards) {
                html.insert(contentsOf: PreviewServer.reloadScript + "\n", at: end.lowerBound)
            }
            return Response(status: .ok, contentType: "text/html; charset=utf-8", body: Array(html.utf8), noStore: true)
        case "ics":
            return Response(status: .ok, contentType: "text/calendar; charset=utf-8", body: Array(data))
        default:
            return Response(status: .ok, contentType: "application/octet-stream", body: Array(data))
        }
    }
}
