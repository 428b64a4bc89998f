import BrainAtlas
import BrainImage
import BrainRender
import Foundation

/// The worksheet's text: the sheet (Markdown, or one printable HTML page with the images
/// embedded and the key on its own page) and the answer key in Markdown.
enum WorksheetText {
    static let letters = ["A", "B", "C", "D", "E", "F"]

    static func title(_ quiz: Quiz) -> String {
        let side = quiz.hemi == .both ? "both hemispheres" : "\(quiz.hemi.rawValue) hemisphere"
        return "Brain quiz: \(quiz.atlas), \(side) (\(quiz.mode == .name ? "name it" : "find it"), seed \(quiz.seed))"
    }

    static func instructions(_ quiz: Quiz) -> String {
        quiz.mode == .name
            ? "Each picture shows one region in colour. Circle the letter of its name."
            : "Each figure shows numbered markers. Write the name of the region under each marker."
    }

    /// Region names as a student reads them (the side only when both sides are asked).
    static func label(_ region: Region, _ quiz: Quiz) -> String {
        quiz.hemi == .both ? region.displayName : region.name
    }

    /// Find mode's word bank: the answers' names in alphabetical order (giving nothing away).
    static func wordBank(_ quiz: Quiz) -> [String] {
        Array(Set(quiz.questions.map { label($0.answer, quiz) })).sorted()
    }

    static func markdown(_ a: WorksheetQuiz) -> String {
        let quiz = a.quiz
        var out = "# \(title(quiz))\n\nName: ______________________\n\n\(instructions(quiz))\n\n"
        if quiz.mode == .name {
            for (q, place) in zip(quiz.questions, a.placements) {
                out += "## \(q.number).\n\n![Question \(q.number)](\(place.file))\n\n"
                for (i, choice) in q.choices.enumerated() { out += "- \(letters[i])) \(label(choice, quiz))\n" }
                out += "\n"
            }
        } else {
            for file in orderedFiles(a) { out += "![\(file)](\(file))\n\n" }
            for q in quiz.questions { out += "\(q.number). ______________________\n" }
            out += "\nWord bank: " + wordBank(quiz).joined(separator: " · ") + "\n"
        }
        return out
    }

    static func answerKey(_ a: WorksheetQuiz) -> String {
        let quiz = a.quiz
        var out = "# Answer key: \(title(quiz))\n\n| # | answer | letter | view | file |\n|---|---|---|---|---|\n"
        for (q, place) in zip(quiz.questions, a.placements) {
            let letter = q.choices.firstIndex(of: q.answer).map { letters[$0] } ?? "–"
            out += "| \(q.number) | \(q.answer.displayName) | \(letter) | \(q.view.name.rawValue) \(q.view.hemi.rawValue) | \(place.file) |\n"
        }
        return out
    }

    /// One page to print: questions first, the key after a page break; images as data URLs.
    static func html(_ a: WorksheetQuiz, images: [QuizWorksheet.Image]) -> String {
        let quiz = a.quiz
        var data: [String: String] = [:]
        for image in images { data[image.name] = "data:image/png;base64," + Data(image.png).base64EncodedString() }
        var body = "<h1>\(escape(title(quiz)))</h1>\n<p>Name: ______________________</p>\n<p>\(escape(instructions(quiz)))</p>\n"
        if quiz.mode == .name {
            for (q, place) in zip(quiz.questions, a.placements) {
                body += "<section class=\"question\"><h2>\(q.number).</h2><img src=\"\(data[place.file] ?? "")\" alt=\"Question \(q.number)\">\n<ol type=\"A\">"
                for choice in q.choices { body += "<li>\(escape(label(choice, quiz)))</li>" }
                body += "</ol></section>\n"
            }
        } else {
            for file in orderedFiles(a) { body += "<figure><img src=\"\(data[file] ?? "")\" alt=\"\(escape(file))\"></figure>\n" }
            body += "<ol class=\"blanks\">" + quiz.questions.map { _ in "<li>______________________</li>" }.joined() + "</ol>\n"
            body += "<p><b>Word bank:</b> " + wordBank(quiz).map(escape).joined(separator: " · ") + "</p>\n"
        }
        body += "<section class=\"key\"><h1>Answer key</h1><ol>"
        for q in quiz.questions {
            let letter = q.choices.firstIndex(of: q.answer).map { " (\(letters[$0]))" } ?? ""
            body += "<li>\(escape(q.answer.displayName))\(letter)</li>"
        }
        body += "</ol></section>\n"
        let style = """
            body{font-family:"DejaVu Sans",sans-serif;margin:1.5cm;color:#111}
            img{max-width:100%;height:auto}
            .question{break-inside:avoid;page-break-inside:avoid;margin-bottom:1em}
            figure{margin:0 0 1em 0;break-inside:avoid}
            .blanks li{margin:.6em 0}
            .key{page-break-before:always;break-before:page}
            """
        return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>\(escape(title(quiz)))</title>\n<style>\n\(style)\n</style></head>\n<body>\n\(body)</body></html>\n"
    }

    static func orderedFiles(_ a: WorksheetQuiz) -> [String] {
        var files: [String] = []
        for p in a.placements where !files.contains(p.file) { files.append(p.file) }
        return files
    }

    static func escape(_ text: String) -> String { MarkupText.escaped(text) }
}

typealias WorksheetQuiz = QuizWorksheet.Answers
