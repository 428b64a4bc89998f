import AtlasBuild
import ArgumentParser
import BrainAtlas
import BrainRender

/// `braintutor quiz`: a printable worksheet (images, sheet and answer key) for a seeded question set.
struct QuizCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quiz",
        abstract: "Write a quiz worksheet for teachers: numbered images, the sheet and its answer key.")

    @OptionGroup var data: DataOptions
    @OptionGroup var gl: GLOptions
    @Option(help: "Atlas the questions come from (any case).") var atlas = "gyri"
    @Option(parsing: .unconditional, help: "Number of questions, \(QuizRequest.countRange.lowerBound)…\(QuizRequest.countRange.upperBound).")
    var count = "10"
    @Option(parsing: .unconditional, help: "Seed: the same seed gives the same questions (0…\(UInt32.max)).") var seed = "1"
    @Option(help: "find (numbered markers on one figure per view) or name (one highlighted image per question, 4 choices).")
    var mode = "find"
    @Option(help: "left, right or both (each question its own side).") var hemi = "left"
    @Option(help: ArgumentHelp("Region ids asked first, comma-separated.", valueName: "ids")) var review: String?
    @Option(help: "md (worksheet.md beside the images) or html (one printable page, images embedded).") var format = "md"
    @Option(help: ArgumentHelp("Folder to write into (created if missing).", valueName: "dir")) var out: String

    func run() throws {
        try CommandOutput.run {
            try OutputFile.checkFolder(out)
            guard let format = QuizWorksheet.Format(rawValue: format.lowercased()) else {
                throw FieldError("format", value: format, "is not md or html")
            }
            let library = try data.library()
            var fields = QuizRequest.Fields()
            (fields.atlas, fields.count, fields.seed, fields.mode, fields.hemi, fields.review) = (atlas, count, seed, mode, hemi, review)
            let request = try QuizRequest(fields, library: library)
            let progress = BuildProgress()
            let answers = try QuizWorksheet.write(request, format: format, out: out, library: library) { progress.step($0) }
            print("wrote \(answers.files.count) files to \(out): \(answers.quiz.questions.count) questions "
                  + "(\(request.atlas), \(request.mode.rawValue), seed \(request.seed))")
        }
    }
}
