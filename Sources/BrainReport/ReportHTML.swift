import BrainImage
import Foundation

/// What both report pages share: the document around a body, a figure, and the inline style sheet.
enum ReportHTML {
    static func document(title: String, body: String) -> String {
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>\(MarkupText.escaped(title))</title>\n"
            + "<style>\n\(style)</style></head>\n<body>\n\(body)</body></html>\n"
    }

    /// A link holding `csv` (the `clusters --csv` table) as a `data:` URI, saved as `<map file>-clusters.csv`.
    static func csvLink(file: String, csv: String) -> String {
        let name = (file as NSString).deletingPathExtension.replacingOccurrences(of: ".nii", with: "") + "-clusters.csv"
        return "<p><a download=\"\(MarkupText.escaped(name))\" href=\"data:text/csv;charset=utf-8;base64,\(Data(csv.utf8).base64EncodedString())\">"
            + "The table with every atlas as CSV</a> (the columns of <code>braintutor clusters --csv</code>).</p>\n"
    }

    static func figure(_ f: ReportFigure) -> String {
        let caption = MarkupText.escaped(f.caption)
        return "<figure><img src=\"\(f.dataURI)\" width=\"\(f.width)\" height=\"\(f.height)\" alt=\"\(caption)\"><figcaption>\(caption)</figcaption></figure>"
    }

    static let style = """
        body{font-family:"DejaVu Sans",Helvetica,Arial,sans-serif;margin:1.5em auto;max-width:1320px;padding:0 1em;color:#111;line-height:1.4}
        h1{font-size:1.5em;margin:0 0 .3em}h2{font-size:1.15em;margin:1.4em 0 .5em}
        .settings,.note{color:#444}.note{font-size:.9em}
        .views,.slices{display:flex;flex-wrap:wrap;gap:.8em}
        figure{margin:0;break-inside:avoid}figure img{max-width:100%;height:auto;display:block;border:1px solid #ddd}
        .views figure{flex:1 1 300px;max-width:640px}.slices figure{flex:0 1 auto}.slices img{height:15em;width:auto}
        figcaption{font-size:.85em;color:#444;margin-top:.2em}
        table{border-collapse:collapse;margin:.6em 0;font-size:.9em}th,td{border:1px solid #ccc;padding:.25em .5em;text-align:left;vertical-align:top}
        th{background:#f1f1f1}table.clusters td:nth-child(n+3):nth-child(-n+8){text-align:right;font-variant-numeric:tabular-nums}
        section.cluster{break-inside:avoid-page;border-top:1px solid #ccc;margin-top:1.5em}
        @media print{body{margin:0;max-width:none}a{color:inherit;text-decoration:none}}

        """
}
