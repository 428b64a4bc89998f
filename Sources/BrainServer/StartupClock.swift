import Logging

/// Times the server's start-up stage by stage and logs each one, so a slow start says where its
/// time goes ("start-up: atlases loaded in 1.2 s").
struct StartupClock {
    let logger: Logger
    private var last = ContinuousClock.now

    init(logger: Logger) { self.logger = logger }

    /// Logs the time since the previous stage ended, and starts the next.
    mutating func stage(_ name: String) {
        let now = ContinuousClock.now
        logger.info("start-up: \(name) in \(Self.seconds(now - last))")
        last = now
    }

    static func seconds(_ duration: Duration) -> String {
        let c = duration.components
        let seconds = Double(c.seconds) + Double(c.attoseconds) / 1e18
        return "\((seconds * 100).rounded() / 100) s"
    }
}
