import ArgumentParser
import BrainAtlas
import BrainRender

/// The scene options `render`, `pick` and `bench render` share, read through `SceneRequest.fields`
/// (the server's query reads the same table).
public struct SceneOptions: ParsableArguments {
    @OptionGroup public var data: DataOptions
    @OptionGroup public var options: FieldOptions

    public init() {}

    public static let help = FieldOptions.discussion("Scene options", SceneRequest.fields, defaults: SceneRequest())

    /// The request; `positional` arguments (pick's pixel) may be left among the options.
    public func request(command: String, positional: Int = 0) throws -> (request: SceneRequest, rest: [String]) {
        let (given, rest) = try options.given(SceneRequest.fields, positional: positional, command: command)
        return (try SceneRequest(given), rest)
    }
}
