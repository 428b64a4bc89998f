import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import BrainServer

/// Overload and shutdown: a full queue answers 503 with a message (never 500, never a hang),
/// cached scenes answer picks without queueing, and cancelling the server stops it cleanly.
@Suite(.serialized) struct LoadLimitTests {
    @Test func aFullQueueAnswers503() async throws {
        let server = try await TestServer.start { options in
            options.workers = 1
            options.queueCapacity = 1
        }
        defer { server.task.cancel() }
        // A scene drawn before the rush: its picks must not need the worker later.
        #expect(try await server.get("/api/render?w=300&h=200").status == 200)
        // Distinct sizes: each is a new scene, so each needs the single worker.
        let results = try await withThrowingTaskGroup(of: (isPick: Bool, status: Int, message: String?).self) { group in
            for i in 0..<24 {
                group.addTask {
                    let reply = try await server.get("/api/render?w=\(700 + i)&h=\(500 + i)")
                    return (false, reply.status, reply.errorMessage)
                }
                group.addTask {
                    let reply = try await server.get("/api/pick?w=300&h=200&x=\(100 + i)&y=100")
                    return (true, reply.status, reply.errorMessage)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let renders = results.filter { !$0.isPick }
        #expect(renders.contains { $0.status == 200 })
        let refused = renders.filter { $0.status == 503 }
        #expect(!refused.isEmpty)
        #expect(refused.allSatisfy { $0.message?.contains("queue full") == true })
        #expect(renders.allSatisfy { $0.status == 200 || $0.status == 503 })
        #expect(results.filter(\.isPick).allSatisfy { $0.status == 200 })
        #expect(try await server.get("/healthz").status == 200)
    }

    @Test func a503BurstLeavesCachedScenesCached() async throws {
        let server = try await TestServer.start { options in
            options.workers = 1
            options.queueCapacity = 1
            options.cacheBytes = 1 << 20  // the 300×200 scene fits; the burst's 700×500 scenes do not
        }
        defer { server.task.cancel() }
        #expect(try await server.get("/api/render?w=300&h=200").status == 200)
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for i in 0..<24 {
                group.addTask { try await server.get("/api/render?w=\(700 + i)&h=\(500 + i)").status }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses.contains(503))
        #expect(statuses.allSatisfy { $0 == 200 || $0 == 503 })
        let before = try await server.health()
        #expect(try await server.get("/api/pick?w=300&h=200&x=150&y=100").status == 200)
        #expect(try await server.get("/api/render?w=300&h=200").status == 200)
        let after = try await server.health()
        // Both answered from the cache: two hits, no miss, so no GL work.
        #expect((after["cacheHits"] as? Int ?? 0) - (before["cacheHits"] as? Int ?? 0) == 2)
        #expect(after["cacheMisses"] as? Int == before["cacheMisses"] as? Int)
    }

    @Test func aSlowRenderAnswers503AtItsDeadline() async throws {
        let server = try await TestServer.start { options in
            options.workers = 1
            options.requestTimeout = .milliseconds(1)  // no scene draws that fast
        }
        defer { server.task.cancel() }
        let reply = try await server.get("/api/render?w=2000&h=1500&view=superior")
        #expect(reply.status == 503)
        #expect(reply.header("Retry-After") == "1")
        #expect(reply.errorMessage?.contains("longer than") == true, "\(reply.errorMessage ?? "")")
        #expect(try await server.get("/healthz").status == 200)
    }

    @Test func idleConnectionsAreClosed() async throws {
        let server = try await TestServer.start { options in options.idleTimeout = .milliseconds(300) }
        defer { server.task.cancel() }
        // A client that connects and sends nothing: the server hangs up after the idle timeout.
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #expect(fd >= 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(server.port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        #expect(connected == 0)
        var wait = timeval(tv_sec: 10, tv_usec: 0)  // a hang would fail the test, not stall it
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        let start = ContinuousClock.now
        var byte: UInt8 = 0
        let received = recv(fd, &byte, 1, 0)
        #expect(received == 0, "the server did not close the idle connection")  // 0: orderly close
        #expect(ContinuousClock.now - start < .seconds(9))
    }

    @Test func cancellingTheServerStopsItGracefully() async throws {
        let server = try await TestServer.start()
        #expect(try await server.get("/healthz").status == 200)
        server.task.cancel()
        try? await server.task.value  // returns once the server has shut down
        await #expect(throws: (any Error).self) { _ = try await server.get("/healthz") }
    }
}
