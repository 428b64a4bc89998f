import AtlasBuild
import ArgumentParser
import CommandLineSupport
import BrainAtlas
import BrainQuiz
import BrainRender

/// `braintutor quiz`: a printable worksheet (images, sheet and answer key) for a seeded question set.
struct QuizCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quiz",
        abstract: "Write a quiz worksheet for teachers: numbered images, the sheet and its answer key.",
        discussion: FieldOptions.discussion("Quiz options", QuizRequest.fields, defaults: QuizRequest()))

    @OptionGroup var data: DataOptions
    @OptionGroup var gl: GLOptions
    @OptionGroup var options: FieldOptions
    @Option(help: "md (worksheet.md beside the images) or html (one printable page, images embedded).") var format = "md"
    @Option(help: ArgumentHelp("Folder to write into (created if missing).", valueName: "dir")) var out: String

    func run() throws {
        try CommandOutput.run {
            try OutputFile.checkFolder(out)
            guard let format = QuizWorksheet.Format(rawValue: format.lowercased()) else {
                throw FieldError("format", value: format, "is not md or html")
            }
            let library = try data.library()
            let request = try QuizRequest(try options.given(QuizRequest.fields, command: "quiz").given, library: library)
            let progress = BuildProgress()
            let answers = try QuizWorksheet.write(request, format: format, out: out, library: library, backend: gl.choice) { progress.step($0) }
            print("wrote \(answers.files.count) files to \(out): \(answers.quiz.questions.count) questions "
                  + "(\(request.atlas), \(request.mode.rawValue), seed \(request.seed))")
        }
    }
}
